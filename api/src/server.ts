import cluster from 'node:cluster';
import { missingAdminMessage } from './common/admin-assets';
import { closeOnSignals, drainHttpServer } from './common/process-lifecycle';
import type { AppConfig } from './config';
import { createApp } from './create-app';
import type { Database } from './database/database';
import { runMigrations } from './database/migrations';
import { openDatabase } from './database/open-database';
import { seedDemo } from './demo/seed';
import { type DemoSignIn, demoAccountsIn } from './demo/sign-ins';
import { lockDataDirForProduct } from './ops/data-dir-lock';
import { startMissingFakes } from './outside/fake-services';

/**
 * Fakes of the outside services without a URL (the demo only), the migrated database, and the demo data on an
 * empty one. Production refuses a database that holds the demo's accounts: their password is public.
 */
async function prepare(config: AppConfig): Promise<{ db: Database; signIns: DemoSignIn[]; stopFakes: () => Promise<void> }> {
  const stopFakes = config.production ? async () => undefined : await startMissingFakes();
  const db = await openDatabase(config);
  await runMigrations(db);
  if (config.production) {
    const demoAccounts = await demoAccountsIn(db);
    if (demoAccounts.length > 0) throw new Error(`Not started: the database holds the demo's sign-ins (${demoAccounts.join(', ')}), whose password is public; production needs a database without demo data`);
  }
  const signIns = config.seedDemo ? await seedDemo(db) : [];
  return { db, signIns, stopFakes };
}

/**
 * With WORKERS=N the first process migrates and seeds, then starts N API processes that share the port (Node's
 * cluster hands each connection to one of them) and replaces any that dies. Nothing lives in one process's memory
 * that another needs: sessions, sign-in failures and job claims are rows of the database.
 */
async function startWorkers(config: AppConfig): Promise<void> {
  if (!config.databaseUrl) throw new Error('WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process');
  const { db, signIns, stopFakes } = await prepare(config);
  await db.close();
  // the workers find the database ready and print nothing of their own
  const env = { SEED_DEMO: 'false', WORKER_QUIET: 'true' };
  let stopping = false;
  for (let index = 0; index < config.workers; index++) cluster.fork(env);
  cluster.on('exit', (worker, code) => {
    if (code !== 0 && !stopping) cluster.fork(env);
  });
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.workers) announce(config, signIns, `${config.workers} API processes`);
  });
  closeOnSignals(async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(workers.map((worker) => new Promise((resolve) => {
      worker.once('exit', resolve);
      worker.kill('SIGTERM');
    })));
    await stopFakes();
  });
}

function announce(config: AppConfig, signIns: readonly DemoSignIn[], processes: string): void {
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const mode = config.production ? 'production' : 'demo';
  console.log(`Back office (${mode}) running at ${url} (admin) and ${url}/api/docs (API) on ${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}, ${processes}`);
  const adminMissing = missingAdminMessage(config.adminDir);
  if (adminMissing) console.warn(adminMissing);
  if (signIns.length > 0) {
    console.log('Demo sign-ins (role, email, password):');
    for (const signIn of signIns) console.log(`${signIn.role}, ${signIn.email}, ${signIn.password}`);
  }
}

/** The server of `npm start` on checked settings: one API process, or the primary of WORKERS processes. */
export async function startServer(config: AppConfig): Promise<void> {
  if (config.workers > 1 && cluster.isPrimary) return startWorkers(config);
  lockDataDirForProduct(config);
  const { db, signIns, stopFakes } = await prepare(config);
  const app = await createApp(config, db);
  await app.listen(config.port);
  if (!process.env.WORKER_QUIET) announce(config, signIns, 'one API process');
  closeOnSignals(async () => {
    await drainHttpServer(app.getHttpServer());
    await app.close();
    await db.close();
    await stopFakes();
  });
}

