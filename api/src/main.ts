import 'reflect-metadata';
import { loadConfig } from './config';
import { createApp, missingAdminMessage } from './create-app';
import { openDatabase } from './database/open-database';
import { runMigrations } from './database/migrations';
import { seedDemo } from './demo/seed';
import { startMissingFakes } from './outside/fake-services';

async function main(): Promise<void> {
  const stopFakes = await startMissingFakes();
  const config = loadConfig();
  const db = await openDatabase(config);
  await runMigrations(db);
  const signIns = config.seedDemo ? await seedDemo(db) : [];
  const app = await createApp(config, db);
  await app.listen(config.port);
  const url = `http://localhost:${config.port}`;
  console.log(`Back office running at ${url} (admin) and ${url}/api/docs (API) on ${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}`);
  const adminMissing = missingAdminMessage(config.adminDir);
  if (adminMissing) console.warn(adminMissing);
  if (signIns.length > 0) {
    console.log('Demo sign-ins (role, email, password):');
    for (const signIn of signIns) console.log(`${signIn.role}, ${signIn.email}, ${signIn.password}`);
  }
  const stop = async () => {
    await app.close();
    await db.close();
    await stopFakes();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
