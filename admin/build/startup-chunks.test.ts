import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { modulesByMoment, sharedByMost, sharedByMostOfKind } from './startup-chunks';

const chunk = (fileName: string, moduleIds: string[]) => ({ fileName, moduleIds, imports: [] }) as unknown as Rolldown.OutputChunk;

describe('chunks by the moment of a visit that needs them', () => {
  const react = chunk('react.js', ['/react.js', '\0rolldown/runtime.js']);
  const button = chunk('button.js', ['/button.js', '/wave.js']);
  const table = chunk('table.js', ['/table.js', '/wave.js']);

  it('gives each module to the first moment whose chunks hold it, rolldown runtime to none', () => {
    const moments = modulesByMoment({ entry: [react], 'sign-in': [button], frame: [react, table], 'record-form': [] });
    expect(Object.fromEntries(moments)).toEqual({ '/react.js': 'entry', '/button.js': 'sign-in', '/wave.js': 'sign-in', '/table.js': 'frame' });
  });

  it('counts a chunk as the frame’s when more than half of the pages need it', () => {
    const card = chunk('card.js', ['/card.js']);
    const chart = chunk('chart.js', ['/chart.js']);
    expect(sharedByMost([[card, chart], [card], [card, table]])).toEqual([card]);
    expect(sharedByMost([[card], [chart]])).toEqual([]);
  });

  it('counts a chunk as the record form’s when most edit screens need it, and more of them than other pages', () => {
    const rules = chunk('rules.js', ['/rules.js']);
    const tslib = chunk('tslib.js', ['/tslib.js']);
    const edits = [[rules, tslib], [rules, tslib], [tslib]];
    expect(sharedByMostOfKind(edits, [[rules], [tslib], [tslib], [tslib]])).toEqual([rules]);
  });
});
