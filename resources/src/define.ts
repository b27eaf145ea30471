import type { AccessRules, FieldDef, KindName, ResourceDef, Right } from './types';

type FieldOptions = Omit<FieldDef, 'path' | 'kind'>;

const field = (kind: KindName) => (path: string, options: FieldOptions = {}): FieldDef => ({ path, kind, ...options });

/** Field builders: `text('name.full', { max: 75 })`. */
export const f = {
  text: field('text'),
  number: field('number'),
  integer: (path: string, options: FieldOptions = {}) => field('number')(path, { integer: true, ...options }),
  money: field('money'),
  enum: (path: string, choices: readonly string[], options: FieldOptions = {}) => field('enum')(path, { choices, ...options }),
  boolean: field('boolean'),
  unixTime: field('unixTime'),
  reference: (path: string, resource: string, options: FieldOptions & { populateAs?: string } = {}) => {
    const { populateAs, ...rest } = options;
    return field('reference')(path, { ref: { resource, populateAs }, ...rest });
  },
  image: field('image'),
  geojson: field('geojson'),
  localizedText: field('localizedText'),
  list: (path: string, fields: readonly FieldDef[], options: FieldOptions = {}) => field('list')(path, { fields, ...options }),
  listOf: (path: string, itemKind: KindName, options: FieldOptions = {}) => field('list')(path, { itemKind, ...options }),
  object: (path: string, fields: readonly FieldDef[], options: FieldOptions = {}) => field('object')(path, { fields, ...options }),
  openObject: (path: string, options: FieldOptions = {}) => field('object')(path, { open: true, ...options }),
};

/** The state shape the spec uses everywhere: `state.id` and `state.put.at.{unix,date}`, plus its history. */
export function stateFields(choices: readonly string[] | null, options: { indexed?: boolean } = {}): FieldDef[] {
  const id = choices ? f.enum('state.id', choices, { indexed: options.indexed, filterable: true, sortable: true }) : f.text('state.id', { indexed: options.indexed, filterable: true, sortable: true });
  return [
    { ...id, label: 'State' },
    f.unixTime('state.put.at.unix', { indexed: options.indexed, sortable: true, filterable: true, label: 'State time' }),
    f.text('state.put.at.date', { label: 'State date' }),
    f.reference('state.put.by', 'user', { label: 'Changed by' }),
    f.list('stateHistory', [
      choices ? f.enum('id', choices) : f.text('id'),
      f.unixTime('put.at.unix'),
      f.text('put.at.date'),
      f.reference('put.by', 'user'),
    ], { label: 'State history' }),
  ];
}

/** `meta.archived`, `meta.createdAt` and friends every archivable model carries. */
export function metaFields(): FieldDef[] {
  return [
    f.boolean('meta.archived', { indexed: true, filterable: true, label: 'Archived', default: false, import: false }),
    f.unixTime('meta.createdAt', { readOnly: true, sortable: true, label: 'Created at', import: false }),
    f.unixTime('meta.updatedAt', { readOnly: true, sortable: true, label: 'Updated at', import: false }),
  ];
}

/** `name.full`, `name.description` and the localized variants that most models share. */
export function nameFields(options: { fullMax?: number; descriptionMax?: number; required?: boolean } = {}): FieldDef[] {
  return [
    f.text('name.full', { label: 'Name', max: options.fullMax, required: options.required, searchable: true, sortable: true, indexed: true }),
    f.text('name.description', { label: 'Description', max: options.descriptionMax, format: 'textarea' }),
    f.localizedText('nameLocalized.full', { label: 'Localized name', max: options.fullMax }),
    f.localizedText('nameLocalized.description', { label: 'Localized description', max: options.descriptionMax, format: 'textarea' }),
  ];
}

/** Access rules: every action lists the rights allowed; super admins are always allowed. */
export function access(rules: Partial<AccessRules> & { read: readonly Right[] | false; write?: readonly Right[] | false }): AccessRules {
  const write = rules.write ?? [];
  return {
    read: rules.read,
    create: rules.create ?? write,
    update: rules.update ?? write,
    archive: rules.archive ?? write,
    delete: rules.delete ?? write,
    import: rules.import ?? write,
    export: rules.export ?? rules.read,
    patch: rules.patch ?? [],
  };
}

export function defineResource(def: ResourceDef): ResourceDef {
  return def;
}
