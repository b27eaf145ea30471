import { allResources, type FieldDef, fieldsByPath, findResource, type ResourceDef } from '@backoffice/resources';

/** Resources that have admin screens (a route in their definition). */
export function screenResources(): ResourceDef[] {
  return allResources().filter((def) => def.screens?.route);
}

export function listPath(def: ResourceDef): string {
  return def.screens?.route ?? `/company/${def.name}`;
}

/** The spec's create route is `{route}/create/edit`: the edit screen with the id 'create'. */
export function createPath(def: ResourceDef): string {
  return `${listPath(def)}/create/edit`;
}

export function editPath(def: ResourceDef, id: string): string {
  return `${listPath(def)}/${encodeURIComponent(id)}/edit`;
}

export function requireResource(name: string): ResourceDef {
  const def = findResource(name);
  if (!def) throw new Error(`modelname-not-found: ${name}`);
  return def;
}

/** 'name.full' → 'Full'; 'meta.createdAt' → 'Created at'. */
export function humanize(path: string): string {
  const last = path.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? path;
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function fieldLabel(field: FieldDef | undefined, path: string): string {
  return field?.label ?? humanize(path);
}

export function labelOf(def: ResourceDef, path: string): string {
  if (path === '_id') return 'Id';
  return fieldLabel(fieldsByPath(def).get(path), path);
}

export function pluralLabel(def: ResourceDef): string {
  return def.labelPlural ?? `${def.label}s`;
}
