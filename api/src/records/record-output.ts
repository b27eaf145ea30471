import { type ResourceDef, type Right, copyDoc, deletePath, fieldsWith, getPath, hiddenPaths, perDefinition, setPath } from '@backoffice/resources';
import type { Doc, StoredRecord } from './record-repository';

/** Each amount in cents with the path of the euros shown beside it. */
const euroPaths = perDefinition((def) =>
  fieldsWith(def, (field) => field.kind === 'money').flatMap(([path]) => (path.endsWith('.cents') ? [[path, `${path.slice(0, -'.cents'.length)}.euro`] as const] : [])),
);

/** Adds `.euro` beside every `.cents` amount so screens and exports can show euros. */
function addEuros(def: ResourceDef, doc: Doc): void {
  for (const [centsPath, euroPath] of euroPaths(def)) {
    const cents = getPath(doc, centsPath);
    if (typeof cents === 'number') setPath(doc, euroPath, cents / 100);
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
  return readRowToOutput(def, { id: record.id, doc: copyDoc(record.doc) }, rights);
}

/** toOutput for a row just read from the database, which nothing else holds: its document is changed, not copied. */
export function readRowToOutput(def: ResourceDef, row: StoredRecord, rights: ReadonlySet<Right>): Doc {
  const { doc } = row;
  for (const path of hiddenPaths(def, rights)) deletePath(doc, path);
  addEuros(def, doc);
  return { _id: row.id, id: row.id, ...doc };
}

export function selectPaths(doc: Doc, paths: readonly string[]): Doc {
  return { _id: doc._id, id: doc.id, ...pick(doc, paths) };
}
