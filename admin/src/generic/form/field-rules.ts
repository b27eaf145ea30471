import { type Doc, type FieldDef, fieldErrors, isPlainObject, type ResourceDef } from '@backoffice/resources';
import type { Rule } from 'antd/es/form';

/** 'name.full must be at most 50 characters' → 'Must be at most 50 characters' (the label sits beside the field). */
export function shortMessage(message: string, path: string): string {
  const rest = message.startsWith(`${path} `) ? message.slice(path.length + 1) : message;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The shared validator's verdict on one value of one field, or null. */
export function fieldProblem(field: FieldDef, value: unknown): string | null {
  const doc: Doc = value === undefined ? {} : { value };
  const [error] = fieldErrors([{ ...field, path: 'value' }], doc).filter((entry) => entry.field === 'value' || entry.field.startsWith('value.'));
  return error ? shortMessage(error.message, error.field) : null;
}

/** antd rules that run the shared validator, so the form shows the API's rules before sending. */
export function rulesFor(field: FieldDef, translate: (message: string) => string): Rule[] {
  return [
    {
      validator: async (_rule, value) => {
        const problem = fieldProblem(field, value);
        if (problem) throw new Error(translate(problem));
      },
    },
  ];
}

/** Form values without undefined entries, ready to send. */
export function pruneUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : pruneUndefined(item)));
  if (isPlainObject(value)) {
    const result: Doc = {};
    for (const [key, entry] of Object.entries(value)) {
      if (entry === undefined) continue;
      result[key] = pruneUndefined(entry);
    }
    return result;
  }
  return value;
}

/** Whether a field belongs on the generated form. */
export function isEditable(field: FieldDef): boolean {
  return !field.readOnly && !field.secret;
}

/** Archiving is a row action, not a form field. */
const NOT_ON_FORMS = ['meta.archived'];

/** The fields the generated form of a definition holds, in their order. */
export function formFields(def: ResourceDef, hide: readonly string[] = []): FieldDef[] {
  return def.fields.filter((field) => isEditable(field) && !isDerivedDate(field, def.fields) && !hide.includes(field.path) && !NOT_ON_FORMS.includes(field.path));
}

/** `x.date` text beside an editable `x.unix` is derived from the time: the form shows only the time picker. */
export function isDerivedDate(field: FieldDef, siblings: readonly FieldDef[]): boolean {
  if (field.kind !== 'text' || !field.path.endsWith('.date')) return false;
  const unix = `${field.path.slice(0, -'.date'.length)}.unix`;
  return siblings.some((sibling) => sibling.path === unix && sibling.kind === 'unixTime' && isEditable(sibling));
}
