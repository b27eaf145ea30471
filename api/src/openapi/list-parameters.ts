import {
  type FieldDef,
  KINDS,
  OBJECT_ID,
  type Operator,
  type ResourceDef,
  containingList,
  fieldsByPath,
  filterUse,
  indexServes,
  isSortable,
  populateTargets,
  resolveField,
  sortNeedsFilter,
} from '@backoffice/resources';
import { DEFAULT_MAX_PAGE_SIZE } from '../records/list-query';
import type { Answer, QueryParameter, Schema } from './operation';

const SUFFIX: Record<Operator, string> = { eq: '', ne: '_ne', gte: '_gte', lte: '_lte', like: '_like', in: '_in' };
const OPERATOR_TEXT: Record<Operator, string> = { eq: 'equal to', ne: 'not equal to (records without it included)', gte: 'at least', lte: 'at most', like: 'containing (at least 3 letters or digits in a row)', in: 'any of (a comma list)' };

/** Several paths of a list, comma-separated, each one of these. */
const commaListOf = (paths: readonly string[]) => {
  const one = `(${paths.map((path) => path.replace(/\./g, '\\.')).join('|')})`;
  return { type: 'string', pattern: `^${one}(,${one})*$` };
};

/** The paths a list may be filtered on: every field, the fields of list items and each language of a localized text. */
function filterPaths(def: ResourceDef): [string, FieldDef][] {
  return [...fieldsByPath(def)].flatMap(([path, field]): [string, FieldDef][] => {
    if (field.kind === 'list' && field.fields) return field.fields.map((item) => [`${path}.${item.path}`, item]);
    if (field.kind === 'localizedText') return ['en', 'nl'].map((language) => [`${path}.${language}`, resolveField(def, `${path}.${language}`)!]);
    return [[path, field]];
  });
}

/** A filter's value as the query string gives it, by the field's kind; time filters take unix seconds or ISO 8601. */
function valueSchema(field: FieldDef, operator: Operator): Schema {
  if (operator === 'in') return { type: 'string', description: 'values separated by commas' };
  const kind = field.kind === 'list' ? field.itemKind ?? 'text' : field.kind;
  switch (kind) {
    case 'unixTime': return { anyOf: [{ type: 'integer' }, { type: 'string', format: 'date-time' }, { type: 'string', format: 'date' }], description: 'unix seconds, or ISO 8601 (UTC unless it names an offset; fractions of a second dropped)' };
    case 'money': return { type: 'integer', description: 'cents' };
    case 'number': return { type: 'number' };
    case 'boolean': return { type: 'boolean' };
    case 'enum': return { type: 'string', enum: field.choices ?? [] };
    case 'reference': return { type: 'string', pattern: OBJECT_ID.source };
    default: return { type: 'string', ...(operator === 'like' && { minLength: 3, maxLength: 200 }) };
  }
}

/**
 * Every filter an index serves, with each of its operators: `{field}`, `{field}_ne`, `_gte`, `_lte`, `_like`, `_in`.
 * A filter on another field is refused (400) unless the list is narrowed to one parent (an equality on an indexed
 * reference), which the description of `_sort` says too.
 */
function filterParameters(def: ResourceDef): Record<string, QueryParameter> {
  const parameters: Record<string, QueryParameter> = {
    _id: { schema: { type: 'string', pattern: OBJECT_ID.source }, description: 'the record with this id' },
    _id_ne: { schema: { type: 'string', pattern: OBJECT_ID.source }, description: 'every record but this one' },
    _id_in: { schema: { type: 'string' }, description: 'the records with these ids (a comma list)' },
  };
  for (const [path, field] of filterPaths(def)) {
    const inList = containingList(def, path) !== null;
    const operators: readonly Operator[] = inList ? ['eq', 'in'] : KINDS[field.kind].sqlType ? KINDS[field.kind].operators : [];
    for (const operator of operators) {
      if (!indexServes(def, path, filterUse(def, path, operator))) continue;
      parameters[`${path}${SUFFIX[operator]}`] = { schema: valueSchema(field, operator), description: `${field.label ?? path} ${OPERATOR_TEXT[operator]}${inList ? ' (any item of the list)' : ''}` };
    }
  }
  return parameters;
}

/** The sorts an index serves (and those it serves within a filter to one value, which the description names). */
function sortParameter(def: ResourceDef): QueryParameter {
  const sortable = ['_id', ...[...fieldsByPath(def).keys()].filter((path) => isSortable(def, path))];
  const needing = sortable.flatMap((path) => (sortNeedsFilter(def, path) ? [`${path} (filtered to one ${sortNeedsFilter(def, path)})`] : []));
  const defaults = def.list.defaultSort.map((sort) => `${sort.field} ${sort.order}`).join(', ');
  return {
    schema: commaListOf(sortable),
    description: `Fields to sort by, comma-separated (default ${defaults}); ties are broken in the order of the sort's index, then by id.${needing.length > 0 ? ` Served only within a filter: ${needing.join(', ')}.` : ''}`,
  };
}

/**
 * The query of a model's list in the conventions of Refine's simple-rest data provider, with the API's own additions
 * (`_select`, `_populate`, `_cursor`).
 */
export function listParameters(def: ResourceDef): Record<string, QueryParameter> {
  const max = def.list.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE;
  const populate = [...populateTargets(def).keys()];
  return {
    _start: { schema: { type: 'integer', minimum: 0, maximum: 100_000_000 }, description: 'The first row (0-based); after `_cursor`, rows skipped after the cursor\'s row. Without `_start` and `_end` (Refine\'s `pagination: {mode: "off"}`) the answer holds every row, and 400 names the cap when there are more' },
    _end: { schema: { type: 'integer', minimum: 0, maximum: 100_000_000 }, description: `The row after the last; at most ${max} rows a page (default 25 when only _start is given)` },
    _cursor: { schema: { type: 'string' }, description: 'The X-Next-Cursor of the page before: the page starts after its last row, as fast at any depth as at the first page. Made for one sort: another sort answers 400' },
    _sort: sortParameter(def),
    _order: { schema: { type: 'string', pattern: '^(asc|desc)(,(asc|desc))*$' }, description: 'asc or desc per sort field (the first for all when one is given)' },
    ...(def.list.searchable.length > 0 && {
      q: { schema: { type: 'string', minLength: 3, maxLength: 200 }, description: `Search ${def.list.searchable.join(', ')} for a text containing this (at least 3 letters or digits in a row)` },
    }),
    _select: { schema: { type: 'string' }, description: 'Only these paths of each record (and its ids), comma-separated' },
    ...(populate.length > 0 && { _populate: { schema: commaListOf(populate), description: 'Put the referenced records beside their ids (the caller must be able to read them)' } }),
    ...filterParameters(def),
  };
}

/** The headers of a list page. */
export const LIST_HEADERS: NonNullable<Answer['headers']> = {
  'X-Total-Count': { description: 'The rows of the whole list: exact up to 10 000 (or the end of the page asked for), else that many with X-Total-Count-Lower-Bound', schema: { type: 'integer' } },
  'X-Total-Count-Lower-Bound': { description: '`true` when the list holds more rows than X-Total-Count: shown as "more than 10 000"', schema: { type: 'string', enum: ['true'] } },
  'X-Next-Cursor': { description: 'After a full page: send it as `_cursor` for the rows after it. Absent after the last page and without paging', schema: { type: 'string' } },
};
