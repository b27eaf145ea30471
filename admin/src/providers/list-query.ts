import { isIndexableSearch } from '@backoffice/resources';
import type { CrudFilter } from '@refinedev/core';

/** What a list or read asks besides filters: the fields to return and the references to populate. */
export interface ListMeta {
  select?: readonly string[];
  populate?: readonly string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [key: string]: any;
}

const OPERATORS = new Set(['eq', 'ne', 'gte', 'lte', 'contains']);

const text = (value: unknown) => (value instanceof Date ? String(Math.floor(value.getTime() / 1000)) : String(value));

/**
 * Refine's filters and meta in the terms simple-rest sends as they are: where our API differs from the plain
 * conventions (`{field}_in=a,b`, `_select`, `_populate`, dates as unix seconds, no empty filters) the entry is
 * rewritten as an `eq` filter on the parameter's own name.
 */
export function restFilters(filters: readonly CrudFilter[] = [], meta?: ListMeta): CrudFilter[] {
  const result: CrudFilter[] = [];
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    const { field, operator, value } = filter;
    if (value === undefined || value === null || value === '') continue;
    if (field === 'q') {
      // the API searches only texts its indexes can narrow: shorter ones leave the list unfiltered
      if (isIndexableSearch(String(value).trim())) result.push({ field, operator: 'eq', value: String(value).trim() });
    } else if (operator === 'contains') {
      // a text filter matches like a search, with the same rule
      if (isIndexableSearch(String(value))) result.push({ field, operator, value: String(value) });
    } else if (operator === 'in') {
      const values = Array.isArray(value) ? value : [value];
      if (values.length) result.push({ field: `${field}_in`, operator: 'eq', value: values.map(text).join(',') });
    } else if (OPERATORS.has(operator)) {
      result.push({ field, operator, value: text(value) });
    }
  }
  if (meta?.select?.length) result.push({ field: '_select', operator: 'eq', value: meta.select.join(',') });
  if (meta?.populate?.length) result.push({ field: '_populate', operator: 'eq', value: meta.populate.join(',') });
  return result;
}
