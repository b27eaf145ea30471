import { findResource } from '@backoffice/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TriggerChecks } from '../../src/communication/triggers/trigger-checks';
import { WritePipeline } from '../../src/records/write-pipeline';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { createUser } from '../users/users-fixtures';

let t: TestApp;
beforeAll(async () => {
  process.env.TRIGGER_POLL_MS = '200';
  t = await startTestApp();
  const response = await t.http.post('/api/company/model/template').set(bearer(await t.token('company'))).send({
    name: { full: 'Welcome' }, role: 'user-registered', format: 'communication-mail-html-modern-2021', subject: { en: 'Welcome' }, content: { en: '<p>Hi {{ user.name.full }}</p>' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
});
afterAll(async () => {
  delete process.env.TRIGGER_POLL_MS;
  await t.close();
});

const welcomeMails = async (userId: string) => (await t.db.query<{ id: string }>(`SELECT id FROM communication_mail WHERE doc->'to' @> $1::jsonb`, [JSON.stringify([{ userRef: { userId } }])])).length;
const checksOf = (userId: string) => t.db.query<{ id: string }>(`SELECT id FROM communication_trigger_check WHERE kind = 'user-registered' AND subject = $1`, [userId]);

async function eventually(read: () => Promise<number>, expected: number): Promise<number> {
  const until = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (value === expected || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('trigger checks across a restart', () => {
  it('sends after a restart what a write committed before it, once', async () => {
    // the server stops between the write and its check: only the database knows the check is owed
    await t.app.get(TriggerChecks).stop();
    const userId = await createUser(t, { name: { full: 'Before Restart' } });
    expect(await checksOf(userId)).toHaveLength(1);
    expect(await welcomeMails(userId)).toBe(0);

    await t.restart();
    expect(await eventually(() => welcomeMails(userId), 1)).toBe(1);
    expect(await eventually(async () => (await checksOf(userId)).length, 0)).toBe(0);

    // another restart owes nothing: the check is gone and the cause is marked sent
    await t.restart();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await welcomeMails(userId)).toBe(1);
  });

  it('takes up a check that a process had claimed when it died, and still sends once', async () => {
    await t.app.get(TriggerChecks).stop();
    const userId = await createUser(t, { name: { full: 'Claimed Then Killed' } });
    // as a process killed while running the check leaves it: claimed for two more minutes
    await t.db.query(`UPDATE communication_trigger_check SET claimed_until = now() + interval '2 minutes', attempts = 1 WHERE subject = $1`, [userId]);
    await t.restart();
    if (t.db.kind === 'pglite') {
      // the embedded database belongs to one process: its claims are free at once
      expect(await eventually(() => welcomeMails(userId), 1)).toBe(1);
    } else {
      // on a server another process may still be running it: it waits for the claim to end
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await welcomeMails(userId)).toBe(0);
      await t.db.query(`UPDATE communication_trigger_check SET claimed_until = now() - interval '1 second' WHERE subject = $1`, [userId]);
      t.app.get(TriggerChecks).nudge();
      expect(await eventually(() => welcomeMails(userId), 1)).toBe(1);
    }
    expect(await eventually(async () => (await checksOf(userId)).length, 0)).toBe(0);
  });

  it('owes nothing for a write that rolled back', async () => {
    const actor = { userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['company'] as const), access: [], thirdParty: false };
    const email = `rolled-back-${Date.now()}@people.test`;
    const owed = async () => (await t.db.query<{ id: string }>('SELECT id FROM communication_trigger_check ORDER BY id')).map((row) => row.id);
    const before = await owed();
    await expect(t.db.transaction(async (tx) => {
      await t.app.get(WritePipeline).writeOne(findResource('user')!, actor as never, { before: null, input: { email: { value: email }, name: { full: 'Rolled Back' } } }, { tx });
      expect((await tx.query(`SELECT id FROM communication_trigger_check`)).length).toBe(before.length + 1);
      throw new Error('the caller fails after the write');
    })).rejects.toThrow('the caller fails after the write');
    expect(await t.db.query(`SELECT id FROM "user" WHERE doc #>> '{email,value}' = $1`, [email])).toHaveLength(0);
    expect(await owed()).toEqual(before);
  });
});
