import { describe, expect, it } from 'vitest';
import { normaliseMobile, normaliseTablet, onlyKnown, place, swap } from './layout-slots';

describe('layout slots', () => {
  it('mobile: removes emptied slots and keeps one empty slot at the end', () => {
    expect(normaliseMobile(['a', '', 'b'])).toEqual(['a', 'b', '']);
    expect(normaliseMobile([])).toEqual(['']);
    expect(place('mobile', ['a', 'b', ''], 2, 'c')).toEqual(['a', 'b', 'c', '']);
    expect(place('mobile', ['a', 'b', ''], 0, '')).toEqual(['b', '']);
  });

  it('tablet: keeps at least 24 slots and empties instead of removing', () => {
    expect(normaliseTablet(['a'])).toHaveLength(24);
    expect(normaliseTablet(Array(30).fill(''))).toHaveLength(30);
    const slots = place('tablet', normaliseTablet(['a', 'b']), 0, '');
    expect(slots.slice(0, 2)).toEqual(['', 'b']);
    expect(slots).toHaveLength(24);
  });

  it('moves a product that is placed again, and swaps slots', () => {
    expect(place('tablet', normaliseTablet(['a', 'b']), 5, 'a').slice(0, 6)).toEqual(['', 'b', '', '', '', 'a']);
    expect(swap('tablet', normaliseTablet(['a', 'b']), 0, 1).slice(0, 2)).toEqual(['b', 'a']);
    expect(swap('mobile', ['a', 'b', ''], 0, 2)).toEqual(['b', 'a', '']);
  });

  it('drops products the merchant no longer has', () => {
    expect(onlyKnown('mobile', ['a', 'x', ''], new Set(['a']))).toEqual(['a', '']);
  });
});
