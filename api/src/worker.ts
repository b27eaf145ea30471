import 'reflect-metadata';
import { closeOnSignals, runMain } from './common/process-lifecycle';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfigOrExit } from './config';
import { openDatabase } from './database/open-database';
import { runMigrations } from './database/migrations';

/**
 * `npm run worker`: the batch sender alone, for when the API runs as several processes with BATCH_WORKER=false.
 * Needs DATABASE_URL: the embedded database belongs to one process, whose API runs the worker itself.
 */
async function main(): Promise<void> {
  const config = { ...loadConfigOrExit(), batchWorker: true };
  if (!config.databaseUrl) throw new Error('npm run worker needs DATABASE_URL: with the embedded database the API process runs the worker (npm start)');
  const db = await openDatabase(config);
  await runMigrations(db);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, db), { logger: ['error', 'warn'] });
  await app.init();
  console.log(`Batch worker running on PostgreSQL (concurrency ${config.batchWorkerConcurrency})`);
  closeOnSignals(async () => {
    await app.close();
    await db.close();
  });
}

runMain(main);
