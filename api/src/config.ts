import { resolve } from 'node:path';
import { InvalidSettings, isProduction, readSettings } from './settings/read-settings';

/** The settings the app's own parts read (the outside services read theirs when used); listed in `.env.example`. */
export interface AppConfig {
  /** NODE_ENV=production: no demo data, no fakes, every setting checked at start */
  production: boolean;
  port: number;
  /** where people and providers reach the product (mail links and images) */
  publicUrl: string | null;
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
  /** bearer token of /api/metrics; no metrics endpoint when unset */
  metricsToken: string | null;
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
  /** trigger checks and resumed bulk runs in this process; off for one-off commands (which also set batchWorker off) */
  backgroundWork: boolean;
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

/** Every setting read and checked at once (`settings/settings.ts`); throws InvalidSettings naming each problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const { values, problems } = readSettings(env);
  if (problems.length > 0) throw new InvalidSettings(problems);
  const get = <T>(name: string) => values.get(name) as T;
  const databaseUrl = get<string | undefined>('DATABASE_URL') ?? null;
  return {
    production: isProduction(env),
    port: get('PORT'),
    publicUrl: get<string | undefined>('PUBLIC_URL') ?? null,
    dataDir: databaseUrl ? null : resolve(get<string>('DATA_DIR')),
    databaseUrl,
    databaseSchema: get<string | undefined>('DATABASE_SCHEMA') ?? null,
    sessionDays: get('SESSION_DAYS'),
    adminDir: resolve(get<string | undefined>('ADMIN_DIR') ?? resolve(__dirname, '../../../admin/dist')),
    seedDemo: get('SEED_DEMO'),
    requestLog: get('REQUEST_LOG'),
    secureCookies: get('SECURE_COOKIES'),
    trustProxy: trustProxy(get('TRUST_PROXY')),
    metricsToken: get<string | undefined>('METRICS_TOKEN') ?? null,
    statementTimeoutMs: get('STATEMENT_TIMEOUT_MS'),
    namedStatements: get('NAMED_STATEMENTS'),
    workMem: get('WORK_MEM'),
    blocksEditorUrl: get<string | undefined>('BLOCKS_EDITOR_URL') ?? null,
    workers: get('WORKERS'),
    backgroundWork: true,
    batchWorker: get('BATCH_WORKER'),
    batchWorkerConcurrency: get('BATCH_WORKER_CONCURRENCY'),
    triggerPollMs: get('TRIGGER_POLL_MS'),
  };
}

/** For a process's entry point: the settings, or the process ends before anything starts, one line per problem. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof InvalidSettings)) throw error;
    for (const problem of error.problems) console.error(problem);
    console.error(`Not started: ${error.problems.length} setting${error.problems.length === 1 ? '' : 's'} to fix (every variable is described in .env.example)`);
    process.exit(1);
  }
}
