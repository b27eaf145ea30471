import type { CrudFilter, CrudSort, Pagination } from '@refinedev/core';

const SUFFIX: Partial<Record<string, string>> = {
  eq: '',
  ne: '_ne',
  gte: '_gte',
  lte: '_lte',
  contains: '_like',
  in: '_in',
};

const text = (value: unknown) => (value instanceof Date ? String(Math.floor(value.getTime() / 1000)) : String(value));

/** The query string of a list request in the simple-rest conventions our API speaks. */
export function listQuery(params: {
  pagination?: Pagination;
  sorters?: CrudSort[];
  filters?: CrudFilter[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  meta?: { select?: readonly string[]; populate?: readonly string[]; [key: string]: any };
}): URLSearchParams {
  const query = new URLSearchParams();
  const { currentPage = 1, pageSize = 10, mode = 'server' } = params.pagination ?? {};
  if (mode === 'server') {
    query.set('_start', String((currentPage - 1) * pageSize));
    query.set('_end', String(currentPage * pageSize));
  }
  const sorters = (params.sorters ?? []).filter((sorter) => sorter.field && sorter.order);
  if (sorters.length) {
    query.set('_sort', sorters.map((sorter) => sorter.field).join(','));
    query.set('_order', sorters.map((sorter) => sorter.order).join(','));
  }
  for (const filter of params.filters ?? []) {
    if (!('field' in filter)) continue;
    const { field, operator, value } = filter;
    if (value === undefined || value === null || value === '') continue;
    if (field === 'q') {
      if (String(value).trim()) query.set('q', String(value).trim());
      continue;
    }
    const suffix = SUFFIX[operator];
    if (suffix === undefined) continue;
    if (operator === 'in') {
      const values = Array.isArray(value) ? value : [value];
      if (values.length === 0) continue;
      query.set(`${field}_in`, values.map(text).join(','));
    } else {
      query.set(field + suffix, text(value));
    }
  }
  if (params.meta?.select?.length) query.set('_select', params.meta.select.join(','));
  if (params.meta?.populate?.length) query.set('_populate', params.meta.populate.join(','));
  return query;
}
