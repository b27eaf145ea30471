import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iban, payment, user } from '../finance/finance-fixtures';
import { createMerchant, insertPayment, insertTransactions } from '../merchant/merchant-fixtures';
import { type TestApp, bearer, startTestApp } from '../support/test-app';

/**
 * Writes that move money, as a double click, a client's retries or a hostile admin send them: 50 at once with one
 * Idempotency-Key take effect once and all answer the first answer; 50 at once without a key take effect as the
 * domain rule says, never more. Counted in the database, not in the answers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CONCURRENT = 50;
type Answer = { status: number; body: unknown };

async function fifty(send: (headers: Record<string, string>) => Promise<{ status: number; body: unknown }>, key: string | null): Promise<Answer[]> {
  const headers: Record<string, string> = key ? { 'Idempotency-Key': key } : {};
  return Promise.all(Array.from({ length: CONCURRENT }, () => send(headers).then((response) => ({ status: response.status, body: response.body }))));
}

const count = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0].n;

function expectAllLikeTheFirst(answers: Answer[]): void {
  expect(answers[0].status).toBeLessThan(300);
  for (const answer of answers) expect(answer).toEqual(answers[0]);
}

describe('Idempotency-Key on money writes', () => {
  it('add credit: one credit per key, replayed to every repeat; one credit per request without a key', async () => {
    const token = await t.token('finance');
    const userId = await user(t);
    const credits = () => count(`payment WHERE user_ref_user_id = $1 AND payment_type = 'cash-non-refundable'`, [userId]);
    const send = (headers: Record<string, string>) => t.http.post(`/api/company/finance/user/${userId}/credit`).set(bearer(token)).set(headers).send({ cents: 500, note: 'Sorry' });
    const answers = await fifty(send, randomUUID());
    expectAllLikeTheFirst(answers);
    expect(await credits()).toBe(1);
    const unkeyed = await fifty(send, null);
    expect(unkeyed.every((answer) => answer.status === 201)).toBe(true);
    expect(await credits()).toBe(1 + CONCURRENT);
  });

  it('refund through the provider: one refund per key or without one', async () => {
    const token = await t.token('finance');
    for (const key of [randomUUID(), null]) {
      const userId = await user(t);
      const id = await payment(t, { userId, cents: 5000, left: 1500 });
      const answers = await fifty((headers) => t.http.post(`/api/company/finance/payment/${id}/refund`).set(bearer(token)).set(headers), key);
      if (key) expectAllLikeTheFirst(answers);
      else expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(await count(`payment WHERE refund_of_ref_payment_id = $1`, [id])).toBe(1);
    }
  });

  it('a refund bank file: one file per key or without one, its payments refunded once', async () => {
    const token = await t.token('company');
    await t.http.patch(`/api/company/model/company/${t.companies.a}`).set(bearer(token)).send({ settings: { bank: { debtorName: 'Company A', debtorIban: iban(), debtorBic: 'INGBNL2A' } } });
    for (const key of [randomUUID(), null]) {
      const userId = await user(t);
      const ids = [await payment(t, { userId, type: 'pin', left: 700 }), await payment(t, { userId, type: 'pin', left: 300 })];
      const before = await count("finance_bank_file", []);
      const answers = await fifty((headers) => t.http.post('/api/company/finance/refund-bank-file').set(bearer(token)).set(headers).send({ paymentIds: ids, includeQueued: false, confirmedCount: 2 }), key);
      if (key) expectAllLikeTheFirst(answers);
      expect(await count("finance_bank_file", [])).toBe(before + 1);
      expect(await count(`payment WHERE refund_of_ref_payment_id = ANY($1::text[])`, [ids])).toBe(2);
    }
  });

  it('the same key with another request answers 422 and changes nothing; a malformed key 400', async () => {
    const token = await t.token('finance');
    const userId = await user(t);
    const key: string = randomUUID();
    const send = (cents: number, sentKey = key) => t.http.post(`/api/company/finance/user/${userId}/credit`).set(bearer(token)).set('Idempotency-Key', sentKey).send({ cents, note: 'x' });
    expect((await send(100)).status).toBe(201);
    const other = await send(200);
    expect(other.status).toBe(422);
    expect(other.body.reason).toBe('idempotency-key-reused');
    const replay = await send(100);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await send(100, 'bad key with spaces')).status).toBe(400);
    expect(await count(`payment WHERE user_ref_user_id = $1`, [userId])).toBe(1);
  });

  it('keys belong to the person: another admin with the same key runs their own request', async () => {
    const userId = await user(t);
    const key = randomUUID();
    for (const role of ['finance', 'company'] as const) {
      const answer = await t.http.post(`/api/company/finance/user/${userId}/credit`).set(bearer(await t.token(role))).set('Idempotency-Key', key).send({ cents: 100, note: role });
      expect(answer.status, role).toBe(201);
      expect(answer.headers['idempotent-replayed'], role).toBeUndefined();
    }
  });
});

describe('money runs take only a confirmed selection', () => {
  it('refuses an empty filter, a missing count and a count that no longer holds, changing nothing', async () => {
    const token = await t.token('company');
    const userId = await user(t);
    const id = await payment(t, { userId, type: 'pin', left: 400 });
    const bulk = (body: Record<string, unknown>) => t.http.post('/api/company/finance/bulk').set(bearer(token)).send({ action: 'refund-iban', ...body });
    const bankFile = (body: Record<string, unknown>) => t.http.post('/api/company/finance/refund-bank-file').set(bearer(token)).send(body);
    for (const send of [bulk, bankFile]) {
      expect((await send({ filter: {} })).body.errors).toEqual([{ field: 'filter', message: 'must name the payments' }]);
      expect((await send({ paymentIds: [id] })).body.errors).toEqual([{ field: 'confirmedCount', message: 'must be the confirmed number of payments' }]);
      const changed = await send({ paymentIds: [id], confirmedCount: 3 });
      expect(changed.status).toBe(409);
      expect(changed.body).toMatchObject({ reason: 'selection-changed', count: 1 });
    }
    expect(await count(`payment WHERE refund_of_ref_payment_id = $1`, [id])).toBe(0);
  });
});

describe('the accounting invoice export', () => {
  it('makes one invoice of 50 concurrent exports of one merchant and period, confirmed or not', async () => {
    const from = 1_767_225_600;
    const bar = await createMerchant(t, 'Double Click Bar', [{ en: 'Beer', cents: 350, tax: 0.21 }]);
    const paid = await insertPayment(t, t.companies.a, 'paynl', 10_000);
    await insertTransactions(t, t.companies.a, [{ merchantId: bar.merchantId, at: from + 100, paymentId: paid, items: [[bar.productIds[0], 350]] }]);
    await t.http.patch(`/api/company/model/company/${t.companies.a}`).set(bearer(await t.token('company'))).send({ settings: { moneybird: { contactId: '500000000000000001', workflowId: '600000000000000001' } } });
    const token = await t.token('super');
    const exportInvoice = (confirm: unknown) => t.http.post(`/api/company/merchant/${bar.merchantId}/export/invoice`).set(bearer(token)).send({ from, to: from + 86_400, confirm });
    const exported = () => count(`invoice_export WHERE doc #>> '{merchantRef,merchantId}' = $1`, [bar.merchantId]);
    const first = await fifty(() => exportInvoice(false), null);
    expect(first.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(first.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    expect(await exported()).toBe(1);
    // export again, confirming the earlier invoice the 409 named: once, since a second click meets one more
    const refusal = await exportInvoice(false);
    expect(refusal.body.reason).toBe('already-exported');
    const shown = (refusal.body.existing as { invoice: { id: string } }[]).map((earlier) => earlier.invoice.id);
    const again = await fifty(() => exportInvoice(shown), null);
    expect(again.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(await exported()).toBe(2);
  });
});
