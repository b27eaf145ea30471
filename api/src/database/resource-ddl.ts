import { createHash } from 'node:crypto';
import { type FieldDef, type ResourceDef, btreeIndexes, indexedFields, listIndexes, resolveField, searchIndex } from '@backoffice/resources';
import { columnName, documentExpression, fieldExpression, pathLiteral, quote, sqlTypeOf, tableName } from './naming';

const MAX_IDENTIFIER = 63;

/** PostgreSQL cuts identifiers at 63 bytes, so two long index names could meet: long ones end in a hash instead. */
export function indexName(name: string): string {
  if (name.length <= MAX_IDENTIFIER) return name;
  return `${name.slice(0, MAX_IDENTIFIER - 13)}_${createHash('sha256').update(name).digest('hex').slice(0, 8)}_idx`;
}

/**
 * Idempotent DDL for a resource: a row per record (id, company, jsonb document) plus a generated,
 * typed column for every indexed field (with its own index unless it is column-only), so writes only ever
 * write the document. Every list order ends on the id, and so does every btree index: a sort on a column whose
 * values repeat (a state, a product name) then reads 25 entries in order instead of all the rows of a value. Every
 * btree index also carries the texts the lists match (matchedTextColumns).
 */
export function resourceDdl(def: ResourceDef): string[] {
  const table = tableName(def);
  // every column before any index, as an index may carry columns of other fields (included)
  const columns = indexedFields(def).map(([path, field]) => {
    const type = sqlTypeOf(field);
    return `ALTER TABLE ${quote(table)} ADD COLUMN IF NOT EXISTS ${quote(columnName(path))} ${type} GENERATED ALWAYS AS (${documentExpression(path, type)}) STORED`;
  });
  const indexes = btreeIndexes(def).map(({ namedBy, keys, included }) => {
    const name = namedBy.length === 0 ? 'company' : namedBy.map(columnName).join('_');
    const expressions = [...keys.map((path) => indexExpression(path, resolveField(def, path)!)), 'id'];
    const carried = included.length > 0 ? ` INCLUDE (${included.map((path) => quote(columnName(path))).join(', ')})` : '';
    return `CREATE INDEX IF NOT EXISTS ${quote(indexName(`${table}_${name}_idx`))} ON ${quote(table)} (company_id, ${expressions.join(', ')})${carried}`;
  });
  return [`CREATE TABLE IF NOT EXISTS ${quote(table)} (id text PRIMARY KEY, company_id text NOT NULL, doc jsonb NOT NULL)`, ...columns, ...indexes, ...searchIndexDdl(def)];
}

/** A field in an index: its column, or the expression the list query reads it with (in parentheses). */
const indexExpression = (path: string, field: FieldDef) => (field.indexed ? quote(columnName(path)) : `(${fieldExpression(path, field)})`);

/** The extensions of the search index, in `public` so that every schema of a database finds their operator classes. */
export const TRIGRAM_EXTENSION = 'CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public';
export const BTREE_GIN_EXTENSION = 'CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public';

/**
 * The search index (searchIndex: trigrams of the matched texts, which serve ILIKE '%…%' at any position, and the
 * filters a match is narrowed by) and GIN indexes for filters on a value inside a list (they serve the `@>`
 * containment the filter uses).
 */
function searchIndexDdl(def: ResourceDef): string[] {
  const table = tableName(def);
  const statements: string[] = [];
  const search = searchIndex(def);
  if (search) {
    const key = (path: string, operatorClass: string) => `${fieldExpression(path, resolveField(def, path)!)} public.${operatorClass}`;
    // btree_gin's operator classes: a reference is text, a yes/no boolean
    const keyClass = (path: string) => (resolveField(def, path)!.kind === 'boolean' ? 'bool_ops' : 'text_ops');
    const keys = [...search.narrowedBy.map((path) => key(path, keyClass(path))), ...search.texts.map((path) => key(path, 'gin_trgm_ops'))];
    statements.push(TRIGRAM_EXTENSION, ...(search.narrowedBy.length > 0 ? [BTREE_GIN_EXTENSION] : []));
    statements.push(`CREATE INDEX IF NOT EXISTS ${quote(indexName(`${table}_search_idx`))} ON ${quote(table)} USING gin (${keys.join(', ')})`);
  }
  for (const index of listIndexes(def)) {
    if (index.use === 'contains') {
      statements.push(`CREATE INDEX IF NOT EXISTS ${quote(indexName(`${table}_${columnName(index.path)}_list_idx`))} ON ${quote(table)} USING gin ((doc #> ${pathLiteral(index.path)}) jsonb_path_ops)`);
    }
  }
  return statements;
}

export async function applyResourceDdl(db: { exec(sql: string): Promise<void> }, def: ResourceDef): Promise<void> {
  await db.exec(resourceDdl(def).map((statement) => `${statement};`).join('\n'));
}
