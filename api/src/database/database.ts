/**
 * The one SQL surface the app uses, over embedded PGlite or a PostgreSQL server. Queries on one transaction
 * may be issued without awaiting each other: both drivers run them one at a time, in the order issued.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** runs fn in one database transaction; rolls back when it throws */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** runs several statements separated by semicolons, without parameters (migrations) */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export const DATABASE = Symbol('DATABASE');
