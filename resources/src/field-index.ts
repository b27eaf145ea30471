import type { FieldDef, ImportRule, ResourceDef, Right } from './types';

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

/**
 * Something derived from a definition, computed once per definition: the write path asks for the same lists
 * (fields with defaults, secrets, passwords) for every row of a 100 000-row import.
 */
export function perDefinition<T>(derive: (def: ResourceDef) => T): (def: ResourceDef) => T {
  const derived = new WeakMap<ResourceDef, T>();
  return (def) => {
    if (!derived.has(def)) derived.set(def, derive(def));
    return derived.get(def)!;
  };
}

/**
 * The fields of a set that pass `test` or hold some that do (objects, lists of items), computed once per set: a
 * check that reads a document at these alone skips the fields it can say nothing of, where reading every field of
 * the definition for each row of an import was most of the check.
 */
export function fieldsHolding(test: (field: FieldDef) => boolean): (fields: readonly FieldDef[]) => readonly FieldDef[] {
  const found = new WeakMap<readonly FieldDef[], readonly FieldDef[]>();
  const holding = (fields: readonly FieldDef[]): readonly FieldDef[] => {
    let matches = found.get(fields);
    if (!matches) {
      matches = fields.filter((field) => test(field) || (field.fields !== undefined && holding(field.fields).length > 0));
      found.set(fields, matches);
    }
    return matches;
  };
  return holding;
}

/** The fields that match, by full path. */
export const fieldsWith = (def: ResourceDef, matches: (field: FieldDef) => boolean): [string, FieldDef][] => [...fieldsByPath(def)].filter(([, field]) => matches(field));

/**
 * The field at a path, the item field of a list (`stateHistory.id`), or one language of a localized text
 * (`nameLocalized.full.en`, a text field with the localized field's rules; `required` holds for English only).
 */
export function resolveField(def: ResourceDef, path: string): FieldDef | undefined {
  const byPath = fieldsByPath(def);
  const direct = byPath.get(path);
  if (direct) return direct;
  for (const [listPath, field] of byPath) {
    if (field.kind === 'list' && field.fields && path.startsWith(`${listPath}.`)) {
      const rest = path.slice(listPath.length + 1);
      const item = field.fields.find((sub) => sub.path === rest);
      if (item) return item;
    }
  }
  const language = /^(.+)\.(en|nl)$/.exec(path);
  const localized = language ? resolveField(def, language[1]) : undefined;
  if (language && localized?.kind === 'localizedText') {
    return { ...localized, path, kind: 'text', indexed: false, required: localized.required && language[2] === 'en' };
  }
  return undefined;
}

/** A reference that `_populate` can fill: the id path, the path the record lands at, and the field. */
export interface PopulateTarget {
  idPath: string;
  populatePath: string;
  field: FieldDef;
}

/** Every reference with a populate path, by that path (`merchantRef.merchant`; list items as `adminCompanyRef.user`). */
export function populateTargets(def: ResourceDef): Map<string, PopulateTarget> {
  const targets = new Map<string, PopulateTarget>();
  const add = (fields: readonly FieldDef[], prefix: string) => {
    for (const field of fields) {
      if (field.ref?.populateAs) {
        targets.set(prefix + field.ref.populateAs, { idPath: prefix + field.path, populatePath: prefix + field.ref.populateAs, field });
      }
      if (field.fields) add(field.fields, `${prefix}${field.path}.`);
    }
  };
  add(def.fields, '');
  return targets;
}

/** Fields the import and patch wizards offer: those with an `import` rule, by full path. */
export function importFields(def: ResourceDef): [string, FieldDef, ImportRule][] {
  return [...fieldsByPath(def)].flatMap(([path, field]) => (field.import ? [[path, field, field.import] as [string, FieldDef, ImportRule]] : []));
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

/** Whether the rights may write a field through the generic create, patch and import (`byEndpoint`: through a domain endpoint). */
export function canWriteField(field: FieldDef, rights: ReadonlySet<Right>, byEndpoint = false): boolean {
  if (field.readOnly) return false;
  // platform staff may set them by hand (fixing a provider's data); no company admin may
  if (field.writeVia === 'endpoint' && !byEndpoint && !rights.has('super')) return false;
  if (!field.writeRights || rights.has('super')) return true;
  return field.writeRights.some((right) => rights.has(right));
}

/** Hidden paths by definition and set of rights: a list answers many records for one caller. */
const hiddenByRights = perDefinition(() => new Map<string, readonly string[]>());

/** Every field path hidden from these rights (secret or rights-restricted), for stripping records. */
export function hiddenPaths(def: ResourceDef, rights: ReadonlySet<Right>): readonly string[] {
  const key = [...rights].sort().join(',');
  const known = hiddenByRights(def);
  let paths = known.get(key);
  if (!paths) known.set(key, (paths = [...fieldsByPath(def)].filter(([, field]) => !canSeeField(field, rights)).map(([path]) => path)));
  return paths;
}

/** Fields that are indexed columns. */
export function indexedFields(def: ResourceDef): [string, FieldDef][] {
  return [...fieldsByPath(def)].filter(([, field]) => field.indexed);
}

/**
 * Whether a search text can use the trigram indexes: it needs three letters or digits in a row. Anything less
 * (`%%%`, `a`) would make every row a candidate and the search a scan of the whole table.
 */
export function isIndexableSearch(q: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(q);
}

/** A choice field's choices grouped by their labels, in the order of the choices (the mail overview's state tabs). */
export function choicesByLabel(field: FieldDef): { label: string; choices: string[] }[] {
  const groups: { label: string; choices: string[] }[] = [];
  for (const choice of field.choices ?? []) {
    const label = field.choiceLabels?.[choice] ?? choice;
    const group = groups.find((candidate) => candidate.label === label);
    if (group) group.choices.push(choice);
    else groups.push({ label, choices: [choice] });
  }
  return groups;
}
