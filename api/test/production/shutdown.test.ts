import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findResource } from '@backoffice/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, BatchClient, seedBatchCompany, startApiProcess } from '../../bench/batch-process';
import { newId } from '../../src/common/object-id';
import { bulkInsert } from '../../src/database/bulk-insert';
import type { Database } from '../../src/database/database';
import { runMigrations } from '../../src/database/migrations';
import { paymentDoc, userDoc } from '../finance/finance-fixtures';
import { ownDatabase } from '../support/own-database';

/**
 * SIGTERM as an orchestrator sends it, to the built server (PGlite in a folder of its own, or a schema of the
 * PostgreSQL server with DATABASE_URL), in the middle of each kind of long work: the process stops accepting,
 * ends or hands back the work, and exits 0 within 10 s; nothing is left half done. Each case prints its seconds.
 */
const RUN = existsSync(join(__dirname, '../../dist/src/main.js'));
const EXPORT_USERS = 40_000;
const IMPORT_ROWS = 30_000;
const SYNC_USERS = 40;

describe.runIf(RUN)('SIGTERM during long work', () => {
  const database = ownDatabase('shutdown');
  const { env, open } = database;
  let company: { companyId: string; emailOf: (role: string) => string };
  const syncUserIds: string[] = [];

  beforeAll(async () => {
    const db = await open();
    try {
      await runMigrations(db);
      company = await seedBatchCompany(db, EXPORT_USERS, 'shutdown');
      const users = Array.from({ length: SYNC_USERS }, () => ({ id: newId(), companyId: company.companyId, doc: userDoc() }));
      await bulkInsert(db, findResource('user')!, users);
      syncUserIds.push(...users.map((row) => row.id));
      await bulkInsert(db, findResource('payment')!, users.map((row) => ({ id: newId(), companyId: company.companyId, doc: paymentDoc({ userId: row.id }) })));
    } finally {
      await db.close();
    }
  }, 300_000);

  afterAll(() => database.drop());

  /** Sends SIGTERM and resolves with the process's exit code and the seconds it took. */
  async function terminate(api: ApiProcess): Promise<{ code: number | null; seconds: number }> {
    const started = Date.now();
    const exit = new Promise<number | null>((resolve) => api.child.once('exit', (code) => resolve(code)));
    await api.stop();
    const code = await exit.catch(() => api.child.exitCode);
    return { code: code ?? api.child.exitCode, seconds: (Date.now() - started) / 1000 };
  }

  let apiUrl: string | undefined;

  async function during(name: string, begin: (client: BatchClient) => Promise<() => Promise<void>>): Promise<void> {
    const api = await startApiProcess(env);
    apiUrl = api.baseUrl;
    const client = await BatchClient.signIn(api.baseUrl, company.emailOf('company'));
    const check = await begin(client);
    const { code, seconds } = await terminate(api);
    console.log(`SIGTERM during ${name}: exit ${code} after ${seconds.toFixed(2)} s`);
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(10);
    await check();
  }

  it('an idle server exits at once', async () => {
    await during('nothing', async () => async () => undefined);
  });

  it('a CSV export whose client reads slowly is cut off, and its cursor closed', async () => {
    await during('an export', async (client) => {
      const response = await client.send('POST', '/api/company/model/user/export/csv', { fields: ['email.value', 'name.full'], query: {} });
      expect(response.status).toBe(200);
      // read a little and then stop reading: the server waits for the client with the export's cursor open
      await response.body!.getReader().read();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return async () => undefined;
    });
  });

  it('an import being written is rolled back and answered 503, or cut off', async () => {
    const domain = `import-${randomBytes(3).toString('hex')}.test`;
    let answer: Promise<number> | undefined;
    await during('an import', async (client) => {
      const body = { import: { headers: ['name.first', 'name.last', 'email.value'], rows: Array.from({ length: IMPORT_ROWS }, (_, n) => ['Imported', String(n), `person-${n}@${domain}`]) } };
      answer = client.send('POST', '/api/company/model/user/import', body).then((response) => response.status, () => 0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return async () => {
        expect([503, 0]).toContain(await answer);
        const db = await open();
        try {
          expect(await db.query(`SELECT count(*)::int AS n FROM "user" WHERE email_value LIKE $1`, [`%@${domain}`])).toEqual([{ n: 0 }]);
        } finally {
          await db.close();
        }
      };
    });
  });

  it('a bulk payment sync stops between rows and the next server finishes it, no row lost or failed', async () => {
    let runId = '';
    await during('a bulk payment sync', async (client) => {
      runId = (await client.call<{ id: string }>('POST', '/api/company/finance/bulk', { action: 'sync', userIds: syncUserIds })).id;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return async () => undefined;
    });
    const api = await startApiProcess(env);
    try {
      const client = await BatchClient.signIn(api.baseUrl, company.emailOf('company'));
      let run: { status: string; counts: Record<string, number> };
      const deadline = Date.now() + 60_000;
      do {
        await new Promise((resolve) => setTimeout(resolve, 500));
        run = await client.call('GET', `/api/company/finance/bulk/${runId}`);
      } while (run.status === 'running' && Date.now() < deadline);
      expect(run.status).toBe('done');
      expect(run.counts.error + run.counts.ready + run.counts.executing).toBe(0);
      expect(run.counts.done + run.counts.skipped).toBe(SYNC_USERS);
    } finally {
      await api.stop();
    }
  });

  it('a batch send hands its claimed chunks back: nothing left executing or uncertain, nothing lost', async () => {
    let batchId = '';
    await during('a batch send', async () => {
      const superAdmin = await BatchClient.signIn(apiUrl!, company.emailOf('super'));
      const batch = await superAdmin.createMailBatch(100);
      batchId = batch._id;
      await superAdmin.call('POST', `/api/company/batch/${batchId}/run`, {});
      await superAdmin.waitFor(batchId, (status) => (status.counts.done ?? 0) >= 300, 60_000, 50);
      return async () => {
        const db = await open();
        try {
          const states = Object.fromEntries((await db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM batch_item WHERE batch_id = $1 GROUP BY state', [batchId])).map((row) => [row.state, row.n]));
          expect(states.executing ?? 0).toBe(0);
          expect(states.uncertain ?? 0).toBe(0);
          expect((states.done ?? 0) + (states.ready ?? 0)).toBe(EXPORT_USERS);
        } finally {
          await db.close();
        }
      };
    });
  }, 120_000);
});

