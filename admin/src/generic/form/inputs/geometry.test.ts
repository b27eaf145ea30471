import { describe, expect, it } from 'vitest';
import { asGeometry, boundsOf, centreOf, firstPosition, newGeometry, newRing } from './geometry';

describe('geometry editor values', () => {
  it('starts a type from the position the user already has', () => {
    expect(newGeometry('Point', [4.9, 52.37])).toEqual({ type: 'Point', coordinates: [4.9, 52.37] });
    expect(newGeometry('LineString', [4.9, 52.37]).coordinates).toHaveLength(2);
    expect(newGeometry('Polygon', [4.9, 52.37]).coordinates).toEqual([[[4.9, 52.37], [4.9, 52.37], [4.9, 52.37], [4.9, 52.37]]]);
    expect(newRing([1, 2])).toHaveLength(4);
    expect(firstPosition({ type: 'Polygon', coordinates: [[[5, 6], [0, 0], [0, 0], [5, 6]]] })).toEqual([5, 6]);
    expect(firstPosition(null)).toBeUndefined();
  });

  it('shows only the geometries it knows', () => {
    expect(asGeometry(null)).toBeNull();
    expect(asGeometry({ type: 'Circle', coordinates: [] })).toBeNull();
    expect(asGeometry({ type: 'Point', coordinates: [1, 2] })).toEqual({ type: 'Point', coordinates: [1, 2] });
  });
});

describe('where new geometry starts (issue 39)', () => {
  it('is the middle of the company\'s located places, never 0,0', () => {
    const bounds = boundsOf([{ type: 'Point', coordinates: [4.9, 52.3] }, { type: 'Polygon', coordinates: [[[5.1, 52.5], [5, 52.4], [0, 0], [5.1, 52.5]]] }]);
    expect(bounds).toEqual([[4.9, 52.3], [5.1, 52.5]]);
    expect(centreOf(bounds!)).toEqual([5, 52.4]);
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([{ type: 'Point', coordinates: [0, 0] }])).toBeNull();
  });
});
