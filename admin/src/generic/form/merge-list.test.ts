import { describe, expect, it } from 'vitest';
import { mergeEditedList } from './merge-list';

describe('a list edited while its record changed elsewhere', () => {
  const same = (item: string) => item;
  it('keeps what was stored meanwhile and what the person added, without what they removed', () => {
    expect(mergeEditedList(['a', 'b'], ['b', 'c'], ['a', 'b', 'x', 'y'], same)).toEqual(['b', 'x', 'y', 'c']);
  });
  it('takes the stored list as it is when nothing was edited', () => {
    expect(mergeEditedList(['a'], ['a'], ['a', 'x'], same)).toEqual(['a', 'x']);
  });
  it('adds an item once when it was added here and stored elsewhere too', () => {
    expect(mergeEditedList([], ['x'], ['x'], same)).toEqual(['x']);
  });
});
