import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/database/open-database';
import { runMigrations } from '../src/database/migrations';
import { seedDemo } from '../src/demo/seed';

/**
 * `npm start` on an empty folder, timed: opening the embedded database, the migrations and the demo seed, with
 * the process's peak RSS. Target: the seed in 10 s or less. Run: `npm run bench:seed`.
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-seed-bench-'));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const result = await work();
    return [result, (performance.now() - started) / 1000];
  };
  try {
    const [db, openSeconds] = await timed(() => openDatabase({ databaseUrl: null, databaseSchema: null, dataDir }));
    const [, migrateSeconds] = await timed(() => runMigrations(db));
    const [, seedSeconds] = await timed(() => seedDemo(db));
    const [counts] = await timed(() => db.query<{ users: number; transactions: number }>('SELECT (SELECT count(*) FROM "user")::int AS users, (SELECT count(*) FROM "transaction")::int AS transactions'));
    await db.close();
    console.log(
      `embedded database opened in ${openSeconds.toFixed(1)} s, migrations ${migrateSeconds.toFixed(1)} s, demo seed ${seedSeconds.toFixed(1)} s ` +
        `(${counts[0].users} users, ${counts[0].transactions} transactions); peak RSS ${(peakRss / 1e6).toFixed(0)} MB`,
    );
  } finally {
    clearInterval(sampler);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
