export type Doc = Record<string, unknown>;

/**
 * Paths split once: validation, defaults, rights and audit read every field of every row by its path, and
 * splitting the same few hundred paths again for each of 100 000 imported rows was most of an import's time.
 * Paths come from the definitions and from checked query keys; the cache is emptied if it ever grows large.
 */
const splitPaths = new Map<string, readonly string[]>();
const MAX_CACHED_PATHS = 10_000;

function keysOf(path: string): readonly string[] {
  let keys = splitPaths.get(path);
  if (keys === undefined) {
    if (splitPaths.size >= MAX_CACHED_PATHS) splitPaths.clear();
    keys = path.split('.');
    splitPaths.set(path, keys);
  }
  return keys;
}

export function getPath(doc: unknown, path: string): unknown {
  let current: unknown = doc;
  for (const key of keysOf(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Doc)[key];
  }
  return current;
}

export function setPath(doc: Doc, path: string, value: unknown): void {
  const keys = keysOf(path);
  let current: Doc = doc;
  for (let index = 0; index < keys.length - 1; index++) {
    const key = keys[index];
    const next = current[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) current[key] = {};
    current = current[key] as Doc;
  }
  current[keys[keys.length - 1]] = value;
}

export function deletePath(doc: Doc, path: string): void {
  const keys = keysOf(path);
  let parent: unknown = doc;
  for (let index = 0; index < keys.length - 1 && parent !== null && typeof parent === 'object'; index++) parent = (parent as Doc)[keys[index]];
  if (parent !== null && typeof parent === 'object') delete (parent as Doc)[keys[keys.length - 1]];
}

/** Whether `path` is `parent` or a path inside it (`amount.cents` is inside `amount`, `amountLeft` is not). */
export function isAtOrUnder(path: string, parent: string): boolean {
  return path === parent || path.startsWith(`${parent}.`);
}

export function isPlainObject(value: unknown): value is Doc {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Whether two values are the same JSON: objects key by key whatever their order (a key holding undefined is no key,
 * as in JSON), arrays item by item; an object of a class (a Date, a Buffer) is compared as its JSON text. The checks
 * of what a write changed compare this way: both sides as JSON.stringify texts took three to four times as long and
 * left their texts to the garbage collector (a bank file's 20 000 payments compared key by key: 130-150 ms against
 * 34-54 ms).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // a Date is the same JSON as its ISO text
  if (isClassInstance(a) || isClassInstance(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    // JSON writes an undefined item as null
    for (let index = 0; index < a.length; index++) if (!sameJson(a[index] ?? null, b[index] ?? null)) return false;
    return true;
  }
  let keys = 0;
  for (const key of Object.keys(a)) {
    const value = (a as Doc)[key];
    if (value === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(b, key) || !sameJson(value, (b as Doc)[key])) return false;
    keys++;
  }
  for (const key of Object.keys(b)) if ((b as Doc)[key] !== undefined) keys--;
  return keys === 0;
}

/** An object as JSON makes it, not a Date, a Buffer or another class's. */
function isPlainData(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** An object of a class (a Date, a Buffer), not plain data nor an array. */
const isClassInstance = (value: unknown): value is object => value !== null && typeof value === 'object' && !Array.isArray(value) && !isPlainData(value);

/**
 * A deep copy of a JSON document, as request bodies and the database hold them. Several times faster than
 * structuredClone on plain data, which matters where every row of a batch or a page is copied; anything
 * that is not plain data (a Date, a Buffer) is copied by structuredClone.
 */
export function copyDoc<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyDoc) as T;
  if (!isPlainData(value)) return structuredClone(value);
  const copy: Doc = {};
  for (const key of Object.keys(value)) {
    const inner = copyDoc((value as Doc)[key]);
    // a parsed "__proto__" key is an own property; assigning it would change the copy's prototype instead
    if (key === '__proto__') Object.defineProperty(copy, key, { value: inner, enumerable: true, writable: true, configurable: true });
    else copy[key] = inner;
  }
  return copy as T;
}
