import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How big the generated data set is, per company. */
export interface DatasetSize {
  transactions: number;
  users: number;
  /** rows of the other company, so every query has to filter by company */
  otherTransactions: number;
  otherUsers: number;
}

export interface BenchConfig {
  target: 'postgres' | 'pglite';
  databaseUrl: string | null;
  databaseSchema: string | null;
  dataDir: string | null;
  size: DatasetSize;
  /** seconds per measurement */
  duration: number;
  /** regenerate the data set even when a matching one is there */
  fresh: boolean;
  /** only these benchmarks (comma-separated names); all when empty */
  only: string[];
}

export const POSTGRES_SIZE: DatasetSize = { transactions: 1_000_000, users: 200_000, otherTransactions: 100_000, otherUsers: 20_000 };
export const PGLITE_SIZE: DatasetSize = { transactions: 200_000, users: 40_000, otherTransactions: 20_000, otherUsers: 4_000 };

/**
 * From the environment: DATABASE_URL (PostgreSQL, schema DATABASE_SCHEMA, default `bench`) or a PGlite folder
 * (BENCH_DATA_DIR, default under the temp dir); BENCH_TRANSACTIONS and BENCH_USERS override the size,
 * BENCH_DURATION the seconds per measurement, BENCH_FRESH=1 regenerates, BENCH_ONLY picks benchmarks.
 */
export function benchConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const databaseUrl = env.DATABASE_URL || null;
  const base = databaseUrl ? POSTGRES_SIZE : PGLITE_SIZE;
  const transactions = Number(env.BENCH_TRANSACTIONS ?? base.transactions);
  const users = Number(env.BENCH_USERS ?? base.users);
  return {
    target: databaseUrl ? 'postgres' : 'pglite',
    databaseUrl,
    databaseSchema: databaseUrl ? env.DATABASE_SCHEMA || 'bench' : null,
    dataDir: databaseUrl ? null : env.BENCH_DATA_DIR || join(tmpdir(), 'backoffice-bench-pglite'),
    size: { transactions, users, otherTransactions: Math.round(transactions / 10), otherUsers: Math.round(users / 10) },
    duration: Number(env.BENCH_DURATION ?? 10),
    fresh: env.BENCH_FRESH === '1' || env.BENCH_FRESH === 'true',
    only: (env.BENCH_ONLY ?? '').split(',').map((name) => name.trim()).filter(Boolean),
  };
}
