import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { findResource } from '@backoffice/resources';
import { loadConfig } from '../src/config';
import { createApp } from '../src/create-app';
import type { Database, Queryable } from '../src/database/database';
import { connectionOptions } from '../src/database/postgres-database';
import { quote, tableName } from '../src/database/naming';
import { DEMO_PASSWORD } from '../src/demo/sign-ins';
import { FinanceRollups } from '../src/finance/overview/finance-rollups';
import { BENCHMARKS } from './benchmarks';
import { type BenchConfig, benchConfig } from './config';
import { openDataset } from './dataset';
import { formatResult } from './report';
import type { BenchContext, SqlRunner } from './types';

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

function sqlRunner(config: BenchConfig, db: Database): SqlRunner {
  if (config.target === 'pglite') {
    return { connections: async (n) => ({ clients: Array.from({ length: n }, () => db), release: () => undefined }), close: async () => undefined };
  }
  const pool = new pg.Pool({
    connectionString: config.databaseUrl!,
    max: 10,
    // the app's own settings, so both sides plan alike
    options: connectionOptions(config.databaseSchema, { workMem: process.env.WORK_MEM }),
  });
  return {
    async connections(n) {
      const held = await Promise.all(Array.from({ length: n }, () => pool.connect()));
      const clients: Queryable[] = held.map((client) => ({ query: async (sql, params) => (await client.query(sql, params as unknown[])).rows }));
      return { clients, release: () => held.forEach((client) => client.release()) };
    },
    close: () => pool.end(),
  };
}

async function signIn(baseUrl: string, email: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

async function main(): Promise<void> {
  const config = benchConfig();
  const where = config.target === 'postgres' ? `PostgreSQL ${config.databaseUrl!.replace(/\/\/[^@]*@/, '//')} schema "${config.databaseSchema}"` : `PGlite in ${config.dataDir}`;
  log(`database: ${where}`);
  log(`data set: ${config.size.transactions} transactions and ${config.size.users} users in the company, ${config.size.otherTransactions} and ${config.size.otherUsers} in another` +
    (config.target === 'pglite' ? ' (smaller on PGlite; set DATABASE_URL for the full 1 000 000)' : ''));

  const { db, dataset, reused } = await openDataset(config, log);
  log(reused ? 'reusing the data set of an earlier run (BENCH_FRESH=1 regenerates)' : `generated the data set in ${dataset.generatedSeconds} s`);
  // settled as a running product keeps them: the kept totals compacted (the API does it once a minute), the tables
  // vacuumed (autovacuum), so index-only scans need not visit the table
  log('compacting the kept totals, VACUUM ANALYZE');
  const rollups = new FinanceRollups(db);
  for (const companyId of [dataset.companyId, dataset.otherCompanyId]) await rollups.compact(companyId);
  const tables = [...['company', 'user', 'payment', 'transaction', 'communicationMail', 'communicationSms', 'eventGuest'].map((model) => tableName(findResource(model)!)), 'finance_transaction_day', 'finance_payment_day'];
  for (const table of tables) await db.exec(`VACUUM ANALYZE ${quote(table)}`);

  // the batch benchmark runs its worker in a process of its own
  const appConfig = { ...loadConfig({ ...process.env, REQUEST_LOG: 'false', SEED_DEMO: 'false', ADMIN_DIR: '/nonexistent', BATCH_WORKER: 'false' }), databaseSchema: config.databaseSchema, dataDir: config.dataDir };
  const app = await createApp(appConfig, db);
  await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  log(`app listening at ${baseUrl}`);

  const sessions = new Map<string, Record<string, string>>();
  const sql = sqlRunner(config, db);
  const ctx: BenchContext = {
    config,
    db,
    sql,
    dataset,
    baseUrl,
    async headersFor(role) {
      if (!sessions.has(role)) sessions.set(role, await signIn(baseUrl, dataset.staffEmail[role]));
      return sessions.get(role)!;
    },
    log,
  };
  const chosen = BENCHMARKS.filter((benchmark) => config.only.length === 0 || config.only.includes(benchmark.name));
  const outputs: string[] = [];
  const failed: string[] = [];
  try {
    for (const benchmark of chosen) {
      log(`running ${benchmark.name}`);
      try {
        const output = formatResult(await benchmark.run(ctx));
        outputs.push(output);
        console.log(`\n${output}\n`);
      } catch (error) {
        // one broken benchmark does not hide the figures of the others
        failed.push(benchmark.name);
        console.error(`benchmark ${benchmark.name} failed:`, error);
      }
    }
  } finally {
    await app.close();
    await sql.close();
    await db.close();
  }
  if (outputs.length > 1) console.log(`\nAll results\n\n${outputs.join('\n\n')}`);
  if (failed.length > 0) {
    console.error(`failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
