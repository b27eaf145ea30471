import { describe, expect, it } from 'vitest';
import { appliedFilters, restFilters } from './list-query';

describe('restFilters', () => {
  it('keeps the plain simple-rest operators and rewrites what our API adds', () => {
    expect(restFilters([
      { field: 'meta.archived', operator: 'eq', value: false },
      { field: 'name.full', operator: 'contains', value: 'stage' },
      { field: 'kind', operator: 'ne', value: 'mux' },
      { field: 'state.id', operator: 'in', value: ['mg-opened', 'mg-clicked'] },
    ], { select: ['_id'] })).toEqual([
      { field: 'meta.archived', operator: 'eq', value: 'false' },
      { field: 'name.full', operator: 'contains', value: 'stage' },
      { field: 'kind', operator: 'ne', value: 'mux' },
      { field: 'state.id_in', operator: 'eq', value: 'mg-opened,mg-clicked' },
      { field: '_select', operator: 'eq', value: '_id' },
    ]);
  });

  it('leaves out empty filters, empty lists, texts shorter than a search and operators the API does not speak', () => {
    expect(restFilters([
      { field: 'q', operator: 'eq', value: '   ' },
      { field: 'state.id', operator: 'in', value: [] },
      { field: 'city', operator: 'eq', value: undefined },
      { field: 'or', operator: 'or', value: [] } as never,
      { field: 'name', operator: 'startswith', value: 'x' },
      { field: 'kind', operator: 'contains', value: 'mu' },
    ])).toEqual([]);
  });
});

describe('appliedFilters', () => {
  it('names what narrows the list, as the export shows it: not an empty filter, not a search too short to send', () => {
    const kept = [
      { field: 'q', operator: 'eq', value: 'jan' },
      { field: 'name.full', operator: 'contains', value: 'stage' },
      { field: 'meta.archived', operator: 'eq', value: false },
    ] as const;
    expect(appliedFilters([
      ...kept,
      { field: 'q', operator: 'eq', value: 'ja' },
      { field: 'kind', operator: 'contains', value: 'mu' },
      { field: 'state.id', operator: 'in', value: [] },
      { field: 'city', operator: 'eq', value: '' },
    ])).toEqual(kept);
  });
});
