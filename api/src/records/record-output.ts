import { type ResourceDef, type Right, deletePath, fieldsByPath, getPath, hiddenPaths, setPath } from '@backoffice/resources';
import type { Doc, StoredRecord } from './record-repository';

/** Adds `.euro` beside every `.cents` amount so screens and exports can show euros. */
function addEuros(def: ResourceDef, doc: Doc): void {
  for (const [path, field] of fieldsByPath(def)) {
    if (field.kind !== 'money' || !path.endsWith('.cents')) continue;
    const cents = getPath(doc, path);
    if (typeof cents === 'number') setPath(doc, `${path.slice(0, -'.cents'.length)}.euro`, cents / 100);
  }
}

/** Only these paths of a record (and its ids). */
export function pick(doc: Doc, paths: readonly string[]): Doc {
  const picked: Doc = {};
  for (const path of paths) {
    const value = getPath(doc, path);
    if (value !== undefined) setPath(picked, path, value);
  }
  return picked;
}

/** The record as the API answers it: `_id` and `id`, hidden fields removed, euros added. */
export function toOutput(def: ResourceDef, record: StoredRecord, rights: ReadonlySet<Right>): Doc {
  const doc = structuredClone(record.doc);
  for (const path of hiddenPaths(def, rights)) deletePath(doc, path);
  addEuros(def, doc);
  return { _id: record.id, id: record.id, ...doc };
}

export function selectPaths(doc: Doc, paths: readonly string[]): Doc {
  return { _id: doc._id, id: doc.id, ...pick(doc, paths) };
}
