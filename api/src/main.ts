import 'reflect-metadata';
import { closeOnSignals, runMain } from './common/process-lifecycle';
import cluster from 'node:cluster';
import { missingAdminMessage } from './common/admin-assets';
import { type AppConfig, loadConfig } from './config';
import { createApp } from './create-app';
import { openDatabase } from './database/open-database';
import { runMigrations } from './database/migrations';
import { seedDemo } from './demo/seed';
import type { DemoSignIn } from './demo/sign-ins';
import { startMissingFakes } from './outside/fake-services';

/**
 * With WORKERS=N the first process migrates and seeds, then starts N API processes that share the port (Node's
 * cluster hands each connection to one of them) and replaces any that dies. Nothing lives in one process's memory
 * that another needs: sessions, sign-in failures and job claims are rows of the database.
 */
async function startWorkers(config: AppConfig): Promise<void> {
  if (!config.databaseUrl) throw new Error('WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process');
  await startMissingFakes();
  const db = await openDatabase(config);
  await runMigrations(db);
  const signIns = config.seedDemo ? await seedDemo(db) : [];
  await db.close();
  // the workers find the database ready and print nothing of their own
  const env = { SEED_DEMO: 'false', WORKER_QUIET: 'true' };
  for (let index = 0; index < config.workers; index++) cluster.fork(env);
  cluster.on('exit', (worker, code) => {
    if (code !== 0) cluster.fork(env);
  });
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.workers) announce(config, signIns, `${config.workers} API processes`);
  });
}

function announce(config: AppConfig, signIns: readonly DemoSignIn[], processes: string): void {
  const url = `http://localhost:${config.port}`;
  console.log(`Back office running at ${url} (admin) and ${url}/api/docs (API) on ${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}, ${processes}`);
  const adminMissing = missingAdminMessage(config.adminDir);
  if (adminMissing) console.warn(adminMissing);
  if (signIns.length > 0) {
    console.log('Demo sign-ins (role, email, password):');
    for (const signIn of signIns) console.log(`${signIn.role}, ${signIn.email}, ${signIn.password}`);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return startWorkers(config);
  const stopFakes = await startMissingFakes();
  const db = await openDatabase(config);
  await runMigrations(db);
  const signIns = config.seedDemo ? await seedDemo(db) : [];
  const app = await createApp(config, db);
  await app.listen(config.port);
  if (!process.env.WORKER_QUIET) announce(config, signIns, 'one API process');
  closeOnSignals(async () => {
    await app.close();
    await db.close();
    await stopFakes();
  });
}

runMain(main);
