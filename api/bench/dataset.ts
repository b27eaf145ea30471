import { rmSync } from 'node:fs';
import type { Database } from '../src/database/database';
import { runMigrations } from '../src/database/migrations';
import { openDatabase } from '../src/database/open-database';
import { demoClock } from '../src/demo/context';
import { createCompanyWithStaff } from '../src/demo/staff';
import type { BenchConfig, DatasetSize } from './config';
import { withoutDerivedTriggers } from '../src/database/without-derived-triggers';
import { withoutIndexes } from '../src/database/without-indexes';
import { generateMails, generateSms } from './generate-communication';
import { generateGuests } from './generate-guests';
import { type CompanyPlan, generateMerchants, generatePayments, generateTransactions, generateUsers, type Progress } from './generate';

/** 2: every fifth transaction belongs to the first merchant; 3: sent mails, SMS and event guests */
const DATASET_VERSION = 3;
/** Global row number where the other company's transactions start. */
const OTHER_FIRST_ROW = 100_000_000;

/** The data set the benchmarks run on. */
export interface Dataset {
  version: number;
  size: DatasetSize;
  /** the moment the data was generated for (unix seconds); time windows are relative to it */
  now: number;
  companyId: string;
  otherCompanyId: string;
  /** staff sign-ins of the main company, by role */
  staffEmail: Record<string, string>;
  generatedSeconds: number;
}

export const staffEmail = (role: string) => `${role.toLowerCase()}@bench.test`;

async function openAndMigrate(config: BenchConfig): Promise<Database> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, databaseSchema: config.databaseSchema, dataDir: config.dataDir, workMem: process.env.WORK_MEM });
  await runMigrations(db);
  await db.exec('CREATE TABLE IF NOT EXISTS bench_dataset (name text PRIMARY KEY, spec jsonb NOT NULL)');
  return db;
}

async function storedDataset(db: Database): Promise<Dataset | null> {
  const rows = await db.query<{ spec: Dataset }>(`SELECT spec FROM bench_dataset WHERE name = 'main'`);
  return rows[0]?.spec ?? null;
}

/** Drops the bench schema (PostgreSQL) or the PGlite folder, and gives a fresh, migrated database. */
async function reset(config: BenchConfig, db: Database): Promise<Database> {
  if (config.target === 'postgres') {
    await db.query(`DROP SCHEMA IF EXISTS "${config.databaseSchema!.replace(/"/g, '""')}" CASCADE`);
    await db.close();
  } else {
    await db.close();
    rmSync(config.dataDir!, { recursive: true, force: true });
  }
  return openAndMigrate(config);
}

const sameSize = (a: DatasetSize, b: DatasetSize) => a.transactions === b.transactions && a.users === b.users && a.otherTransactions === b.otherTransactions && a.otherUsers === b.otherUsers;

/**
 * Opens the bench database and makes sure it holds the data set of the configured size: a matching one
 * from an earlier run is reused (BENCH_FRESH=1 regenerates), otherwise it is generated from scratch.
 */
export async function openDataset(config: BenchConfig, progress: Progress): Promise<{ db: Database; dataset: Dataset; reused: boolean }> {
  let db = await openAndMigrate(config);
  const existing = await storedDataset(db);
  if (existing && !config.fresh && existing.version === DATASET_VERSION && sameSize(existing.size, config.size)) {
    return { db, dataset: existing, reused: true };
  }
  db = await reset(config, db);
  const started = performance.now();
  const clock = demoClock();
  const now = clock.now;
  const pglite = config.target === 'pglite';
  const main = await createCompanyWithStaff(db, 'bench-company', 'Bench Company', staffEmail);
  const other = await createCompanyWithStaff(db, 'bench-other', 'Bench Other Company', (role) => `${role.toLowerCase()}@bench-other.test`);
  const plans: CompanyPlan[] = [
    { companyId: main.companyId, nameId: 'bench-company', users: config.size.users, transactions: config.size.transactions, firstRow: 0 },
    { companyId: other.companyId, nameId: 'bench-other', users: config.size.otherUsers, transactions: config.size.otherTransactions, firstRow: OTHER_FIRST_ROW },
  ];
  const load = async () => {
    for (const plan of plans) {
      const say: Progress = (message) => progress(`${plan.nameId}: ${message}`);
      const merchants = await generateMerchants(db, plan, clock);
      await generateUsers(db, plan, clock, pglite ? 10_000 : 20_000, say);
      await generatePayments(db, plan, now, pglite ? 20_000 : 100_000, say);
      await generateTransactions(db, plan, merchants, now, pglite ? 20_000 : 100_000, say);
      await generateMails(db, plan, now, pglite ? 20_000 : 100_000, say);
      await generateSms(db, plan, now, pglite ? 20_000 : 100_000, say);
      await generateGuests(db, plan, now, pglite ? 20_000 : 100_000, say);
    }
  };
  const companies = plans.map((plan) => plan.companyId);
  await withoutIndexes(db, ['user', 'payment', 'transaction', 'communication_mail', 'communication_sms', 'event_guest'], () => withoutDerivedTriggers(db, companies, load), (count) => progress(`building ${count} indexes`));
  const dataset: Dataset = {
    version: DATASET_VERSION,
    size: config.size,
    now,
    companyId: main.companyId,
    otherCompanyId: other.companyId,
    staffEmail: Object.fromEntries(Object.keys(main.userIds).map((role) => [role, staffEmail(role)])),
    generatedSeconds: Math.round((performance.now() - started) / 1000),
  };
  await db.query(`INSERT INTO bench_dataset (name, spec) VALUES ('main', $1::jsonb)`, [JSON.stringify(dataset)]);
  return { db, dataset, reused: false };
}
