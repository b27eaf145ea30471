import type { FieldDef, ResourceDef, Right } from './types';

/** Fields of a resource by their full path, including the sub-fields of objects (not of list items). */
export function fieldsByPath(def: ResourceDef): Map<string, FieldDef> {
  const cached = cache.get(def);
  if (cached) return cached;
  const map = new Map<string, FieldDef>();
  const add = (fields: readonly FieldDef[], prefix: string) => {
    for (const field of fields) {
      const path = prefix + field.path;
      map.set(path, field);
      if (field.kind === 'object' && field.fields) add(field.fields, `${path}.`);
    }
  };
  add(def.fields, '');
  cache.set(def, map);
  return map;
}
const cache = new WeakMap<ResourceDef, Map<string, FieldDef>>();

/** The field at a path, or the item field of a list (`stateHistory.id`). */
export function resolveField(def: ResourceDef, path: string): FieldDef | undefined {
  const byPath = fieldsByPath(def);
  const direct = byPath.get(path);
  if (direct) return direct;
  for (const [listPath, field] of byPath) {
    if (field.kind === 'list' && field.fields && path.startsWith(`${listPath}.`)) {
      const rest = path.slice(listPath.length + 1);
      return field.fields.find((sub) => sub.path === rest);
    }
  }
  return undefined;
}

/** True when the path names a field or an object that holds fields (`name` for `name.full`). */
export function isKnownPath(def: ResourceDef, path: string): boolean {
  if (path === '_id') return true;
  if (resolveField(def, path)) return true;
  const prefix = `${path}.`;
  for (const key of fieldsByPath(def).keys()) if (key.startsWith(prefix)) return true;
  return false;
}

/** Effective rights: company admins hold the five sub-rights too. */
export function canSeeField(field: FieldDef, rights: ReadonlySet<Right>): boolean {
  if (field.secret) return false;
  if (!field.readRights || rights.has('super')) return true;
  return field.readRights.some((right) => rights.has(right));
}

export function canWriteField(field: FieldDef, rights: ReadonlySet<Right>): boolean {
  if (field.readOnly) return false;
  if (!field.writeRights || rights.has('super')) return true;
  return field.writeRights.some((right) => rights.has(right));
}

/** Every field path hidden from these rights (secret or rights-restricted), for stripping records. */
export function hiddenPaths(def: ResourceDef, rights: ReadonlySet<Right>): string[] {
  return [...fieldsByPath(def)].filter(([, field]) => !canSeeField(field, rights)).map(([path]) => path);
}

/** Fields that are indexed columns. */
export function indexedFields(def: ResourceDef): [string, FieldDef][] {
  return [...fieldsByPath(def)].filter(([, field]) => field.indexed);
}
