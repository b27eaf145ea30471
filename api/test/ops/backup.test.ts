import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, BatchClient, startApiProcess } from '../../bench/batch-process';
import { openPglite } from '../../src/database/pglite-database';
import { lockFileOf, readLiveLock } from '../../src/ops/data-dir-lock';

const ROOT = resolve(__dirname, '../../..');
const BUILT = ['api/dist/src/main.js', 'api/dist/src/ops/backup-command.js', 'api/dist/src/ops/restore-command.js'].map((path) => join(ROOT, path));
const run = promisify(execFile);

/** An ops command as the root package's script runs it; its exit code and output, never a throw. */
async function opsCommand(name: 'backup' | 'restore', file: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', name, '--', file], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** Rows of every table of the database, by schema-qualified name, from the catalog. */
async function rowCounts(dataDir: string): Promise<Record<string, number>> {
  const db = await openPglite(dataDir);
  try {
    const tables = await db.query<{ name: string }>(`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`);
    const counts: Record<string, number> = {};
    for (const { name } of tables) counts[name] = (await db.query<{ count: number }>(`SELECT count(*) AS count FROM ${name}`))[0].count;
    return counts;
  } finally {
    await db.close();
  }
}

/**
 * `npm run backup` and `npm run restore` on the built product (`npm run build -w resources && npm run build -w api`
 * first), which runs as its own process on a demo database in a folder of the test's own.
 */
describe('backups of the embedded database', () => {
  let dir: string;
  let dataDir: string;
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    for (const built of BUILT) if (!existsSync(built)) throw new Error(`${built} is missing: build resources and api first`);
    dir = mkdtempSync(join(tmpdir(), 'pglite-backup-'));
    dataDir = join(dir, 'pglite');
    api = await startApiProcess({ DATABASE_URL: '', DATA_DIR: dataDir, SEED_DEMO: 'true' }, 180_000);
  });

  afterAll(async () => {
    await api?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the running product answers a backup only to the token of its lock file, which only the owner can read', async () => {
    const lock = readLiveLock(dataDir)!;
    expect(lock.port).toBe(Number(new URL(api!.baseUrl).port));
    expect(statSync(lockFileOf(dataDir)).mode & 0o777).toBe(0o600);
    const backupUrl = `${api!.baseUrl}/api/ops/pglite-backup`;
    expect((await fetch(backupUrl)).status).toBe(401);
    expect((await fetch(backupUrl, { headers: { Authorization: `Bearer ${lock.token}x` } })).status).toBe(401);
    const docs = (await (await fetch(`${api!.baseUrl}/api/docs-json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths).filter((path) => path.includes('/ops/'))).toEqual([]);
    // a second product on the same folder would corrupt it
    const second = await startApiProcess({ DATABASE_URL: '', DATA_DIR: dataDir }).then(
      async (started) => (await started.stop(), 'started'),
      (error: Error) => error.message,
    );
    expect(second).toContain(`${dataDir} is in use by process ${lock.pid}`);
    expect(readLiveLock(dataDir)).toEqual(lock);
  });

  it('copies the running product while it serves requests; the restored folder holds every row of every table', async () => {
    const client = await BatchClient.signIn(api!.baseUrl, 'company@demo.test');
    let served = 0;
    let serving = true;
    const reads = ['/api/company/model/transaction?_start=0&_end=50', '/api/company/model/user?_start=0&_end=50&q=ann', '/api/health'];
    const load = (async () => {
      for (let n = 0; serving; n++, served++) await client.call('GET', reads[n % reads.length]);
    })();
    // its failure is thrown where it is awaited, after the backup
    load.catch(() => undefined);
    const backupFile = join(dir, 'backup.tar.gz');
    const servedBefore = served;
    const backup = await opsCommand('backup', backupFile, { DATA_DIR: dataDir });
    const servedDuringBackup = served - servedBefore;
    serving = false;
    await load;
    expect(backup, backup.output).toMatchObject({ code: 0 });
    expect(backup.output).toContain('(running product)');
    expect(servedDuringBackup).toBeGreaterThan(0);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);

    // nothing but reads came after the copy, and a kill runs no shutdown (which deletes the batch worker's row): the
    // product's folder holds the rows it held at the copy; its lock is left behind, of a process that is gone
    await api!.kill();
    api = undefined;
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    expect(readLiveLock(dataDir)).toBeNull();
    const atBackup = await rowCounts(dataDir);

    const restoredDir = join(dir, 'restored', 'pglite');
    const restore = await opsCommand('restore', backupFile, { DATA_DIR: restoredDir });
    expect(restore, restore.output).toMatchObject({ code: 0 });
    const restored = await rowCounts(restoredDir);
    expect(restored).toEqual(atBackup);
    expect(Object.keys(restored).length).toBeGreaterThan(20);
    expect(restored['public.transaction']).toBeGreaterThan(10_000);
    const onRestored = await startApiProcess({ DATABASE_URL: '', DATA_DIR: restoredDir });
    try {
      const restoredClient = await BatchClient.signIn(onRestored.baseUrl, 'company@demo.test');
      expect((await restoredClient.call<unknown[]>('GET', reads[1])).length).toBeGreaterThan(0);
    } finally {
      await onRestored.stop();
    }

    const refused = await opsCommand('restore', backupFile, { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${dataDir} is not empty`);

    // with the product gone the command opens the folder itself
    const closedCopy = await opsCommand('backup', join(dir, 'closed.tar.gz'), { DATA_DIR: dataDir });
    expect(closedCopy, closedCopy.output).toMatchObject({ code: 0 });
    expect(closedCopy.output).toContain('(closed folder)');
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  }, 120_000);

  it('refuses what is not a backup, and points to pg_dump on PostgreSQL', async () => {
    const notBackup = join(dir, 'not-a-backup.tar');
    writeFileSync(notBackup, 'SELECT 1;\n');
    const refused = await opsCommand('restore', notBackup, { DATA_DIR: join(dir, 'empty') });
    expect(refused).toMatchObject({ code: 1, output: expect.stringContaining(`${notBackup} is not a backup of the embedded database`) });
    const postgres = await opsCommand('backup', join(dir, 'pg.tar.gz'), { DATABASE_URL: 'postgres://localhost:5432/backoffice' });
    expect(postgres).toMatchObject({ code: 1, output: expect.stringContaining('pg_dump') });
  });
});

describe('the copy of a PGlite database', () => {
  it('waits for a transaction under way: it holds all of it or none', async () => {
    const db = await openPglite(null);
    await db.exec('CREATE TABLE item (n int)');
    let inTransaction!: () => void;
    const started = new Promise<void>((resolveStarted) => (inTransaction = resolveStarted));
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO item VALUES (1)');
      inTransaction();
      await new Promise((resolveWait) => setTimeout(resolveWait, 200));
      await tx.query('INSERT INTO item VALUES (2)');
    });
    await started;
    const tar = await db.dumpDataDir!();
    await transaction;
    await db.close();
    const copy = await PGlite.create({ loadDataDir: tar });
    expect((await copy.query('SELECT count(*)::int AS count FROM item')).rows).toEqual([{ count: 2 }]);
    await copy.close();
  });
});
