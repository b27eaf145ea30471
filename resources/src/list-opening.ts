import { fieldsByPath, populateTargets } from './field-index';
import type { OpeningFilter, ResourceDef, SortSpec } from './types';

/** The first page of a list screen: its filters, sort, populates and size. */
export interface ListOpening {
  filters: OpeningFilter[];
  sort: SortSpec[];
  populate: string[];
  pageSize: number;
}

/** The rows a list screen shows a page. */
export const LIST_PAGE_SIZE = 25;

/** Where the admin reads and writes a model's records (api/src/model). */
export const MODEL_API_PATH = '/api/company/model';

/** What a list populates for the reference columns it shows (`merchantRef.merchant` for `merchantRef.merchantId`). */
export function columnPopulates(def: ResourceDef, columns: readonly string[]): string[] {
  const fields = fieldsByPath(def);
  return columns.flatMap((path) => {
    const field = fields.get(path);
    return field?.kind === 'reference' && field.ref?.populateAs ? [field.ref.populateAs] : [];
  });
}

/** The model a populate path of the definition brings in (`productRef.product` → product), through objects and lists. */
export function populatedModel(def: ResourceDef, populate: string): string | undefined {
  return populateTargets(def).get(populate)?.field.ref?.resource;
}

/**
 * How a list screen opens: the definition's `opening` filters, else archived records hidden; its default sort; the
 * references of its columns populated; the first page.
 */
export function listOpening(def: ResourceDef): ListOpening {
  const declared = def.list.opening ? def.list.opening.filters : undefined;
  return {
    filters: declared ? [...declared] : def.archivable ? [{ field: 'meta.archived', operator: 'eq', value: false }] : [],
    sort: [...def.list.defaultSort],
    populate: columnPopulates(def, def.list.columns),
    pageSize: LIST_PAGE_SIZE,
  };
}

/**
 * The request for the first page of `def`'s list screen in the model API's terms (`_start`/`_end`, `_sort`/`_order`,
 * a parameter per filter, `_populate`), as the admin's data provider sends it for a reader who may read the models
 * `mayRead` allows: the populates of other models left out (the API refuses a list that populates a model its reader
 * may not read). Null when the reader may not read the list, or when the screen opens on something else
 * (`opening: false`).
 */
export function openingListRequest(def: ResourceDef, mayRead: (model: string) => boolean): string | null {
  if (def.list.opening === false || !mayRead(def.name)) return null;
  const { filters, sort, populate: populates, pageSize } = listOpening(def);
  const populate = populates.filter((path) => {
    const model = populatedModel(def, path);
    return !model || mayRead(model);
  });
  const query = new URLSearchParams({ _start: '0', _end: String(pageSize) });
  if (sort.length) {
    query.set('_sort', sort.map((spec) => spec.field).join(','));
    query.set('_order', sort.map((spec) => spec.order).join(','));
  }
  for (const filter of filters) query.set(filter.field, String(filter.value));
  if (populate.length) query.set('_populate', populate.join(','));
  return `${MODEL_API_PATH}/${def.name}?${query}`;
}
