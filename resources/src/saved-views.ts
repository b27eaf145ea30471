import { canSeeField, resolveField } from './field-index';
import { findResource } from './registry';
import type { FieldError, Operator, ResourceDef, Right, SortSpec } from './types';

export interface SavedViewColumn {
  path: string;
  /** pixels; the list's own width when absent */
  width?: number;
}

export interface SavedViewFilter {
  field: string;
  operator: Operator;
  value: unknown;
}

/** What a saved view holds of a list (the savedView model's fields). */
export interface SavedViewSettings {
  columns?: SavedViewColumn[];
  filters?: SavedViewFilter[];
  search?: string;
  sort?: SortSpec[];
}

/** A field a view names that its reader does not get: gone from the model's definition, or not theirs to read. */
export interface DroppedViewField {
  path: string;
  reason: 'unknown' | 'hidden';
}

type ViewDoc = SavedViewSettings & { model?: unknown };

/** Each field a view names, with the path of its place in the view (`columns.2.path`). */
function namedFields(view: SavedViewSettings): { at: string; path: string }[] {
  return [
    ...(view.columns ?? []).map((column, index) => ({ at: `columns.${index}.path`, path: column.path })),
    ...(view.filters ?? []).map((filter, index) => ({ at: `filters.${index}.field`, path: filter.field })),
    ...(view.sort ?? []).map((sort, index) => ({ at: `sort.${index}.field`, path: sort.field })),
  ];
}

/** The record check of a saved view: it names only fields of its model (which the model field's choices check). */
export function savedViewProblems(doc: Record<string, unknown>): FieldError[] {
  const view = doc as ViewDoc;
  const def = typeof view.model === 'string' ? findResource(view.model) : undefined;
  if (!def) return [];
  return namedFields(view)
    .filter(({ path }) => typeof path === 'string' && !resolveField(def, path))
    .map(({ at, path }) => ({ field: at, message: `${def.label} has no field "${path}"` }));
}

/** A stored view as its reader reads it anywhere (the savedView model's readAs): viewForReader with what it dropped. */
export function savedViewForReader(record: Record<string, unknown>, rights: ReadonlySet<Right>): Record<string, unknown> {
  const def = typeof record.model === 'string' ? findResource(record.model) : undefined;
  if (!def) return record;
  const { view, dropped } = viewForReader(def, record as SavedViewSettings & Record<string, unknown>, rights);
  return { ...view, dropped };
}

/**
 * A view as one person may use it on the list of `def`: the columns, filters and sort that name a field the model
 * no longer has, or one that person may not read, left out and each named once. A view stored before a field was
 * removed, or shared by someone who reads more, still opens.
 */
export function viewForReader<V extends SavedViewSettings>(def: ResourceDef, view: V, rights: ReadonlySet<Right>): { view: V; dropped: DroppedViewField[] } {
  const dropped = new Map<string, DroppedViewField['reason']>();
  const usable = (path: string) => {
    const field = resolveField(def, path);
    const reason = !field ? 'unknown' : !canSeeField(field, rights) ? 'hidden' : null;
    if (reason) dropped.set(path, reason);
    return reason === null;
  };
  const checked = {
    ...view,
    ...(view.columns && { columns: view.columns.filter((column) => usable(column.path)) }),
    ...(view.filters && { filters: view.filters.filter((filter) => usable(filter.field)) }),
    ...(view.sort && { sort: view.sort.filter((sort) => usable(sort.field)) }),
  };
  return { view: checked, dropped: [...dropped].map(([path, reason]) => ({ path, reason })) };
}
