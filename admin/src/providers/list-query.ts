import { isIndexableSearch } from '@backoffice/resources';
import type { CrudFilter, LogicalFilter } from '@refinedev/core';

/** What a list or read asks besides filters: the fields to return and the references to populate. */
export interface ListMeta {
  select?: readonly string[];
  populate?: readonly string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [key: string]: any;
}

const OPERATORS = new Set(['eq', 'ne', 'gte', 'lte', 'contains']);

const text = (value: unknown) => (value instanceof Date ? String(Math.floor(value.getTime() / 1000)) : String(value));

const isTextMatch = (filter: LogicalFilter) => filter.field === 'q' || filter.operator === 'contains';
const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The filters that narrow a list: without empty values and lists, and without a search or text filter too short
 * for the API's trigram indexes (it refuses those, so the list stays unfiltered by them).
 */
export function appliedFilters(filters: readonly CrudFilter[] = []): LogicalFilter[] {
  return filters.filter((filter): filter is LogicalFilter => 'field' in filter && !isEmpty(filter.value) && (!isTextMatch(filter) || isIndexableSearch(String(filter.value).trim())));
}

/**
 * Refine's filters and meta in the terms simple-rest sends as they are: where our API differs from the plain
 * conventions (`{field}_in=a,b`, `_select`, `_populate`, dates as unix seconds, no empty filters) the entry is
 * rewritten as an `eq` filter on the parameter's own name.
 */
export function restFilters(filters: readonly CrudFilter[] = [], meta?: ListMeta): CrudFilter[] {
  const result: CrudFilter[] = [];
  for (const { field, operator, value } of appliedFilters(filters)) {
    if (field === 'q') {
      result.push({ field, operator: 'eq', value: String(value).trim() });
    } else if (operator === 'contains') {
      result.push({ field, operator, value: String(value) });
    } else if (operator === 'in') {
      result.push({ field: `${field}_in`, operator: 'eq', value: (Array.isArray(value) ? value : [value]).map(text).join(',') });
    } else if (OPERATORS.has(operator)) {
      result.push({ field, operator, value: text(value) });
    }
  }
  if (meta?.select?.length) result.push({ field: '_select', operator: 'eq', value: meta.select.join(',') });
  if (meta?.populate?.length) result.push({ field: '_populate', operator: 'eq', value: meta.populate.join(',') });
  return result;
}
