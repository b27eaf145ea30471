import {
  type Doc,
  type FieldDef,
  type ResourceDef,
  type Right,
  canSeeField,
  canWriteField,
  copyDoc,
  deletePath,
  fieldsByPath,
  getPath,
  isAtOrUnder,
  pathLabel,
  perDefinition,
  sameJson,
  setPath,
} from '@backoffice/resources';
import { type AuditChange, secretPaths } from '../audit/audit-diff';

/**
 * A record as it was before some writes: the current document with the changes of those writes' audit entries
 * undone, newest first. A leaf a write added (old null) is taken away; secrets, stored redacted, stay as they are.
 */
export function undoWrites(def: ResourceDef, current: Doc, newerFirst: readonly (readonly AuditChange[])[]): Doc {
  const doc = copyDoc(current);
  const secrets = secretPaths(def);
  for (const changes of newerFirst) {
    for (const change of changes) {
      if (change.path === '' || secrets.some((secret) => isAtOrUnder(change.path, secret))) continue;
      if (change.old === null) deletePath(doc, change.path);
      else setPath(doc, change.path, copyDoc(change.old));
    }
  }
  return doc;
}

/** The fields a restore compares: each field that holds a value of its own (an object's fields stand for it). */
const restoredFields = perDefinition((def) => [...fieldsByPath(def)].filter(([, field]) => field.kind !== 'object' || !field.fields));

/** Fields the server sets or derives: a restore leaves them to the write, they are not the restorer's to put back. */
const serverSet = (field: FieldDef) => Boolean(field.readOnly || field.derive);

/**
 * The patch that puts a record back in an earlier state, field by field, as far as the restorer may: fields they may
 * not read are left out, and fields they read but may not write are left as they are and named (`unrestored`).
 * A value the earlier state did not hold is cleared (null).
 */
export function restorePatch(def: ResourceDef, rights: ReadonlySet<Right>, current: Doc, earlier: Doc): { patch: Doc; unrestored: { path: string; label: string }[] } {
  const patch: Doc = {};
  const unrestored: { path: string; label: string }[] = [];
  for (const [path, field] of restoredFields(def)) {
    const was = getPath(earlier, path);
    if (sameJson(getPath(current, path) ?? null, was ?? null) || serverSet(field) || !canSeeField(field, rights)) continue;
    if (canWriteField(field, rights)) setPath(patch, path, was ?? null);
    else unrestored.push({ path, label: pathLabel(def, path) });
  }
  return { patch, unrestored };
}
