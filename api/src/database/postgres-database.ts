import pg from 'pg';
import { type Database, type NamedStatement, type Queryable, openTransaction, workMemSetting } from './database';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * A statement on the pool or one client. A named statement is prepared once per pooled connection (unless named
 * statements are off) and goes as a config object, which pg copies; any other goes as text and values.
 */
function send(target: pg.Pool | pg.PoolClient, sql: string | NamedStatement, params: readonly unknown[] | undefined, named: boolean) {
  const values = params as unknown[] | undefined;
  if (typeof sql !== 'string' && named) return (target as pg.Pool).query({ name: sql.name, text: sql.text, values });
  return (target as pg.Pool).query(typeof sql === 'string' ? sql : sql.text, values);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The settings of a connection as its startup `options`: the schema, and the limits the app's statements run under
 * (work_mem the default when not given; an amount PostgreSQL would not read is refused here, before it goes out).
 */
export function connectionOptions(schema: string | null, settings: { statementTimeoutMs?: number; workMem?: string }): string {
  return [
    schema && `-c search_path=${quoteIdent(schema)}`,
    settings.statementTimeoutMs !== undefined && `-c statement_timeout=${Math.max(0, Math.floor(settings.statementTimeoutMs))}`,
    `-c work_mem=${workMemSetting(settings.workMem)}`,
  ].filter(Boolean).join(' ');
}

/**
 * A pool on a PostgreSQL server. Settings travel as the connection's `options` (search_path, statement_timeout,
 * work_mem), so every statement runs under them; a pooler in front must pass startup options on (PgBouncer: track
 * them or set them on the database role instead).
 */
export async function openPostgres(
  url: string,
  schema: string | null,
  { poolSize = 20, statementTimeoutMs = 0, namedStatements = true, workMem }: { poolSize?: number; statementTimeoutMs?: number; namedStatements?: boolean; workMem?: string } = {},
): Promise<Database> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: connectionOptions(schema, { statementTimeoutMs, workMem }),
  });
  return {
    kind: 'postgres',
    poolUse: () => ({ size: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async query(sql, params) {
      const result = await send(pool, sql, params, namedStatements);
      return result.rows;
    },
    async transaction(fn) {
      const client = await pool.connect();
      // statements of one transaction run one after the other; callers may issue them without waiting (the bank
      // file does), so they queue here instead of inside pg, which warns about a query sent while one runs
      let last: Promise<unknown> = Promise.resolve();
      const query = (sql: string | NamedStatement, params?: readonly unknown[]) => {
        const next = last.then(() => send(client, sql, params, namedStatements));
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
