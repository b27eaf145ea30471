import type { NextFunction, Request, Response } from 'express';
import type { FieldError } from '@backoffice/resources';
import { invalid } from './errors';

/** Nesting of a JSON body beyond this is refused; the deepest definition nests a handful of levels. */
export const MAX_BODY_DEPTH = 64;
/** `_start` and `_end` above this are refused; no table of the product comes near it. */
export const MAX_ROW_NUMBER = 100_000_000;
/** A search text longer than this is refused: it matches nothing useful and only costs a scan. */
export const MAX_SEARCH_LENGTH = 200;
/** More query parameters than this are refused (a list request uses a handful). */
export const MAX_QUERY_PARAMETERS = 100;
/** Keys that would reach an object's prototype when code assigns them. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const ROW_NUMBERS = ['_start', '_end'];
/** The generic list, where a filter given several times means any of the values (simple-rest's getMany). */
const GENERIC_LIST = /^\/api\/company\/model\/[^/]+\/?$/;
/**
 * Calls from outside providers, whose parameter names are theirs: MessageBird's status reports may carry the
 * price with bracketed names (`price[amount]`). The parser keeps such a name a flat key, so it is taken there.
 */
const PROVIDER_CALLBACK = /^\/api\/communication\/sms\/webhook\/?$/;
/** Parameters of the generic list that take one value. */
const LIST_SCALARS = new Set(['_start', '_end', '_sort', '_order', 'q']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type QueryValue = string | string[];

/**
 * The query string as flat texts: `a=1&a=2` gives a list (refused by `requestHygiene`), `a[b]=1` stays the key
 * `a[b]` (refused too), so no request builds objects from the query string. The result has no prototype.
 */
export function parseQueryString(search: string): Record<string, QueryValue> {
  const query = Object.create(null) as Record<string, QueryValue>;
  for (const [key, value] of new URLSearchParams(search)) {
    const before = query[key];
    query[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

class Refusal {
  constructor(
    readonly message: string,
    readonly field: string,
    readonly problem: string,
  ) {}
}

/** Why a text cannot be taken: PostgreSQL stores neither NUL characters nor lone UTF-16 surrogates. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must not contain lone surrogate characters';
  return null;
}

function checkText(text: string, field: string, what: string): void {
  const problem = textProblem(text);
  if (problem) throw new Refusal(`${what} ${problem}`, field, problem);
}

function checkKey(key: string, path: string, what: string): void {
  checkText(key, path || key, `${what} key "${path || key}"`);
  if (PROTOTYPE_KEYS.has(key)) throw new Refusal(`${what} key "${key}" is not allowed`, path || key, `key "${key}" is not allowed`);
}

const childPath = (parent: string, key: string | number) => (parent ? `${parent}.${key}` : String(key));

/**
 * Walks a parsed JSON body without recursion, so even a body nested thousands of levels deep is only
 * walked to the limit: every text and key must be storable, no key may be a prototype key.
 */
function checkBody(body: unknown): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      checkText(value, path || 'body', `Field "${path || 'body'}"`);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) {
      throw new Refusal(`The request body is nested deeper than ${MAX_BODY_DEPTH} levels at "${path}"`, path, `nested deeper than ${MAX_BODY_DEPTH} levels`);
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: childPath(path, index), depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      checkKey(key, childPath(path, key), 'Body');
      stack.push({ value: item, path: childPath(path, key), depth: depth + 1 });
    }
  }
}

function checkRowNumber(key: string, value: string): void {
  if (!/^\d+$/.test(value)) throw new Refusal(`${key} must be a whole number`, key, 'must be a whole number');
  if (Number(value) > MAX_ROW_NUMBER) throw new Refusal(`${key} must be at most ${MAX_ROW_NUMBER}`, key, `must be at most ${MAX_ROW_NUMBER}`);
}

/**
 * Every query parameter is a storable text under a plain key, given once (filters of the generic list may
 * repeat); row numbers and the search text are bounded.
 */
function checkQuery(query: Record<string, QueryValue>, repeatable: (key: string) => boolean, bracketsAllowed: boolean): void {
  const keys = Object.keys(query);
  if (keys.length > MAX_QUERY_PARAMETERS) throw new Refusal(`At most ${MAX_QUERY_PARAMETERS} query parameters`, keys[MAX_QUERY_PARAMETERS], 'too many query parameters');
  for (const key of keys) {
    const value = query[key];
    if (!bracketsAllowed && /[[\]]/.test(key)) throw new Refusal(`Query parameter "${key}" has the wrong shape: give a plain value (lists as a comma list)`, key, 'must be a plain value');
    checkText(key, key, `Query parameter "${key}"`);
    for (const segment of key.split('.')) if (PROTOTYPE_KEYS.has(segment)) throw new Refusal(`Query parameter "${key}" is not allowed`, key, 'not allowed');
    if (Array.isArray(value) && !repeatable(key)) throw new Refusal(`Query parameter "${key}" is given ${value.length} times; give it once (lists as a comma list)`, key, 'must be given once');
    for (const text of Array.isArray(value) ? value : [value]) checkText(text, key, `Query parameter "${key}"`);
    if (Array.isArray(value)) continue;
    if (ROW_NUMBERS.includes(key)) checkRowNumber(key, value);
    if ((key === 'q' || key.endsWith('_like')) && value.length > MAX_SEARCH_LENGTH) {
      throw new Refusal(`The search text of ${key} must be at most ${MAX_SEARCH_LENGTH} characters`, key, `at most ${MAX_SEARCH_LENGTH} characters`);
    }
  }
}

/**
 * The same bounds for a list query that arrives some other way than a query string (an export's `query`), checked
 * where the list parser takes it: 400 naming the parameter.
 */
export function checkListQuery(query: Record<string, unknown>): void {
  const given = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  for (const [key, value] of Object.entries(given)) {
    if (!(Array.isArray(value) ? value : [value]).every((text) => typeof text === 'string')) throw invalid(`Query parameter "${key}" must be a text or a list of texts`, [{ field: key, message: 'must be a text' }]);
  }
  try {
    checkQuery(given as Record<string, QueryValue>, (key) => !LIST_SCALARS.has(key), false);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    throw invalid(error.message, [{ field: error.field, message: error.problem }]);
  }
}

/** API answers hold personal data and money: no browser or proxy keeps them (routes may set their own). */
export function noStore(request: Request, response: Response, next: NextFunction): void {
  if (request.path.startsWith('/api')) response.setHeader('Cache-Control', 'no-store');
  next();
}

/**
 * Input checks every API request passes before any controller sees it, answering 400 with the field named:
 * texts PostgreSQL cannot store, prototype keys, bodies nested too deep, query parameters of the wrong shape,
 * row numbers and search texts out of bounds.
 */
export function requestHygiene(request: Request, response: Response, next: NextFunction): void {
  if (!request.path.startsWith('/api')) return next();
  try {
    const list = request.method === 'GET' && GENERIC_LIST.test(request.path);
    checkQuery(request.query as Record<string, QueryValue>, (key) => list && !LIST_SCALARS.has(key), PROVIDER_CALLBACK.test(request.path));
    if (request.body !== undefined) checkBody(request.body);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const errors: FieldError[] = [{ field: error.field, message: error.problem }];
    response.status(400).json({ message: error.message, errors, statusCode: 400 });
    return;
  }
  next();
}
