import { type Doc, deletePath, getPath, setPath, isAtOrUnder, resolveField, effectiveRights, type FieldError, forbiddenWrites, type ResourceDef, type Right, validateRecord } from '@backoffice/resources';
import { labelOf } from '../../definitions/screens';
import type { ApiFieldError } from '../../providers/http';
import { isEditable, pruneUndefined, shortMessage } from './field-rules';

/** Form values → the body to send: undefined dropped, fields the user may not write left out. */
export function bodyFromValues(def: ResourceDef, values: Doc, rights: readonly Right[]): Doc {
  const body = pruneUndefined(values) as Doc;
  for (const problem of forbiddenWrites(def, body, effectiveRights(rights))) deletePath(body, problem.field);
  return body;
}

/**
 * The values antd passes on submit (a fresh copy, added to here), with the form store's value of each held path they
 * lack. antd passes only the fields that are drawn, and a form draws its lower fields and hidden tabs just after the
 * first paint: a Save pressed before then would send a body without them (and a required one among them would fail
 * where nobody sees it).
 */
export function withHeldFields(values: Doc, paths: readonly string[], form: { getFieldValue(name: string[]): unknown }): Doc {
  for (const path of paths) {
    const held = form.getFieldValue(path.split('.'));
    if (getPath(values, path) === undefined && held !== undefined) setPath(values, path, held);
  }
  return values;
}

/** The shared validator on the whole body, as antd field errors. */
export function formErrors(def: ResourceDef, body: Doc): { name: (string | number)[]; errors: string[] }[] {
  return validateRecord(def, body).map((error) => toFormError(error));
}

export type FormError = ReturnType<typeof toFormError>;

/**
 * Form values → the body to send and the shared rules' errors, which are put on the form's fields at once
 * (the caller decides where to take the user: the first field, the tab that holds it).
 */
export function checkedBody(def: ResourceDef, values: Doc, rights: readonly Right[], form: { setFields(errors: FormError[]): void }): { body: Doc; errors: FormError[] } {
  const body = bodyFromValues(def, values, rights);
  const errors = formErrors(def, body);
  if (errors.length > 0) form.setFields(errors);
  return { body, errors };
}

/**
 * The errors a form could not put on their fields, as lines naming the field: fields not drawn yet keep no error
 * (antd's setFields holds errors only for fields that are there), so the page shows these above the form.
 */
export function undrawnErrors(def: ResourceDef, errors: readonly FormError[], form: { getFieldError(name: (string | number)[]): string[] }, t: (key: string) => string): ApiFieldError[] {
  return errors
    .filter((error) => form.getFieldError(error.name).length === 0)
    .map((error) => {
      const field = error.name.join('.');
      return { field, message: `${t(labelOf(def, field))}: ${error.errors[0]}` };
    });
}

export function toFormError(error: FieldError): { name: (string | number)[]; errors: string[] } {
  return {
    name: error.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: [shortMessage(error.message, error.field)],
  };
}

/** Whether an error path belongs to a field the generated form shows (list indexes ignored). */
export function isOnForm(def: ResourceDef, path: string, hide: readonly string[] = []): boolean {
  const plain = path.replace(/\.\d+(?=\.|$)/g, '');
  if (hide.some((hidden) => isAtOrUnder(plain, hidden))) return false;
  const parts = plain.split('.');
  for (let end = parts.length; end > 0; end--) {
    const field = resolveField(def, parts.slice(0, end).join('.'));
    if (field) return isEditable(field);
  }
  return false;
}
