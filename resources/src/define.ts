import { type AccessRules, type FieldDef, type KindName, type ResourceDef, type Right, RIGHTS } from './types';

export type FieldOptions = Omit<FieldDef, 'path' | 'kind'>;

/** Every admin right: for models any admin may use (templates, logs, what's new). */
export const ANY_ADMIN: readonly Right[] = RIGHTS.filter((right) => right !== 'super');
/** Mail and SMS logs hold recipients' names, emails and phone numbers: company and user admins (and super admins) only. */
export const COMMUNICATION_LOG_READERS: readonly Right[] = ['company', 'user'];

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
  json: field('json'),
  localizedText: field('localizedText'),
  list: (path: string, fields: readonly FieldDef[], options: FieldOptions = {}) => field('list')(path, { fields, ...options }),
  listOf: (path: string, itemKind: KindName, options: FieldOptions = {}) => field('list')(path, { itemKind, ...options }),
  object: (path: string, fields: readonly FieldDef[], options: FieldOptions = {}) => field('object')(path, { fields, ...options }),
  openObject: (path: string, options: FieldOptions = {}) => field('object')(path, { open: true, ...options }),
  /** a list whose items are not checked (positional arguments of a task) */
  openList: (path: string, options: FieldOptions = {}) => field('list')(path, { open: true, ...options }),
};

/** A reference at `xRef.xId`, populated beside it at `xRef.x`: `refField('merchantRef.merchantId', 'merchant')`. */
export function refField(path: string, resource: string, options: FieldOptions & { populateAs?: string } = {}): FieldDef {
  if (!path.endsWith('Id')) throw new Error(`reference path ${path} must end in Id`);
  return f.reference(path, resource, { populateAs: path.slice(0, -2), ...options });
}

/** A list of references, each item `{ userId, user? }` (`idKey` defaults to `{resource}Id`), plus optional item fields. */
export function refList(path: string, resource: string, options: FieldOptions & { idKey?: string; itemFields?: readonly FieldDef[] } = {}): FieldDef {
  const { idKey = `${resource}Id`, itemFields = [], ...rest } = options;
  return f.list(path, [refField(idKey, resource, { required: true }), ...itemFields], rest);
}

/** The tenant reference the spec shows on some models; the server fills it from the record's company. */
export function companyRefField(): FieldDef {
  return refField('companyRef.companyId', 'company', { label: 'Company', readOnly: true, import: false });
}

/** A moment: `{path}.unix` in seconds with the `{path}.date` text beside it. */
export function timeFields(path: string, options: FieldOptions = {}): FieldDef[] {
  return [f.unixTime(`${path}.unix`, options), f.text(`${path}.date`, { label: options.label && `${options.label} (date)`, import: false })];
}

/** Boolean switches `{prefix}.{name}.active`, as the spec writes module and login flags. */
export function activeFlags(prefix: string, names: readonly string[], options: FieldOptions = {}): FieldDef[] {
  return names.map((name) => f.boolean(`${prefix}.${name}.active`, { label: name, ...options }));
}

/**
 * The state shape the spec uses everywhere: `state.id` and `state.put.at.{unix,date}`, plus its history.
 * `choices` null means the spec does not name the states; `prefix` nests it (`module.attendance.`).
 */
export function stateFields(
  choices: readonly string[] | null,
  options: { indexed?: boolean; stateIdIndexed?: FieldDef['indexed']; prefix?: string; labels?: Readonly<Record<string, string>> } = {},
): FieldDef[] {
  const { indexed, stateIdIndexed = indexed, prefix = '', labels } = options;
  // states not named here are another system's codes
  const stateId = (path: string, rest: FieldOptions = {}) => (choices ? f.enum(path, choices, { choiceLabels: labels, ...rest }) : f.text(path, { code: true, ...rest }));
  return [
    stateId(`${prefix}state.id`, { indexed: stateIdIndexed, filterable: true, sortable: true, label: 'State' }),
    ...timeFields(`${prefix}state.put.at`, { indexed, sortable: true, filterable: true, label: 'State time', import: false }),
    f.reference(`${prefix}state.put.by`, 'user', { label: 'Changed by', import: false }),
    f.list(`${prefix}stateHistory`, [stateId('id'), ...timeFields('put.at'), f.reference('put.by', 'user')], { label: 'State history', import: false }),
  ];
}

/** `meta.createdAt`, `meta.updatedAt` and, for archivable models (the default), `meta.archived`. */
export function metaFields(options: { archived?: boolean | 'column'; createdIndexed?: boolean } = {}): FieldDef[] {
  // 'column': archived, without an index of its own (a composite index of the model leads with it)
  const archivedIndexed = options.archived === 'column' ? 'column' : true;
  return [
    ...(options.archived === false ? [] : [f.boolean('meta.archived', { indexed: archivedIndexed, filterable: true, label: 'Archived', default: false, import: false })]),
    f.unixTime('meta.createdAt', { readOnly: true, sortable: true, filterable: true, indexed: options.createdIndexed, label: 'Created at', import: false }),
    f.unixTime('meta.updatedAt', { readOnly: true, sortable: true, label: 'Updated at', import: false }),
  ];
}

/**
 * `name.full`, `name.description` and the localized variants that most models share.
 * `description: false` leaves out both descriptions; `imports` adds import rules to name.full and name.description.
 */
export function nameFields(options: { fullMax?: number; descriptionMax?: number; required?: boolean; description?: boolean; imports?: boolean } = {}): FieldDef[] {
  const { fullMax, descriptionMax, required, description = true, imports = false } = options;
  const full = f.text('name.full', {
    label: 'Name', max: fullMax, required, searchable: true, sortable: true, indexed: true,
    ...(imports && { import: { description: 'Name', required } }),
  });
  const localizedFull = f.localizedText('nameLocalized.full', { label: 'Localized name', max: fullMax });
  if (!description) return [full, localizedFull];
  return [
    full,
    f.text('name.description', { label: 'Description', max: descriptionMax, format: 'textarea', ...(imports && { import: { description: 'Description' } }) }),
    localizedFull,
    f.localizedText('nameLocalized.description', { label: 'Localized description', max: descriptionMax, format: 'textarea' }),
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
