import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchClient, seedBatchCompany, startApiProcess } from '../../bench/batch-process';
import { runMigrations } from '../../src/database/migrations';
import { ownDatabase } from '../support/own-database';

/**
 * The built server, as the production image runs it: its render threads load the compiled worker from api/dist, and
 * SIGTERM ends the renders in progress and waiting (503) instead of letting the drain wait for each in turn.
 */
const RUN = existsSync(join(__dirname, '../../dist/src/communication/rendering/render-worker.js'));
const SLOW = '{% for a in (1..3000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}';

describe.runIf(RUN)("the built server's render threads", () => {
  const database = ownDatabase('render-shutdown');
  let emailOf: (role: string) => string;

  beforeAll(async () => {
    const db = await database.open();
    try {
      await runMigrations(db);
      ({ emailOf } = await seedBatchCompany(db, 1, 'render-shutdown'));
    } finally {
      await db.close();
    }
  }, 120_000);
  afterAll(() => database.drop());

  it('render a preview, and at SIGTERM answer 503 to the slow renders running and waiting and exit 0 at once', async () => {
    const api = await startApiProcess(database.env);
    try {
      const client = await BatchClient.signIn(api.baseUrl, emailOf('company'));
      const preview = (subject: string) => client.send('POST', '/api/company/template/render', { template: { format: 'communication-mail-html-modern-2021', subject: { en: subject } } });
      const rendered = await preview('Hello {{ company.name }}');
      expect(rendered.status).toBe(200);
      expect((await rendered.json()).data[0].data.subject).toBe('Hello Batch render-shutdown');
      // one company: one renders, the others wait for its share of the threads (a second each)
      const slow = Array.from({ length: 4 }, () => preview(SLOW).then((response) => response.status));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = Date.now();
      const exit = new Promise<number | null>((resolve) => api.child.once('exit', (code) => resolve(code)));
      await api.stop();
      const seconds = (Date.now() - started) / 1000;
      console.log(`SIGTERM during 4 slow previews: exit ${await exit} after ${seconds.toFixed(2)} s`);
      expect(await exit).toBe(0);
      // before the renders ended at the signal, the drain waited for each in turn: 5.4 s
      expect(seconds).toBeLessThan(3);
      expect(await Promise.all(slow)).toEqual([503, 503, 503, 503]);
    } finally {
      await api.stop();
    }
  }, 120_000);
});
