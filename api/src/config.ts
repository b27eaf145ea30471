import { resolve } from 'node:path';
import { workMemSetting } from './database/database';

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
  /** Express `trust proxy`: which proxies' X-Forwarded-For names the client (sign-in throttling goes by it) */
  trustProxy: boolean | number | string;
  /** PostgreSQL server: longest a statement may run before it is stopped (0: no limit) */
  statementTimeoutMs: number;
  /**
   * memory a sort or a bitmap of one statement may use before spilling (PostgreSQL's work_mem, on both databases):
   * past it a bitmap of matching rows goes lossy and every row of its pages is tested again
   */
  workMem: string;
  /** PostgreSQL server: keep the few fixed statements of every request prepared per connection (off for a pooler that cannot track them) */
  namedStatements: boolean;
  /** the external content editor the dashboard opens for a page (blocks editor); none when unset */
  blocksEditorUrl: string | null;
  /** API processes sharing the port (PostgreSQL only: the embedded database belongs to one process) */
  workers: number;
  /** run the batch sender inside this process (off when it runs on its own, `npm run worker`) */
  batchWorker: boolean;
  /** chunks one batch worker sends at the same time */
  batchWorkerConcurrency: number;
  /** how often automatic-send checks are looked for when no write of this process woke the runner */
  triggerPollMs: number;
}

/** `TRUST_PROXY`: unset or false trusts no proxy; a number trusts that many hops; else Express's list of addresses. */
function trustProxy(raw: string | undefined): boolean | number | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
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
    trustProxy: trustProxy(env.TRUST_PROXY),
    statementTimeoutMs: Number(env.STATEMENT_TIMEOUT_MS ?? 15_000),
    namedStatements: env.NAMED_STATEMENTS !== 'false',
    workMem: workMemSetting(env.WORK_MEM),
    blocksEditorUrl: env.BLOCKS_EDITOR_URL || null,
    workers: Number(env.WORKERS ?? 1),
    batchWorker: env.BATCH_WORKER !== 'false',
    batchWorkerConcurrency: Number(env.BATCH_WORKER_CONCURRENCY ?? (env.DATABASE_URL ? 2 : 1)),
    triggerPollMs: Number(env.TRIGGER_POLL_MS ?? 5000),
  };
}
