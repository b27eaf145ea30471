import { resolve } from 'node:path';

/** Every setting the API reads from the environment (listed in the README). */
export interface AppConfig {
  port: number;
  /** embedded PGlite data folder; ignored when databaseUrl is set */
  dataDir: string | null;
  databaseUrl: string | null;
  /** PostgreSQL schema to use (created when missing), so test runs never see each other's rows */
  databaseSchema: string | null;
  /** days a sign-in session lasts */
  sessionDays: number;
  /** folder with the built admin to serve next to /api */
  adminDir: string;
  /** seed demo data on an empty database */
  seedDemo: boolean;
  /** one JSON line per request on stdout */
  requestLog: boolean;
  /** secure cookies (set when served behind HTTPS) */
  secureCookies: boolean;
  /** run the batch sender inside this process (off when it runs on its own, `npm run worker`) */
  batchWorker: boolean;
  /** chunks one batch worker sends at the same time */
  batchWorkerConcurrency: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(env.PORT ?? 3000),
    dataDir: env.DATABASE_URL ? null : resolve(env.DATA_DIR ?? 'data/pglite'),
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    sessionDays: Number(env.SESSION_DAYS ?? 14),
    adminDir: resolve(env.ADMIN_DIR ?? resolve(__dirname, '../../../admin/dist')),
    seedDemo: env.SEED_DEMO !== 'false',
    requestLog: env.REQUEST_LOG !== 'false',
    secureCookies: env.SECURE_COOKIES === 'true',
    batchWorker: env.BATCH_WORKER !== 'false',
    batchWorkerConcurrency: Number(env.BATCH_WORKER_CONCURRENCY ?? (env.DATABASE_URL ? 2 : 1)),
  };
}
