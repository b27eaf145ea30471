import { describe, expect, it } from 'vitest';
import { listQuery } from './list-query';

describe('listQuery', () => {
  it('speaks the simple-rest conventions of the API', () => {
    const query = listQuery({
      pagination: { currentPage: 3, pageSize: 25 },
      sorters: [{ field: 'state.put.at.unix', order: 'desc' }, { field: 'name.full', order: 'asc' }],
      filters: [
        { field: 'q', operator: 'eq', value: '  beer ' },
        { field: 'state.id', operator: 'in', value: ['mg-opened', 'mg-clicked'] },
        { field: 'meta.archived', operator: 'eq', value: false },
        { field: 'price.cents', operator: 'gte', value: 100 },
        { field: 'price.cents', operator: 'lte', value: 900 },
        { field: 'name.full', operator: 'contains', value: 'stage' },
        { field: 'kind', operator: 'ne', value: 'mux' },
      ],
      meta: { select: ['_id', 'name.full'], populate: ['merchantRef.merchant'] },
    });
    expect(Object.fromEntries(query)).toEqual({
      _start: '50',
      _end: '75',
      _sort: 'state.put.at.unix,name.full',
      _order: 'desc,asc',
      q: 'beer',
      'state.id_in': 'mg-opened,mg-clicked',
      'meta.archived': 'false',
      'price.cents_gte': '100',
      'price.cents_lte': '900',
      'name.full_like': 'stage',
      kind_ne: 'mux',
      _select: '_id,name.full',
      _populate: 'merchantRef.merchant',
    });
  });

  it('leaves out empty filters, empty lists and pagination when it is off', () => {
    const query = listQuery({
      pagination: { mode: 'off' },
      filters: [
        { field: 'q', operator: 'eq', value: '   ' },
        { field: 'state.id', operator: 'in', value: [] },
        { field: 'city', operator: 'eq', value: undefined },
        { field: 'or', operator: 'or', value: [] } as never,
      ],
    });
    expect(query.toString()).toBe('');
  });

  it('sends dates as unix seconds', () => {
    expect(listQuery({ pagination: { mode: 'off' }, filters: [{ field: 'start.unix', operator: 'gte', value: new Date(1_700_000_000_000) }] }).get('start.unix_gte')).toBe('1700000000');
  });
});
