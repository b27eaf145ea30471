import type { Queryable } from './database';
import { quote } from './naming';

/**
 * Runs a bulk load with the tables' secondary indexes dropped, then builds them again from their own
 * definitions (so the schema ends exactly as the migrations made it). Building once is far faster than
 * keeping a dozen indexes (trigram ones most of all) up to date row by row. Loaders of demo and benchmark data only.
 */
export async function withoutIndexes<T>(db: Queryable, tables: readonly string[], load: () => Promise<T>, onBuild?: (count: number) => void): Promise<T> {
  const indexes = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))`,
    [tables],
  );
  for (const index of indexes) await db.query(`DROP INDEX ${quote(index.name)}`);
  const result = await load();
  onBuild?.(indexes.length);
  for (const index of indexes) await db.query(index.definition);
  return result;
}
