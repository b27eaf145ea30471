import { allResources, type FieldDef, fieldsByPath, findResource, getPath, resolveField, type ResourceDef } from '@backoffice/resources';
import { localized } from './format';

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

/** Choices many definitions share, named the same everywhere. */
const SHARED_CHOICE_LABELS: Record<string, string> = { en: 'English', nl: 'Dutch' };

/** The label of a stored choice (a state, an enum value): the definition's label, else the id in words. */
export function choiceLabel(field: Pick<FieldDef, 'choiceLabels'> | undefined, value: unknown): string {
  return field?.choiceLabels?.[String(value)] ?? SHARED_CHOICE_LABELS[String(value)] ?? humanize(String(value));
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

/**
 * How to read a record's title: its title path, and when that path is a reference (a guest is named by its user),
 * the referenced record populated, whose own title names it.
 */
export function titleQuery(def: ResourceDef): { select: string[]; populate: string[] } {
  const field = resolveField(def, def.titlePath);
  const populateAs = field?.kind === 'reference' ? field.ref?.populateAs : undefined;
  return { select: ['_id', def.titlePath], populate: populateAs ? [populateAs] : [] };
}

/** A record's title as a person reads it (see titleQuery), '' when it has none. */
export function recordTitle(def: ResourceDef, record: Record<string, unknown>): string {
  const field = resolveField(def, def.titlePath);
  const target = field?.kind === 'reference' && field.ref ? findResource(field.ref.resource) : undefined;
  if (target && field?.ref?.populateAs) {
    const populated = getPath(record, field.ref.populateAs);
    return populated && typeof populated === 'object' ? recordTitle(target, populated as Record<string, unknown>) : '';
  }
  return localized(getPath(record, def.titlePath));
}
