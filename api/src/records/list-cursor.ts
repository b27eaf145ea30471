import { OBJECT_ID, type SqlType } from '@backoffice/resources';
import { invalid } from '../common/errors';
import type { Params, SortTerm } from './list-query';

/** The longest `_cursor` taken: a row's sort values, whose texts an index entry holds (at most about 2 700 bytes). */
const MAX_CURSOR_LENGTH = 8192;

/** What a cursor was made for: each term of the order with its direction. */
const sortOf = (terms: readonly SortTerm[]) => terms.map((term) => `${term.path} ${term.order}`).join(',');

const refused = (problem: string) => invalid(`Invalid _cursor: ${problem}`, [{ field: '_cursor', message: problem }]);

/**
 * The cursor of the rows after a row: the sort it was made for and the row's values of each sort term (the id last),
 * as base64url of their JSON. A client hands it back as it came; it names nothing a client may not read.
 */
export function encodeCursor(terms: readonly SortTerm[], values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify({ sort: sortOf(terms), after: values })).toString('base64url');
}

function fitsType(value: unknown, type: SqlType): boolean {
  if (value === null) return true;
  if (type === 'text') return typeof value === 'string';
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'bigint') return Number.isSafeInteger(value);
  return typeof value === 'number' && Number.isFinite(value);
}

/** A cursor's values, checked against the sort of the request: anything else answers 400 naming `_cursor`. */
export function decodeCursor(raw: unknown, terms: readonly SortTerm[]): unknown[] {
  if (typeof raw !== 'string' || raw.length === 0) throw refused('give it once, as the X-Next-Cursor header had it');
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw refused('not a cursor of this API');
  let decoded: { sort?: unknown; after?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw refused('not a cursor of this API');
  }
  if (decoded?.sort !== sortOf(terms)) throw refused(`made for another sort than ${sortOf(terms)}: page from the start again`);
  const values = decoded.after;
  if (!Array.isArray(values) || values.length !== terms.length) throw refused('not a cursor of this API');
  terms.forEach((term, index) => {
    const value = values[index];
    const fits = term.path === 'id' ? typeof value === 'string' && OBJECT_ID.test(value) : fitsType(value, term.sqlType);
    if (!fits) throw refused(`the value of ${term.path} does not fit its field`);
  });
  return values;
}

/**
 * The rows after a row in the order of the terms, as conditions of which exactly one holds for each such row: the
 * terms before the j-th equal to the row's, the j-th beyond it. Each is one range of the index that serves the order,
 * so a page reads as little at the millionth row as at the first (an offset passes every row before it). A null sorts
 * as PostgreSQL sorts it by default: last ascending, first descending, so beyond any value either way.
 */
export function afterRowConditions(terms: readonly SortTerm[], values: readonly unknown[], params: Params): string[] {
  const bound = values.map((value, index) => (value === null ? null : `${params.add(value)}::${terms[index].sqlType}`));
  const equal = (index: number) => (bound[index] === null ? `${terms[index].expression} IS NULL` : `${terms[index].expression} = ${bound[index]}`);
  return terms.flatMap((term, index) => {
    const before = terms.slice(0, index).map((_, earlier) => equal(earlier));
    const value = bound[index];
    const beyond = term.order === 'asc'
      ? (value === null ? [] : [`${term.expression} > ${value}`, ...(term.path === 'id' ? [] : [`${term.expression} IS NULL`])])
      : [value === null ? `${term.expression} IS NOT NULL` : `${term.expression} < ${value}`];
    return beyond.map((condition) => [...before, condition].join(' AND '));
  });
}
