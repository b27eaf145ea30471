import { createHash } from 'node:crypto';
import { type ResourceDef, indexedFields } from '@backoffice/resources';
import { columnName, documentExpression, quote, sqlTypeOf, tableName } from './naming';

const MAX_IDENTIFIER = 63;

/** PostgreSQL cuts identifiers at 63 bytes, so two long index names could meet: long ones end in a hash instead. */
export function indexName(name: string): string {
  if (name.length <= MAX_IDENTIFIER) return name;
  return `${name.slice(0, MAX_IDENTIFIER - 13)}_${createHash('sha256').update(name).digest('hex').slice(0, 8)}_idx`;
}

/**
 * Idempotent DDL for a resource: a row per record (id, company, jsonb document) plus a generated,
 * typed column for every indexed field (with its own index unless it is column-only), so writes only ever
 * write the document.
 */
export function resourceDdl(def: ResourceDef): string[] {
  const table = tableName(def);
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${quote(table)} (id text PRIMARY KEY, company_id text NOT NULL, doc jsonb NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS ${quote(indexName(`${table}_company_idx`))} ON ${quote(table)} (company_id, id)`,
  ];
  for (const [path, field] of indexedFields(def)) {
    const column = columnName(path);
    const type = sqlTypeOf(field);
    statements.push(`ALTER TABLE ${quote(table)} ADD COLUMN IF NOT EXISTS ${quote(column)} ${type} GENERATED ALWAYS AS (${documentExpression(path, type)}) STORED`);
    if (field.indexed === true) {
      statements.push(`CREATE INDEX IF NOT EXISTS ${quote(indexName(`${table}_${column}_idx`))} ON ${quote(table)} (company_id, ${quote(column)})`);
    }
  }
  for (const paths of def.indexes ?? []) {
    const columns = paths.map((path) => columnName(path));
    statements.push(
      `CREATE INDEX IF NOT EXISTS ${quote(indexName(`${table}_${columns.join('_')}_idx`))} ON ${quote(table)} (company_id, ${columns.map(quote).join(', ')})`,
    );
  }
  return statements;
}

export async function applyResourceDdl(db: { exec(sql: string): Promise<void> }, def: ResourceDef): Promise<void> {
  await db.exec(resourceDdl(def).map((statement) => `${statement};`).join('\n'));
}
