import {
  type FieldDef,
  type SqlType,
  KINDS,
  type Operator,
  ParseError,
  type ResourceDef,
  type Right,
  canSeeField,
  filterUse,
  indexServes,
  isAtOrUnder,
  isKnownPath,
  isSortable,
  sortNeedsFilter,
  resolveField,
  fieldsByPath,
  isIndexableSearch,
  sortIndexLeaders,
  sortIndexPaths,
  searchIndex,
  btreeIndexes,
  matchedTextColumns,
} from '@backoffice/resources';
import { invalid } from '../common/errors';
import { checkListQuery } from '../common/request-hygiene';
import { fieldExpression, pathLiteral } from '../database/naming';
import { afterRowConditions, decodeCursor } from './list-cursor';

export const DEFAULT_MAX_PAGE_SIZE = 1000;
const RESERVED = new Set(['_start', '_end', '_sort', '_order', 'q', '_select', '_populate', '_cursor']);
const SUFFIXES: readonly [string, Operator][] = [['_ne', 'ne'], ['_gte', 'gte'], ['_lte', 'lte'], ['_like', 'like'], ['_in', 'in']];
/** A text match (`q`, `_like`) the trigram indexes cannot narrow would read a whole index: refused with this. */
const SEARCH_TOO_SHORT = 'needs at least 3 letters or digits in a row';
export const SEARCH_FOR_MORE = 'Search for at least 3 letters or digits in a row';
// 'ne' keeps records without the field, as simple-rest readers expect (a user without a tag is 'not connected')
const SQL_OPERATORS: Record<Exclude<Operator, 'like' | 'in'>, string> = { eq: '=', ne: 'IS DISTINCT FROM', gte: '>=', lte: '<=' };

export type RawQuery = Record<string, string | string[] | undefined>;

/** One checked filter of a list request, with its values parsed by the field's kind. */
export interface ParsedFilter {
  path: string;
  operator: Operator;
  values: unknown[];
  /** the bound list of an `in` filter of several values on a column, as SQL */
  list?: string;
  /**
   * The filter's condition and the form of it a search index key serves, where they differ: a yes/no equal to one
   * value, which the planner turns into `NOT flag` (a btree serves that, a GIN index does not) unless written with ANY.
   */
  keyed?: { condition: string; form: string };
}

/** A filter or sort of the request that no index serves: refused unless an equality on an index narrows the rows. */
interface Unserved {
  what: 'Filtering' | 'Sorting';
  path: string;
  /** the field whose filter to one value would let an index serve it (sortNeedsFilter) */
  needs?: string;
}

/** A list request checked against the definition: SQL pieces with bound values, and the output shape. */
export interface ListQuery {
  conditions: string[];
  /** the same filters as data, for domain modules that can count a known shape faster */
  filters: ParsedFilter[];
  /** text matched through trigram indexes (`q` or a `_like` filter): its matches are found before they are sorted */
  matchesText: boolean;
  /**
   * Text matched where a btree ordered by a matched text holds every column the list tests (`textOrderedWalks`): an
   * index-only walk of it could count the matches or collect them for sorting, and would meet them in that text's
   * order, late when they share what the walk passes first. Those statements then read the rows (READS_ROWS).
   */
  textOrderedWalk: boolean;
  /**
   * Text matched within a reference or a yes/no filter, which the search index holds as keys (a template's mails
   * containing "You"; normal users containing "Car", where every "Card …" is an anonymous card). The planner
   * reckons the two independent; where the text never occurs within that share, a count up to the cap that it
   * expects to reach soon reads every row of the share, or the table, instead. Its count and its sorted matches are
   * planned with index bitmaps only, which intersect the two inside the search index (ParsedFilter.keyed). Not
   * within a state: its few values each hold a large share of the rows, which a walk meets at once and bitmaps read
   * whole (mail of the Opened tab containing "You": 55 → 180 ms).
   */
  textWithinFilter: boolean;
  params: unknown[];
  orderBy: string;
  /** the same order term by term */
  sortTerms: SortTerm[];
  /**
   * Set when the first sort's field is filtered to a few values: the condition at `condition` is read as one
   * equality per value (`alternatives`), each an ordered index read, and the pages merged (see `byValue`).
   */
  byValue: { condition: number; alternatives: string[] } | null;
  /**
   * The conditions (by index) that the index serving the one sort reads as its own range: on the sorted field, and
   * equalities on a field that leads that index. A walk of the index tests the others row by row. Null when
   * several sorts are asked for.
   */
  sortIndexConditions: number[] | null;
  /**
   * Set where a page of text matches can be read value by value of its one sort when more match than the count's cap
   * (`pastCapRead`). `decidingText`: every text match tests only the sorted column (transactions containing "Mai", by
   * name), so whether a row matches follows from its sort value alone (PageRead.distinctSortValues); these conditions
   * name the bare column, so they test a value read on its own as they test a row. Null: the sorted field is a key of
   * the search index that the list does not filter (SMS containing "You", by template), and the matches within each
   * value are that list filtered to the value. `rangeConditions`: those the sort's index serves, other than the text.
   */
  sortValues: { path: string; column: string; rangeConditions: string[]; decidingText: string[] | null } | null;
  limit: number;
  offset: number;
  /**
   * Neither `_start` nor `_end` given (Refine's `pagination: {mode: 'off'}`): every row, up to the page-size cap.
   * `limit` is one past the cap, so a list with more rows shows it (refused with the cap named).
   */
  pagingOff: boolean;
  /**
   * `_cursor`: the page starts after the cursor's row (`offset` counts from there). The conditions of which one
   * holds for each row after it (afterRowConditions); the total still counts the whole list.
   */
  afterRow: string[] | null;
  select: string[] | null;
  populate: string[];
}

/** Collects bound parameters and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** An ILIKE pattern matching the text anywhere, its `%`, `_` and `\\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Refuses a text match (`q`, `_like`, a domain's search) that the trigram indexes cannot narrow. */
export function requireIndexableSearch(field: string, text: string, message: string): void {
  if (!isIndexableSearch(text)) throw invalid(message, [{ field, message: SEARCH_TOO_SHORT }]);
}

/** Checks a path a caller names: it must exist and be visible to them (one message for both). */
export function visibleField(def: ResourceDef, path: string, rights: ReadonlySet<Right>): FieldDef {
  const field = resolveField(def, path);
  if (!field || !canSeeField(field, rights)) throw invalid(`Unknown field "${path}" on ${def.name}`, [{ field: path, message: `Unknown field "${path}"` }]);
  return field;
}

/** An ISO 8601 date or date-time: UTC unless it names its offset. */
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A moment a time filter names as an ISO 8601 date or date-time, in unix seconds (fractions dropped); null when it is none. */
function isoSeconds(raw: string): number | null {
  const match = ISO_8601.exec(raw.trim());
  if (!match) return null;
  const [, year, month, day, offset] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) throw new ParseError(`${raw} is not a date`);
  const hasTime = raw.includes('T');
  const ms = Date.parse(hasTime && !offset ? `${raw.trim()}Z` : raw.trim());
  if (Number.isNaN(ms)) throw new ParseError(`${raw} is not a time`);
  return Math.floor(ms / 1000);
}

function parseValue(field: FieldDef, path: string, raw: string): unknown {
  try {
    // Refine's date pickers and most clients send ISO 8601; the stored times are unix seconds
    const iso = field.kind === 'unixTime' ? isoSeconds(raw) : null;
    if (iso !== null) return iso;
    const value = KINDS[field.kind].parse(raw, { ...field, path });
    // a whole-number column compares exactly only within JavaScript's safe integers (and bigint's range)
    if (typeof value === 'number' && (!Number.isFinite(value) || (KINDS[field.kind].sqlType === 'bigint' && !Number.isSafeInteger(value)))) {
      throw new ParseError(`must be a number between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`);
    }
    return value;
  } catch (error) {
    if (error instanceof ParseError) throw invalid(`Invalid value for ${path}: ${error.message}`, [{ field: path, message: error.message }]);
    throw error;
  }
}

/** Splits `state.id_in` into the field and the operator; a key naming a field as a whole is equality. */
function splitKey(def: ResourceDef, key: string): [string, Operator] {
  for (const [suffix, operator] of SUFFIXES) {
    if (key.endsWith(suffix) && isKnownPath(def, key.slice(0, -suffix.length))) return [key.slice(0, -suffix.length), operator];
  }
  return [key, 'eq'];
}

/** Where the path is inside a list of sub-items, the list's path and the rest (`to`, `userRef.userId`). */
function listItemPath(def: ResourceDef, path: string): [string, string] | null {
  for (const [listPath, field] of fieldsByPath(def)) {
    if (field.kind === 'list' && path.startsWith(`${listPath}.`)) return [listPath, path.slice(listPath.length + 1)];
  }
  return null;
}

const KIND_ID: FieldDef = { path: '_id', kind: 'reference', ref: { resource: '' } };

const operatorRefused = (operator: Operator, path: string) =>
  invalid(`Operator "${operator}" is not allowed on ${path}`, [{ field: path, message: `operator ${operator} not allowed` }]);

/** Raw values split on commas for `_in`, each parsed by the field's kind. */
const parsedValues = (field: FieldDef, path: string, operator: Operator, raws: string[]) =>
  raws.flatMap((raw) => (operator === 'in' ? raw.split(',') : [raw])).map((raw) => parseValue(field, path, raw));

function nestObject(path: string, value: unknown): unknown {
  return path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

function condition(def: ResourceDef, path: string, operator: Operator, raws: string[], rights: ReadonlySet<Right>, params: Params, filters: ParsedFilter[], unserved: Unserved[]): string {
  if (path !== '_id' && path !== 'id' && !indexServes(def, path, filterUse(def, path, operator))) unserved.push({ what: 'Filtering', path });
  if (path === '_id' || path === 'id') {
    if (operator !== 'eq' && operator !== 'in' && operator !== 'ne') throw operatorRefused(operator, path);
    const ids = parsedValues(KIND_ID, path, 'in', raws);
    filters.push({ path: '_id', operator: operator === 'ne' ? 'ne' : 'in', values: ids });
    return operator === 'ne' ? `id <> ALL(${params.add(ids)}::text[])` : `id = ANY(${params.add(ids)}::text[])`;
  }
  const field = visibleField(def, path, rights);
  const inList = listItemPath(def, path);
  const isScalarList = field.kind === 'list' && field.itemKind !== undefined;
  if (inList || isScalarList) {
    if (operator !== 'eq' && operator !== 'in') throw operatorRefused(operator, path);
    const itemField = isScalarList ? { ...field, kind: field.itemKind! } : field;
    const values = parsedValues(itemField, path, operator, raws);
    filters.push({ path, operator: 'in', values });
    const listPath = inList ? inList[0] : path;
    const probes = values.map((value) => params.add(JSON.stringify([inList ? nestObject(inList[1], value) : value])));
    return `(${probes.map((probe) => `doc #> ${pathLiteral(listPath)} @> ${probe}::jsonb`).join(' OR ')})`;
  }
  const kind = KINDS[field.kind];
  if (!kind.sqlType || !kind.operators.includes(operator)) throw operatorRefused(operator, path);
  const expression = fieldExpression(path, field);
  if (operator === 'like') {
    const text = raws[raws.length - 1];
    requireIndexableSearch(path, text, `Filter ${path} by at least 3 letters or digits in a row`);
    filters.push({ path, operator, values: [text] });
    return `${expression} ILIKE ${params.add(likePattern(text))}`;
  }
  if (operator === 'in' || (operator === 'eq' && raws.length > 1)) {
    const values = parsedValues(field, path, operator, raws);
    // one value is an equality: PostgreSQL 15 reads an index in order only when no column is matched with ANY
    const list = values.length === 1 ? undefined : `${params.add(values)}::${kind.sqlType}[]`;
    if (list) {
      filters.push({ path, operator: 'in', values, list });
      return `${expression} = ANY(${list})`;
    }
    return equality(field, expression, params.add(values[0]), { path, operator: 'in', values }, filters);
  }
  const value = parseValue(field, path, raws[raws.length - 1]);
  const placeholder = params.add(value);
  if (operator === 'eq') return equality(field, expression, placeholder, { path, operator, values: [value] }, filters);
  filters.push({ path, operator, values: [value] });
  return `${expression} ${SQL_OPERATORS[operator]} ${placeholder}::${kind.sqlType}`;
}

/** A field equal to one bound value; a yes/no also in the form its search index key serves (ParsedFilter.keyed). */
function equality(field: FieldDef, expression: string, placeholder: string, filter: ParsedFilter, filters: ParsedFilter[]): string {
  const sqlType = KINDS[field.kind].sqlType;
  const condition = `${expression} = ${placeholder}::${sqlType}`;
  filters.push(field.kind === 'boolean' ? { ...filter, keyed: { condition, form: `${expression} = ANY(ARRAY[${placeholder}::${sqlType}])` } } : filter);
  return condition;
}

/** Filters of the first sort's field to at most this many values are read value by value. */
const MAX_VALUES_READ_APART = 20;

/**
 * PostgreSQL 15 reads an index in order only when no column is matched with ANY, so a list filtered to several
 * states and sorted by state would sort every match. Sorted by that field, the page is the first rows of each value
 * in turn: read as one ordered index read per value, merged.
 */
function byValue(def: ResourceDef, first: string | undefined, filters: readonly ParsedFilter[]): ListQuery['byValue'] {
  const condition = filters.findIndex((filter) => filter.path === first && filter.list);
  const filter = filters[condition];
  if (!filter || filter.values.length > MAX_VALUES_READ_APART) return null;
  // each value taken from the filter's own bound list, so every statement of the list binds the same parameters
  const expression = fieldExpression(filter.path, resolveField(def, filter.path)!);
  return { condition, alternatives: filter.values.map((_, index) => `${expression} = (${filter.list})[${index + 1}]`) };
}

function sortIndexConditions(def: ResourceDef, sorts: readonly { path: string }[], filters: readonly ParsedFilter[]): number[] | null {
  if (sorts.length !== 1) return null;
  const [{ path }] = sorts;
  // a sort no index serves (allowed within a narrowing filter: a merchant's products by tax) is not walked
  const needs = sortNeedsFilter(def, path);
  if (!indexServes(def, path, 'order') && !(needs && pinsOneValue(filters, needs))) return null;
  const leaders = new Set(sortIndexLeaders(def, path));
  return filters.flatMap((filter, index) => (filter.path === path || (leaders.has(filter.path) && pinsOneValue([filter], filter.path)) ? [index] : []));
}

/** ListQuery.sortValues: each text condition given with the paths it tests. */
function sortValues(
  def: ResourceDef,
  sorts: readonly { path: string }[],
  texts: readonly { sql: string; paths: readonly string[] }[],
  filters: readonly ParsedFilter[],
  conditions: readonly string[],
  sortIndex: readonly number[] | null,
): ListQuery['sortValues'] {
  if (texts.length === 0 || sorts.length !== 1 || !sortIndex) return null;
  const [{ path }] = sorts;
  const field = resolveField(def, path);
  if (!field?.indexed) return null;
  const textConditions = texts.map((text) => text.sql);
  const rangeConditions = sortIndex.map((index) => conditions[index]).filter((sql) => !textConditions.includes(sql));
  const read = { path, column: fieldExpression(path, field), rangeConditions };
  if (texts.every((text) => text.paths.every((tested) => tested === path))) return { ...read, decidingText: textConditions };
  const searchKey = (searchIndex(def)?.narrowedBy ?? []).includes(path) && !filters.some((filter) => filter.path === path);
  return searchKey ? { ...read, decidingText: null } : null;
}

/**
 * True when some btree index with a matched text among its keys holds every path the list tests (its keys and the
 * texts it carries; the id is in all of them).
 */
function textOrderedWalks(def: ResourceDef, tested: readonly string[]): boolean {
  const texts = matchedTextColumns(def);
  return btreeIndexes(def).some(
    (index) => index.keys.some((key) => texts.includes(key)) && tested.every((path) => path === '_id' || index.keys.includes(path) || index.included.includes(path)),
  );
}

/** True when an equality filter holds the path to one value. */
const pinsOneValue = (filters: readonly ParsedFilter[], path: string) =>
  filters.some((filter) => filter.path === path && (filter.operator === 'eq' || filter.operator === 'in') && filter.values.length === 1);

/** The sorts asked for, or the definition's default sort. */
function sortParts(def: ResourceDef, query: RawQuery): { path: string; order: string }[] {
  const sorts = String(query._sort ?? '').split(',').filter(Boolean);
  const orders = String(query._order ?? '').split(',').filter(Boolean);
  return sorts.length > 0
    ? sorts.map((path, index) => ({ path, order: (orders[index] ?? orders[0] ?? 'asc').toLowerCase() }))
    : def.list.defaultSort.map((sort) => ({ path: sort.field, order: sort.order as string }));
}

/** One term of a list's ORDER BY: an SQL expression of the row and its direction. */
export interface SortTerm {
  /** the field sorted on, `id` for the id */
  path: string;
  expression: string;
  sqlType: SqlType;
  order: string;
}

const ID_TERM = (order: string): SortTerm => ({ path: 'id', expression: 'id', sqlType: 'text', order });
const fieldTerm = (path: string, field: FieldDef, order: string): SortTerm => ({ path, expression: fieldExpression(path, field), sqlType: KINDS[field.kind].sqlType!, order });

function sortTerms(def: ResourceDef, parts: readonly { path: string; order: string }[], rights: ReadonlySet<Right>, filters: readonly ParsedFilter[], unserved: Unserved[]): SortTerm[] {
  const terms = parts.map(({ path, order }): SortTerm => {
    if (order !== 'asc' && order !== 'desc') throw invalid(`Sort order must be asc or desc, not "${order}"`, [{ field: '_order', message: 'must be asc or desc' }]);
    if (path === '_id' || path === 'id') return ID_TERM(order);
    const field = visibleField(def, path, rights);
    if (!KINDS[field.kind].sqlType || listItemPath(def, path)) throw invalid(`Cannot sort on ${path}`, [{ field: path, message: 'cannot sort on this field' }]);
    const needs = sortNeedsFilter(def, path);
    if (!isSortable(def, path)) unserved.push({ what: 'Sorting', path });
    else if (needs && !pinsOneValue(filters, needs)) unserved.push({ what: 'Sorting', path, needs });
    // PostgreSQL's default null order on purpose: NULLS LAST on a descending sort cannot use a plain index
    return fieldTerm(path, field, order);
  });
  const last = parts[parts.length - 1];
  const order = last?.order ?? 'asc';
  if (!parts.some((part) => part.path === '_id' || part.path === 'id')) {
    // ties broken in the order of the index that serves the last sort (sortIndexPaths), then the id
    const sorted = new Set(parts.map((part) => part.path));
    for (const tie of last ? sortIndexPaths(def, last.path).filter((path) => !sorted.has(path)) : []) terms.push(fieldTerm(tie, resolveField(def, tie)!, order));
    terms.push(ID_TERM(order));
  }
  return terms;
}

/** Sort terms as an ORDER BY list. */
const orderByList = (terms: readonly SortTerm[]) => terms.map((term) => `${term.expression} ${term.order}`).join(', ');

/** The largest page a model serves (`list.maxPageSize`). */
export const maxPageSize = (def: ResourceDef) => def.list.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE;

/** The refusal of a list without paging that has more rows than the model's page-size cap. */
export const pagingNeeded = (def: ResourceDef) =>
  invalid(`${def.labelPlural ?? def.label} has more than ${maxPageSize(def)} rows, the most one answer holds: page it with _start and _end, or _cursor`, [
    { field: '_end', message: `at most ${maxPageSize(def)} rows without paging` },
  ]);

function page(def: ResourceDef, query: RawQuery): { limit: number; offset: number; pagingOff: boolean } {
  const number = (key: string, fallback: number) => {
    const raw = query[key];
    if (raw === undefined) return fallback;
    if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw invalid(`${key} must be a whole number`, [{ field: key, message: 'must be a whole number' }]);
    return Number(raw);
  };
  const max = maxPageSize(def);
  if (query._start === undefined && query._end === undefined) return { limit: max + 1, offset: 0, pagingOff: true };
  const offset = number('_start', 0);
  const end = number('_end', offset + 25);
  if (end < offset) throw invalid('_end must not be before _start', [{ field: '_end', message: 'must not be before _start' }]);
  if (end - offset > max) throw invalid(`Page size ${end - offset} is above the maximum of ${max} for ${def.name}`, [{ field: '_end', message: `page size at most ${max}` }]);
  return { limit: end - offset, offset, pagingOff: false };
}

const splitPaths = (raw: string | string[] | undefined) =>
  (Array.isArray(raw) ? raw.join(',') : raw ?? '').split(',').map((path) => path.trim()).filter(Boolean);

/** Selected paths must be fields the caller sees, or lie inside a populated reference (checked by the populator). */
function selectList(def: ResourceDef, raw: string | string[] | undefined, rights: ReadonlySet<Right>, populate: readonly string[]): string[] {
  const paths = splitPaths(raw);
  for (const path of paths) {
    if (populate.some((populated) => isAtOrUnder(path, populated))) continue;
    const field = resolveField(def, path);
    if (!isKnownPath(def, path) || (field && !canSeeField(field, rights))) {
      throw invalid(`Unknown field "${path}" in _select`, [{ field: path, message: `Unknown field "${path}"` }]);
    }
  }
  return paths;
}

/** An equality on the id, or on a reference or text with an index of its own, leaves few rows to filter and sort. */
function narrows(def: ResourceDef, filter: ParsedFilter): boolean {
  if (filter.operator !== 'eq' && filter.operator !== 'in') return false;
  if (filter.path === '_id') return true;
  const kind = resolveField(def, filter.path)?.kind;
  return (kind === 'reference' || kind === 'text') && indexServes(def, filter.path, 'order');
}

/**
 * A filter or sort that no index serves would read the whole company's rows, so it is refused, unless the request
 * also narrows the rows by an indexed equality (the products of one merchant sort by anything).
 */
function checkServed(def: ResourceDef, unserved: Unserved[], filters: ParsedFilter[]): void {
  if (unserved.length === 0 || filters.some((filter) => narrows(def, filter))) return;
  const { what, path, needs } = unserved[0];
  if (needs) throw invalid(`Sorting ${def.name} by ${path} needs a filter on ${needs}`, [{ field: path, message: `sorting by ${path} needs a filter on ${needs}` }]);
  throw invalid(`${what} ${def.name} by ${path} is not offered: no index serves it`, [{ field: path, message: `${what.toLowerCase()} by ${path} is not offered` }]);
}

/** Parses and checks a simple-rest list request; every problem is a 400 naming the field. */
export function parseListQuery(def: ResourceDef, query: RawQuery, rights: ReadonlySet<Right>, params: Params): ListQuery {
  checkListQuery(query);
  const conditions: string[] = [];
  const filters: ParsedFilter[] = [];
  const unserved: Unserved[] = [];
  const texts: { sql: string; paths: string[] }[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (RESERVED.has(key) || value === undefined) continue;
    const raws = Array.isArray(value) ? value.map(String) : [String(value)];
    const [path, operator] = splitKey(def, key);
    const sql = condition(def, path, operator, raws, rights, params, filters, unserved);
    conditions.push(sql);
    if (operator === 'like') texts.push({ sql, paths: [path] });
  }
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  const searchable = def.list.searchable.map((path) => [path, resolveField(def, path)!] as const).filter(([, field]) => canSeeField(field, rights));
  if (q && searchable.length === 0) throw invalid(`${def.label} has no fields you can search`, [{ field: 'q', message: 'this list cannot be searched' }]);
  if (q) requireIndexableSearch('q', q, SEARCH_FOR_MORE);
  if (q) {
    const placeholder = params.add(likePattern(q));
    const sql = `(${searchable.map(([path, field]) => `${fieldExpression(path, field)} ILIKE ${placeholder}`).join(' OR ')})`;
    conditions.push(sql);
    texts.push({ sql, paths: searchable.map(([path]) => path) });
  }
  const populate = splitPaths(query._populate);
  const sorts = sortParts(def, query);
  const terms = sortTerms(def, sorts, rights, filters, unserved);
  checkServed(def, unserved, filters);
  const matchesText = Boolean(q) || filters.some((filter) => filter.operator === 'like');
  const narrowedBy = searchIndex(def)?.narrowedBy ?? [];
  const narrows = (filter: ParsedFilter) => (filter.operator === 'eq' || filter.operator === 'in') && narrowedBy.includes(filter.path);
  const sortIndex = sortIndexConditions(def, sorts, filters);
  return {
    conditions,
    filters,
    matchesText,
    textOrderedWalk: matchesText && textOrderedWalks(def, [...filters.map((filter) => filter.path), ...texts.flatMap((text) => text.paths)]),
    textWithinFilter: matchesText && filters.some(narrows),
    orderBy: orderByList(terms),
    sortTerms: terms,
    byValue: byValue(def, sorts[0]?.path, filters),
    sortIndexConditions: sortIndex,
    sortValues: sortValues(def, sorts, texts, filters, conditions, sortIndex),
    params: params.values,
    ...page(def, query),
    afterRow: query._cursor === undefined ? null : afterRowConditions(terms, decodeCursor(query._cursor, terms), params),
    select: query._select ? selectList(def, query._select, rights, populate) : null,
    populate,
  };
}
