import { type ResourceDef, deriveFields } from '@backoffice/resources';
import type { Queryable } from './database';
import { quote, tableName } from './naming';

export interface NewRow {
  id: string;
  companyId: string;
  doc: Record<string, unknown>;
}

/**
 * Inserts many rows in few statements (row by row is about ten times slower, on PGlite most of all). Each
 * chunk travels as one jsonb array: several times faster than a jsonb[] parameter, whose array literal the
 * driver escapes, and than json_to_recordset, which parses every document twice. The next chunk is
 * serialized while the database inserts the last one. Every row holds its derived fields, loaders' rows too.
 */
export async function bulkInsert(db: Queryable, def: ResourceDef, rows: readonly NewRow[], chunkSize = 2000): Promise<void> {
  for (const row of rows) deriveFields(def, null, row.doc);
  const sql = `INSERT INTO ${quote(tableName(def))} (id, company_id, doc) SELECT v ->> 'id', v ->> 'companyId', v -> 'doc' FROM jsonb_array_elements($1::jsonb) AS v`;
  let inserting: Promise<unknown> = Promise.resolve();
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = JSON.stringify(rows.slice(start, start + chunkSize));
    await inserting;
    inserting = db.query(sql, [chunk]);
  }
  await inserting;
}
