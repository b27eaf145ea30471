/**
 * The one SQL surface the app uses, over embedded PGlite or a PostgreSQL server. Queries on one transaction
 * may be issued without awaiting each other: both drivers run them one at a time, in the order issued.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string | NamedStatement, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * A statement a PostgreSQL server parses and plans once per connection instead of for every run: for the few
 * fixed statements every request makes (the session lookup), whose planning costs more than running them. These
 * are protocol-level prepared statements, which a transaction-mode pooler keeps working when it tracks them
 * (PgBouncer 1.21 and later with `max_prepared_statements`); PGlite runs the text.
 */
export interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

export const namedStatement = (name: string, text: string): NamedStatement => ({ name, text });

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** runs fn in one database transaction; rolls back when it throws */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** runs several statements separated by semicolons, without parameters (migrations) */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool's use, for the metrics */
  poolUse?(): { size: number; total: number; idle: number; waiting: number };
  /** PGlite only: its data folder as a tar archive, consistent (see openPglite); the copy of a backup */
  dumpDataDir?(): Promise<Blob>;
}

export const DATABASE = Symbol('DATABASE');

/**
 * work_mem of the app's connections. PostgreSQL's own 4MB makes the bitmap of a search within a filter lossy on a
 * million transactions (those containing "Mai" of one merchant: 421 000 rows tested again, 460 ms; exact at 16MB,
 * 58 ms). It is per sort or bitmap of a statement, so a pool of 20 stays far below the server's memory.
 */
export const DEFAULT_WORK_MEM = '16MB';
export const WORK_MEM_PATTERN = /^\d+(kB|MB|GB)$/;

/** A work_mem amount as PostgreSQL reads it (`16MB`, `65536kB`), the default when unset; anything else is refused. */
export function workMemSetting(raw: string | undefined): string {
  const value = raw?.trim() || DEFAULT_WORK_MEM;
  if (!WORK_MEM_PATTERN.test(value)) throw new Error(`WORK_MEM must be an amount such as 16MB or 65536kB, not "${value}"`);
  return value;
}

/** Listeners waiting for an open transaction to commit, by the Queryable its statements go through. */
const commitListeners = new WeakMap<Queryable, (() => void)[]>();

/**
 * For the drivers: registers `tx` as an open transaction; `committed()`, called once the driver has committed it,
 * runs what onCommit registered on it. A rolled-back transaction is never marked, so its listeners never run.
 */
export function openTransaction(tx: Queryable): { tx: Queryable; committed(): void } {
  const listeners: (() => void)[] = [];
  commitListeners.set(tx, listeners);
  return { tx, committed: () => listeners.splice(0).forEach((listener) => setImmediate(listener)) };
}

/** Runs `listener` once `tx` has committed (never when it rolls back); outside a transaction, right after this step. */
export function onCommit(tx: Queryable, listener: () => void): void {
  const listeners = commitListeners.get(tx);
  if (listeners) listeners.push(listener);
  else setImmediate(listener);
}
