export type Doc = Record<string, unknown>;

export function getPath(doc: unknown, path: string): unknown {
  let current: unknown = doc;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Doc)[key];
  }
  return current;
}

export function setPath(doc: Doc, path: string, value: unknown): void {
  const keys = path.split('.');
  let current: Doc = doc;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) current[key] = {};
    current = current[key] as Doc;
  }
  current[keys[keys.length - 1]] = value;
}

export function deletePath(doc: Doc, path: string): void {
  const keys = path.split('.');
  const parent = getPath(doc, keys.slice(0, -1).join('.'));
  if (keys.length === 1) delete doc[keys[0]];
  else if (parent && typeof parent === 'object') delete (parent as Doc)[keys[keys.length - 1]];
}

export function isPlainObject(value: unknown): value is Doc {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
