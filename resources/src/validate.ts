import { canWriteField, fieldsHolding, fieldsWith, perDefinition, resolveField } from './field-index';
import { btreeIndexes } from './list-indexes';
import { KINDS } from './kinds';
import { type Doc, copyDoc, deletePath, getPath, isPlainObject, setPath } from './paths';
import type { FieldDef, FieldError, ResourceDef, Right } from './types';

export type { FieldError } from './types';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Checks one value against its field: kind rules, then the sub-fields of list items and objects. */
function checkValue(field: FieldDef, value: unknown, path: string, errors: FieldError[]): void {
  if (value === null) {
    if (field.required) errors.push({ field: path, message: `${path} is required` });
    return;
  }
  const kind = KINDS[field.kind];
  const problem = kind.check(value, field);
  if (problem) {
    errors.push({ field: path, message: `${path} ${problem}` });
    return;
  }
  if (field.kind === 'list' && Array.isArray(value)) {
    value.forEach((item, index) => {
      const itemPath = `${path}.${index}`;
      if (field.fields) {
        if (!isPlainObject(item)) errors.push({ field: itemPath, message: `${itemPath} must be an object` });
        else checkObject(field.fields, item, `${itemPath}.`, errors, true);
      } else if (field.itemKind) {
        const { choices, pattern, patternMessage, format } = field;
        checkValue({ path: itemPath, kind: field.itemKind, choices, pattern, patternMessage, format }, item, itemPath, errors);
      }
    });
  }
  if (field.kind === 'object' && field.fields && isPlainObject(value)) checkObject(field.fields, value, `${path}.`, errors, true);
}

interface FieldSetIndex {
  byPath: Map<string, FieldDef>;
  /**
   * The known paths below each object that holds fields of the set ('' for the top, `name` for `name.full`), by key:
   * a walk looks them up instead of making each anew.
   */
  children: Map<string, Map<string, string>>;
  required: FieldDef[];
}

const fieldSetIndexes = new WeakMap<readonly FieldDef[], FieldSetIndex>();

function fieldSetIndex(fields: readonly FieldDef[]): FieldSetIndex {
  let index = fieldSetIndexes.get(fields);
  if (!index) {
    const children = new Map<string, Map<string, string>>();
    for (const field of fields) {
      const keys = field.path.split('.');
      keys.forEach((key, depth) => {
        const parent = keys.slice(0, depth).join('.');
        const path = keys.slice(0, depth + 1).join('.');
        if (!children.has(parent)) children.set(parent, new Map());
        children.get(parent)!.set(key, path);
      });
    }
    index = { byPath: new Map(fields.map((field) => [field.path, field])), children, required: fields.filter((field) => field.required) };
    fieldSetIndexes.set(fields, index);
  }
  return index;
}

/** Walks an object against a set of fields: unknown keys are errors, known ones are checked. */
function checkObject(fields: readonly FieldDef[], doc: Doc, prefix: string, errors: FieldError[], checkRequired: boolean): void {
  const { byPath, children, required } = fieldSetIndex(fields);
  const walk = (node: Doc, relative: string) => {
    const known = children.get(relative);
    for (const key of Object.keys(node)) {
      const value = node[key];
      const rel = known?.get(key) ?? (relative ? `${relative}.${key}` : key);
      const full = prefix + rel;
      // a key is one step of a path: `{"name.full": …}` names no field, however its text reads
      const field = known?.has(key) ? byPath.get(rel) : undefined;
      if (field) {
        if (value !== undefined) checkValue(field, value, full, errors);
        continue;
      }
      if (key === 'euro' && byPath.get(`${relative}.cents`)?.kind === 'money') continue;
      if (!known?.has(key) || !children.has(rel)) errors.push({ field: full, message: `${full} is not a field of this model` });
      else if (value === null) continue;
      else if (!isPlainObject(value)) errors.push({ field: full, message: `${full} must be an object` });
      else walk(value, rel);
    }
  };
  walk(doc, '');
  if (checkRequired) {
    for (const field of required) {
      if (isEmpty(getPath(doc, field.path))) {
        const full = prefix + field.path;
        if (!errors.some((error) => error.field === full)) errors.push({ field: full, message: `${full} is required` });
      }
    }
  }
}

/** The rules of these fields alone (a form checking one field as it is typed), without the record's own checks. */
export function fieldErrors(fields: readonly FieldDef[], doc: Doc): FieldError[] {
  const errors: FieldError[] = [];
  checkObject(fields, doc, '', errors, true);
  return errors;
}

/** Validates a whole record against its definition. */
export function validateRecord(def: ResourceDef, doc: Doc): FieldError[] {
  const errors = fieldErrors(def.fields, doc);
  for (const check of def.checks ?? []) errors.push(...check(doc));
  if (errors.length === 0) errors.push(...indexEntryErrors(def, doc));
  return errors;
}

/**
 * Bytes of text one btree index entry may hold. PostgreSQL refuses an entry over 2 704 bytes (a third of a page);
 * beside its texts it holds the company, the id and the numbers of its keys.
 */
export const INDEX_TEXT_BYTES = 2400;

/** The text fields of each btree index of a model: its keys and the matched texts it carries. */
const indexTexts = perDefinition((def: ResourceDef): readonly string[][] =>
  btreeIndexes(def)
    .map((index) => [...index.keys, ...index.included].filter((path) => resolveField(def, path)?.kind === 'text'))
    .filter((paths) => paths.length > 0),
);

/** UTF-8 bytes of a text, as PostgreSQL stores it (TextEncoder: in Node and in the admin's browser alike). */
const UTF8 = new TextEncoder();
const utf8Bytes = (text: string) => UTF8.encode(text).length;

/**
 * The texts a record puts into one index entry must fit it together (a name, an email and a mobile number in every
 * index of users); the longest of an entry that does not fit is named, whatever path the write came through.
 */
function indexEntryErrors(def: ResourceDef, doc: Doc): FieldError[] {
  const sizes = new Map<string, number>();
  const size = (path: string) => {
    if (!sizes.has(path)) {
      const value = getPath(doc, path);
      sizes.set(path, typeof value === 'string' ? utf8Bytes(value) : 0);
    }
    return sizes.get(path)!;
  };
  const errors: FieldError[] = [];
  for (const texts of indexTexts(def)) {
    const total = texts.reduce((sum, path) => sum + size(path), 0);
    if (total <= INDEX_TEXT_BYTES) continue;
    const longest = texts.reduce((a, b) => (size(b) > size(a) ? b : a));
    if (errors.some((error) => error.field === longest)) continue;
    errors.push({ field: longest, message: `${longest} is too long: the texts this record is sorted and searched by must fit ${INDEX_TEXT_BYTES} bytes together` });
  }
  return errors;
}

/** Fields of a reference that a read may populate, and those holding some. */
const populatingFields = fieldsHolding((field) => Boolean(field.ref?.populateAs));

function stripPopulated(all: readonly FieldDef[], node: Doc): void {
  for (const field of populatingFields(all)) {
    if (field.ref?.populateAs) deletePath(node, field.ref.populateAs);
    const value = getPath(node, field.path);
    if (field.kind === 'object' && field.fields && isPlainObject(value)) stripPopulated(field.fields, value);
    if (field.kind === 'list' && field.fields && Array.isArray(value)) {
      for (const item of value) if (isPlainObject(item)) stripPopulated(field.fields, item);
    }
  }
}

/** A copy of an input body without populated references (`merchantRef.merchant`, `adminCompanyRef.0.user`): they are never stored. */
export function withoutPopulated(def: ResourceDef, doc: Doc): Doc {
  const copy = copyDoc(doc);
  stripPopulated(def.fields, copy);
  return copy;
}

/** Fields a write may be refused at, and those that hold some: every other field may be written by anyone. */
const restrictedFields = fieldsHolding((field) => Boolean(field.readOnly || field.writeVia === 'endpoint' || field.writeRights));

/**
 * Paths in an input body the caller may not write: read-only, rights-restricted, or (unless `byEndpoint`) only
 * written by the domain endpoint made for them. Sub-fields of list items are checked too.
 */
export function forbiddenWrites(def: ResourceDef, body: Doc, rights: ReadonlySet<Right>, byEndpoint = false): FieldError[] {
  const errors: FieldError[] = [];
  const check = (fields: readonly FieldDef[], node: unknown, prefix: string) => {
    for (const field of restrictedFields(fields)) {
      const value = getPath(node, field.path);
      if (value === undefined) continue;
      const path = prefix + field.path;
      if (!canWriteField(field, rights, byEndpoint)) {
        const why = field.readOnly ? 'is set by the server' : field.writeVia === 'endpoint' && !byEndpoint && !rights.has('super') ? 'is changed through its own action only' : 'may not be changed by you';
        errors.push({ field: path, message: `${path} ${why}` });
      } else if (field.kind === 'object' && field.fields) check(field.fields, value, `${path}.`);
      else if (field.kind === 'list' && field.fields && Array.isArray(value)) value.forEach((item, index) => check(field.fields!, item, `${path}.${index}.`));
    }
  };
  check(def.fields, body, '');
  return errors;
}

/** Deep merge for PATCH: objects merge, everything else (lists included) replaces. */
export function mergePatch(target: Doc, patch: Doc): Doc {
  const result: Doc = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    result[key] = isPlainObject(value) && isPlainObject(result[key]) ? mergePatch(result[key] as Doc, value) : value;
  }
  return result;
}

const fieldsWithDefaults = perDefinition((def) => fieldsWith(def, (field) => field.default !== undefined));

/** Default values of fields that declare one, for new records. */
export function withDefaults(def: ResourceDef, doc: Doc): Doc {
  return fillDefaults(def, copyDoc(doc));
}

/** `withDefaults` on a document the caller owns: the defaults are set in it. */
export function fillDefaults(def: ResourceDef, doc: Doc): Doc {
  for (const [path, field] of fieldsWithDefaults(def)) {
    if (getPath(doc, path) === undefined) setPath(doc, path, copyDoc(field.default));
  }
  return doc;
}
