import type { SavedViewColumn, SavedViewFilter, SavedViewSettings } from '@backoffice/resources';
import type { CrudFilter, CrudSort, LogicalFilter } from '@refinedev/core';

type Operator = LogicalFilter['operator'];
import { appliedFilters } from '../../providers/list-query';

/** Refine's filter operators as the API names them: 'contains' is the API's 'like'. */
const TO_VIEW: Partial<Record<Operator, SavedViewFilter['operator']>> = { eq: 'eq', ne: 'ne', gte: 'gte', lte: 'lte', contains: 'like', in: 'in' };
const TO_LIST = Object.fromEntries(Object.entries(TO_VIEW).map(([list, view]) => [view, list])) as Record<SavedViewFilter['operator'], Operator>;

/** A list's state as a view holds it: the search apart, filters on fields of the model (`isField`) only. */
export function settingsOf(filters: readonly CrudFilter[], sorters: readonly CrudSort[], columns: SavedViewColumn[], isField: (path: string) => boolean): SavedViewSettings {
  const applied = appliedFilters(filters);
  const search = applied.find((filter) => filter.field === 'q');
  return {
    columns,
    filters: applied.flatMap((filter) => (filter.field !== 'q' && isField(filter.field) && TO_VIEW[filter.operator] ? [{ field: filter.field, operator: TO_VIEW[filter.operator]!, value: filter.value }] : [])),
    sort: sorters.filter((sorter) => isField(sorter.field)).map((sorter) => ({ field: sorter.field, order: sorter.order })),
    ...(search && { search: String(search.value) }),
  };
}

/** The filters and sort a view sets on a list, its search as the list's `q`. */
export function listStateOf(view: SavedViewSettings): { filters: LogicalFilter[]; sorters: CrudSort[] } {
  const filters: LogicalFilter[] = (view.filters ?? []).map((filter) => ({ field: filter.field, operator: TO_LIST[filter.operator], value: filter.value }));
  if (view.search) filters.push({ field: 'q', operator: 'eq', value: view.search });
  return { filters, sorters: (view.sort ?? []).map((sort) => ({ field: sort.field, order: sort.order })) };
}
