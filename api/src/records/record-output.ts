import { type ResourceDef, type Right, copyDoc, deletePath, fieldsWith, getPath, hiddenPaths, isAtOrUnder, perDefinition, setPath } from '@backoffice/resources';
import { pathLiteral } from '../database/naming';
import type { Doc, OutputRow, StoredRecord } from './record-repository';

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

/** The record as the API answers it: `_id` and `id`, hidden fields removed, euros added, as its reader reads it. */
export function toOutput(def: ResourceDef, record: StoredRecord, rights: ReadonlySet<Right>): Doc {
  return asReader(def, readRowToOutput(def, { id: record.id, doc: copyDoc(record.doc) }, rights), rights);
}

/** An output record as a reader with these rights reads it, where its definition says more than field rights (readAs). */
export function asReader(def: ResourceDef, output: Doc, rights: ReadonlySet<Right>): Doc {
  return def.readAs ? (def.readAs(output, rights) as Doc) : output;
}

/** toOutput for a row just read from the database, which nothing else holds: its document is changed, not copied. */
export function readRowToOutput(def: ResourceDef, row: StoredRecord, rights: ReadonlySet<Right>): Doc {
  const { doc } = row;
  for (const path of hiddenPaths(def, rights)) deletePath(doc, path);
  addEuros(def, doc);
  return { _id: row.id, id: row.id, ...doc };
}

/** Per definition and set of rights (sorted, joined): the SQL of the output document. */
const outputSqlByRights = perDefinition(() => new Map<string, string>());

/**
 * readRowToOutput's document written as an SQL expression over the column `doc`: the hidden fields removed,
 * euros beside the cents when the cents are a number, as exact decimals (1234 cents are 12.34 euros, 1200 are
 * 12). List pages are shaped by it in the database and sent on as the text it returns;
 * record-output-sql.test.ts holds the two to the same result for every model.
 *
 * Each amount's euros are read from the stored document, so every amount adds one call around the expression
 * instead of repeating it; an amount hidden from these rights gets none, as in readRowToOutput. jsonb_set_lax
 * leaves the document as it is when the cents are not a number (its value is then null).
 */
export function outputDocSql(def: ResourceDef, rights: ReadonlySet<Right>): string {
  const known = outputSqlByRights(def);
  const key = [...rights].sort().join(',');
  let sql = known.get(key);
  if (sql === undefined) {
    const hidden = hiddenPaths(def, rights);
    sql = 'doc';
    for (const path of hidden) sql = `(${sql} #- ${pathLiteral(path)})`;
    for (const [centsPath, euroPath] of euroPaths(def)) {
      if (hidden.some((path) => isAtOrUnder(centsPath, path))) continue;
      const cents = `doc #> ${pathLiteral(centsPath)}`;
      const euros = `CASE WHEN jsonb_typeof(${cents}) = 'number' THEN to_jsonb(trim_scale((${cents})::numeric / 100)) END`;
      sql = `jsonb_set_lax(${sql}, ${pathLiteral(euroPath)}, ${euros}, true, 'return_target')`;
    }
    known.set(key, sql);
  }
  return sql;
}

/** The API's JSON of a row the database shaped: `_id` and `id` first, as readRowToOutput puts them. */
export function outputRowJson(row: OutputRow): string {
  const ids = `{"_id":${JSON.stringify(row.id)},"id":${JSON.stringify(row.id)}`;
  return row.json === '{}' ? `${ids}}` : `${ids},${row.json.slice(1)}`;
}

export function selectPaths(doc: Doc, paths: readonly string[]): Doc {
  return { _id: doc._id, id: doc.id, ...pick(doc, paths) };
}
