import type { Database, Queryable } from '../src/database/database';
import type { BenchConfig } from './config';
import type { Dataset } from './dataset';
import type { Measurement } from './measure';

/** Raw SQL beside the app: dedicated connections on PostgreSQL, the same in-process database on PGlite. */
export interface SqlRunner {
  /** n connections to run loops on (each loop keeps its own) */
  connections(n: number): Promise<{ clients: Queryable[]; release(): void }>;
  close(): Promise<void>;
}

export interface BenchContext {
  config: BenchConfig;
  /** the database the app uses */
  db: Database;
  sql: SqlRunner;
  dataset: Dataset;
  /** http://127.0.0.1:port of the running app */
  baseUrl: string;
  /** headers of a signed-in staff member per role (Authorization: Bearer ...) */
  headersFor(role: string): Promise<Record<string, string>>;
  log(message: string): void;
}

/** One line of a result table: a label and its measurement per number of connections. */
export interface ResultLine {
  label: string;
  byConnections: Record<number, Measurement>;
}

export interface BenchResult {
  title: string;
  lines: ResultLine[];
  /** facts printed under the table: totals, checks, differences against targets */
  notes: string[];
}

/** A benchmark: a file in api/bench/ registered in benchmarks.ts. */
export interface Benchmark {
  name: string;
  run(ctx: BenchContext): Promise<BenchResult>;
}
