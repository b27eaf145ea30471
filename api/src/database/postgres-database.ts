import pg from 'pg';
import { type Database, type NamedStatement, type Queryable, openTransaction } from './database';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** pg's query config: a named statement is prepared once per pooled connection, unless named statements are off. */
function queryConfig(sql: string | NamedStatement, params: readonly unknown[] | undefined, named: boolean) {
  if (typeof sql === 'string') return { text: sql, values: params as unknown[] };
  return named ? { name: sql.name, text: sql.text, values: params as unknown[] } : { text: sql.text, values: params as unknown[] };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A pool on a PostgreSQL server. Settings travel as the connection's `options` (search_path, statement_timeout),
 * so every statement runs under them; a pooler in front must pass startup options on (PgBouncer: track them or
 * set them on the database role instead).
 */
export async function openPostgres(url: string, schema: string | null, { poolSize = 20, statementTimeoutMs = 0, namedStatements = true } = {}): Promise<Database> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: [schema && `-c search_path=${quoteIdent(schema)}`, `-c statement_timeout=${Math.max(0, Math.floor(statementTimeoutMs))}`].filter(Boolean).join(' '),
  });
  return {
    kind: 'postgres',
    async query(sql, params) {
      const result = await pool.query(queryConfig(sql, params, namedStatements));
      return result.rows;
    },
    async transaction(fn) {
      const client = await pool.connect();
      // statements of one transaction run one after the other; callers may issue them without waiting (the bank
      // file does), so they queue here instead of inside pg, which warns about a query sent while one runs
      let last: Promise<unknown> = Promise.resolve();
      const query = (sql: string | NamedStatement, params?: readonly unknown[]) => {
        const next = last.then(() => client.query(queryConfig(sql, params, namedStatements)));
        last = next.catch(() => undefined);
        return next.then((result) => result.rows);
      };
      const open = openTransaction({ query: query as Queryable['query'] });
      try {
        await query('BEGIN');
        const result = await fn(open.tx);
        await query('COMMIT');
        open.committed();
        return result;
      } catch (error) {
        await last;
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
