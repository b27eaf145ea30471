import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchClient, seedBatchCompany, startApiProcess } from '../../bench/batch-process';
import { startMailgunFake } from '../../src/communication/channels/mailgun-fake';
import { loadConfig } from '../../src/config';
import { runMigrations } from '../../src/database/migrations';
import { openDatabase } from '../../src/database/open-database';

/** 10 000 recipients on both databases (about a minute on the embedded one); BATCH_CRASH_RECIPIENTS sets another size. */
const RECIPIENTS = Number(process.env.BATCH_CRASH_RECIPIENTS ?? 10_000);
const KILL_AFTER = Math.round(RECIPIENTS * 0.3);
const MAIN = resolve(__dirname, '../../dist/src/main.js');

/**
 * SIGKILL in the middle of a 10 000-recipient mail batch, start again: the batch resumes by itself and the fake
 * Mailgun's log holds every recipient exactly once. The chunk cut off mid-call waits for Mailgun's events (which the
 * fake shows only after a lag, as Mailgun does) to be complete before it is settled from them. Runs the built API
 * (`npm run build` first) as a child process on the database of the run: a PGlite folder, or a schema of its own on
 * DATABASE_URL.
 */
describe('a batch killed mid-way', () => {
  let fake: Awaited<ReturnType<typeof startMailgunFake>>;
  let dataDir: string | null = null;
  let schema: string | null = null;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
    Object.assign(process.env, { MAILGUN_FAKE_EVENTS: 'off', MAILGUN_FAKE_EVENTS_LAG_MS: '1000' });
    fake = await startMailgunFake();
    Object.assign(env, { MAILGUN_URL: fake.url, MAILGUN_SETTLE_WINDOW_MS: '3000' });
    if (process.env.DATABASE_URL) {
      schema = `crash_${randomBytes(4).toString('hex')}`;
      Object.assign(env, { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema });
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'batch-crash-'));
      Object.assign(env, { DATABASE_URL: '', DATA_DIR: dataDir });
    }
  });

  afterAll(async () => {
    await fake?.close();
    delete process.env.MAILGUN_FAKE_EVENTS;
    delete process.env.MAILGUN_FAKE_EVENTS_LAG_MS;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, databaseSchema: null, dataDir: null });
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    }
  });

  it('resumes by itself after SIGKILL and the provider has every recipient exactly once', async () => {
    const config = { ...loadConfig({ ...process.env, ...env }), dataDir: dataDir && join(dataDir), databaseSchema: schema };
    const db = await openDatabase(config);
    await runMigrations(db);
    const { emailOf } = await seedBatchCompany(db, RECIPIENTS, 'crash');
    await db.close();

    let api = await startApiProcess(env);
    const client = await BatchClient.signIn(api.baseUrl, emailOf('super'));
    const batch = await client.createMailBatch(100);
    expect(batch.total).toBe(RECIPIENTS);
    // the fake answers each send 500 ms after taking its mails: the kill lands between the call and the marking. The
    // count is polled, not the mails: serialising thousands of them held up this process (the fake's too) past the wait
    await fetch(`${fake.url}/_fake/latency?ms=500`, { method: 'POST' });
    await client.call('POST', `/api/company/batch/${batch._id}/run`, {});
    const mails = async () => (await (await fetch(`${fake.url}/_fake/mails`)).json()) as { to: string; variables: Record<string, string> }[];
    const mailCount = async () => ((await (await fetch(`${fake.url}/_fake/mail-count`)).json()) as { count: number }).count;
    while ((await mailCount()) < KILL_AFTER) await new Promise((wait) => setTimeout(wait, 20));
    await api.kill();
    const atKill = await mailCount();
    await fetch(`${fake.url}/_fake/latency?ms=0`, { method: 'POST' });

    api = await startApiProcess(env);
    const resumed = client.withBase(api.baseUrl);
    const status = await resumed.waitFor(batch._id, (current) => current.runner === 'completed', 600_000);
    await api.stop();

    const recipients = (await mails()).map((mail) => mail.to);
    const unique = new Set(recipients);
    const duplicates = recipients.length - unique.size;
    const lost = RECIPIENTS - unique.size;
    const after = await openDatabase(config);
    const [{ recovered }] = await after.query<{ recovered: number }>(`SELECT count(*)::int AS recovered FROM batch_item WHERE batch_id = $1 AND provider_id = 'recovered-after-interruption'`, [batch._id]);
    await after.close();
    console.log(`crash test (${schema ? 'PostgreSQL' : 'PGlite'}): killed after ${atKill} mails; ${recipients.length} mails in the fake's log, duplicates ${duplicates}, lost ${lost}; ${recovered} items found accepted after the kill and marked done without sending`);
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
    expect(recovered).toBeGreaterThan(0);
    expect(status.counts).toMatchObject({ done: RECIPIENTS, ready: 0, executing: 0, error: 0, uncertain: 0 });
  }, 900_000);
});
