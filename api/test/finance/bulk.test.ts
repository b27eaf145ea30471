import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_ACTIONS, BulkRunner } from '../../src/finance/bulk/bulk-runner.service';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { payment, read, user } from './finance-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const URL = '/api/company/finance/bulk';

async function finished(id: string, token: string) {
  await t.app.get(BulkRunner).idle();
  const response = await t.http.get(`${URL}/${id}`).set(bearer(token));
  expect(response.status).toBe(200);
  return response.body;
}

describe('bulk payment actions', () => {
  it('use the spec concurrency and waits', () => {
    expect(BULK_ACTIONS.sync).toMatchObject({ concurrency: 1, waitMs: 150 });
    expect(BULK_ACTIONS['fetch-iban']).toMatchObject({ concurrency: 1 });
    expect(BULK_ACTIONS.relink).toMatchObject({ concurrency: 5, waitMs: 2000 });
    expect(BULK_ACTIONS.refund).toMatchObject({ concurrency: 3 });
    expect(BULK_ACTIONS['refund-iban']).toMatchObject({ concurrency: 3 });
  });

  it('refunds rows three at a time with a status per row: done, skipped when nothing is left, error when the provider refuses', async () => {
    const token = await t.token('company');
    const userId = await user(t);
    const ok = await Promise.all([1, 2, 3, 4].map((n) => payment(t, { userId, cents: 1000 * n })));
    const empty = await payment(t, { userId, left: 0 });
    const failing = await payment(t, { userId, transactionId: 'EX-FAIL-9000-0001' });
    const started = await t.http.post(URL).set(bearer(token)).send({ action: 'refund', paymentIds: [...ok, empty, failing], confirmedCount: ok.length + 2 });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ action: 'refund', concurrency: 3, status: 'running' });
    expect(started.body.items).toHaveLength(6);
    for (const item of started.body.items) expect(['ready', 'executing', 'done', 'skipped', 'error']).toContain(item.status);
    const run = await finished(started.body.id, token);
    expect(run.status).toBe('done');
    const status = Object.fromEntries(run.items.map((item: { targetId: string; status: string; message: string }) => [item.targetId, [item.status, item.message]]));
    for (const id of ok) expect(status[id]).toEqual(['done', 'We have refunded payment!']);
    expect(status[empty]).toEqual(['skipped', 'nothing-left']);
    expect(status[failing]).toEqual(['error', 'Could not refund!']);
    expect(run.counts).toEqual({ ready: 0, executing: 0, done: 4, skipped: 1, error: 1 });
    for (const id of ok) expect((await read(t, 'payment', id)).amountLeft).toEqual({ cents: 0 });
    expect((await read(t, 'payment', failing)).amountLeft).toEqual({ cents: 5000 });
  });

  it('stops a sequential run (sync) at the first error and leaves the rest ready', async () => {
    const token = await t.token('company');
    const users = [await user(t), await user(t), await user(t)].sort();
    await payment(t, { userId: users[0], state: 'pending', transactionId: 'EX-9100-0000-0001' });
    await payment(t, { userId: users[1], state: 'pending', transactionId: 'EX-FAIL-9100-0002' });
    await payment(t, { userId: users[2], state: 'pending', transactionId: 'EX-9100-0000-0003' });
    const started = await t.http.post(URL).set(bearer(token)).send({ action: 'sync', userIds: users });
    expect(started.status).toBe(202);
    const run = await finished(started.body.id, token);
    expect(run.status).toBe('stopped');
    expect(run.message).toBe('Could not get details!');
    expect(run.items.map((item: { status: string }) => item.status)).toEqual(['done', 'error', 'ready']);
  });

  it('runs user actions once per user of the chosen payments, and waits 2 s after each relink', async () => {
    const token = await t.token('company');
    const userId = await user(t);
    const ids = [await payment(t, { userId, type: 'pin' }), await payment(t, { userId, type: 'cash' })];
    const before = Date.now();
    const started = await t.http.post(URL).set(bearer(token)).send({ action: 'relink', paymentIds: ids });
    expect(started.body.items).toEqual([expect.objectContaining({ targetKind: 'user', targetId: userId })]);
    const run = await finished(started.body.id, token);
    expect(Date.now() - before).toBeGreaterThanOrEqual(2000);
    expect(run.items[0].status).toBe('done');
  });

  it('is for company admins and checks its input', async () => {
    const userId = await user(t);
    const id = await payment(t, { userId });
    for (const role of ['finance', 'merchant'] as const) {
      expect((await t.http.post(URL).set(bearer(await t.token(role))).send({ action: 'refund', paymentIds: [id], confirmedCount: 1 })).status, role).toBe(403);
    }
    const token = await t.token('company');
    expect((await t.http.post(URL).set(bearer(token)).send({ action: 'explode', paymentIds: [id] })).status).toBe(400);
    expect((await t.http.post(URL).set(bearer(token)).send({ action: 'refund', paymentIds: ['x'] })).status).toBe(400);
    expect((await t.http.post(URL).set(bearer(await t.token('company', 'b'))).send({ action: 'refund', paymentIds: [id] })).status).toBe(400);
    expect((await read(t, 'payment', id)).amountLeft).toEqual({ cents: 5000 });
  });

  it('names the people of its rows: the user\'s name, for a payment the name of its user', async () => {
    const token = await t.token('company');
    const userId = await user(t);
    const [named] = (await t.db.query<{ name: string }>(`SELECT doc #>> '{name,full}' AS name FROM "user" WHERE id = $1`, [userId])).map((row) => row.name);
    const relink = await t.http.post(URL).set(bearer(token)).send({ action: 'relink', userIds: [userId] });
    expect(relink.body.items).toEqual([expect.objectContaining({ targetId: userId, label: named })]);
    const paymentId = await payment(t, { userId });
    const refund = await t.http.post(URL).set(bearer(token)).send({ action: 'refund-iban', paymentIds: [paymentId], confirmedCount: 1 });
    expect(refund.body.items).toEqual([expect.objectContaining({ targetId: paymentId, label: named })]);
    await t.app.get(BulkRunner).idle();
  });

  it('is cancelled between two rows, keeps the rest ready, and lists the runs to reopen', async () => {
    const token = await t.token('company');
    const users = [await user(t), await user(t), await user(t), await user(t)].sort();
    for (const [n, userId] of users.entries()) await payment(t, { userId, state: 'pending', transactionId: `EX-9200-0000-000${n}` });
    const started = await t.http.post(URL).set(bearer(token)).send({ action: 'sync', userIds: users });
    expect(started.status).toBe(202);
    const listed = await t.http.get(URL).set(bearer(token));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: started.body.id, action: 'sync', status: 'running' })]));
    expect(listed.body[0]).not.toHaveProperty('items');
    const cancelled = await t.http.post(`${URL}/${started.body.id}/cancel`).set(bearer(token));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const run = await finished(started.body.id, token);
    expect(run.status).toBe('cancelled');
    expect(run.counts.ready).toBeGreaterThan(0);
    expect(run.counts.executing).toBe(0);
    expect((await t.http.post(`${URL}/${started.body.id}/cancel`).set(bearer(token))).status, 'an ended run').toBe(409);
  });

  it('is cancelled by company admins of its company only', async () => {
    const token = await t.token('company');
    const userId = await user(t);
    const started = await t.http.post(URL).set(bearer(token)).send({ action: 'relink', userIds: [userId] });
    for (const role of ['finance', 'merchant', 'user'] as const) {
      expect((await t.http.post(`${URL}/${started.body.id}/cancel`).set(bearer(await t.token(role)))).status, role).toBe(403);
      expect((await t.http.get(URL).set(bearer(await t.token(role)))).status, role).toBe(403);
    }
    expect((await t.http.post(`${URL}/${started.body.id}/cancel`).set(bearer(await t.token('company', 'b')))).status).toBe(404);
    expect((await t.http.post(`${URL}/not-an-id/cancel`).set(bearer(token))).status).toBe(404);
    const run = await finished(started.body.id, token);
    expect(run.status).toBe('done');
  });
});
