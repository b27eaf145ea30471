import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { NOW, insert, payment, product, read, transactionDoc, user } from './finance-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (id: string, rest: string) => `/api/company/finance/transaction/${id}/${rest}`;
const DAY = 86_400;

/** A user with one completed payment of `cents`, and a paid transaction of `spent` from it. */
async function spender(cents = 5000, spent = 1500, at = NOW() - 3600) {
  const userId = await user(t);
  const paymentId = await payment(t, { userId, type: 'pin', cents, left: cents - spent, at: at - 60 });
  const [transactionId] = await insert(t, 'transaction', [transactionDoc({ userId, cents: spent, at, paymentIds: [paymentId] })]);
  return { userId, paymentId, transactionId };
}

describe('transaction refund', () => {
  it('refunds a paid transaction: its amount becomes credit again on the payment it was paid from', async () => {
    const { paymentId, transactionId } = await spender(5000, 1500);
    const response = await t.http.post(url(transactionId, 'refund')).set(bearer(await t.token('finance')));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ message: 'We have refunded payment!', transaction: { state: { id: 'refunded' } }, credited: [{ paymentId, cents: 1500 }] });
    expect(response.body.warning).toBeUndefined();
    expect((await read(t, 'payment', paymentId)).amountLeft).toEqual({ cents: 5000 });
  });

  it('only refunds paid transactions', async () => {
    const token = await t.token('finance');
    for (const state of ['accepted', 'completed', 'refunded', 'cancelled', 'created']) {
      const [id] = await insert(t, 'transaction', [transactionDoc({ state, cents: 100 })]);
      const response = await t.http.post(url(id, 'refund')).set(bearer(token));
      expect(response.status, state).toBe(409);
      expect((await read(t, 'transaction', id)).state).toMatchObject({ id: state });
    }
  });

  it('locks refunds of transactions older than 30 days, except for super admins, who are warned', async () => {
    const old = await spender(3000, 1000, NOW() - 31 * DAY);
    const refused = await t.http.post(url(old.transactionId, 'refund')).set(bearer(await t.token('finance')));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Transaction is too old to refund, contact support if you want to continue');
    expect((await read(t, 'payment', old.paymentId)).amountLeft).toEqual({ cents: 2000 });
    expect((await t.http.post(url(old.transactionId, 'refund')).set(bearer(await t.token('company')))).status).toBe(409);
    const allowed = await t.http.post(url(old.transactionId, 'refund')).set(bearer(await t.token('super')));
    expect(allowed.status).toBe(200);
    expect(allowed.body.warning).toBe('Refunding transaction older than 30 days');
    expect((await read(t, 'payment', old.paymentId)).amountLeft).toEqual({ cents: 3000 });
    const young = await spender(3000, 1000, NOW() - 29 * DAY);
    expect((await t.http.post(url(young.transactionId, 'refund')).set(bearer(await t.token('finance')))).status).toBe(200);
  });

  it('is for finance admins within their company', async () => {
    const { transactionId } = await spender();
    for (const role of ['merchant', 'user', 'financeNonRefundable'] as const) {
      expect((await t.http.post(url(transactionId, 'refund')).set(bearer(await t.token(role)))).status, role).toBe(403);
    }
    expect((await t.http.post(url(transactionId, 'refund')).set(bearer(await t.token('finance', 'b')))).status).toBe(404);
  });
});

describe('transaction product editor', () => {
  it('sets the products: the amount becomes the sum of the product prices, the payment links are emptied and the credit follows', async () => {
    const token = await t.token('finance');
    const beer = await product(t, 350);
    const fries = await product(t, 425);
    const { userId, paymentId, transactionId } = await spender(5000, 700);
    const response = await t.http.put(url(transactionId, 'product')).set(bearer(token)).send({ productRef: [{ productId: beer }, { productId: fries }, { productId: beer }] });
    expect(response.status).toBe(200);
    expect(response.body.amount.cents).toBe(350 + 425 + 350);
    expect(response.body.productRef.map((item: { productId: string }) => item.productId)).toEqual([beer, fries, beer]);
    expect(response.body.paymentRef).toEqual([]);
    expect((await read(t, 'payment', paymentId)).amountLeft).toEqual({ cents: 5000 - 1125 });
    const balance = await t.http.get(`/api/company/finance/user/${userId}/balance`).set(bearer(token));
    expect(balance.body).toMatchObject({ balance: { cents: 3875 }, debt: { cents: 0 } });

    const removed = await t.http.delete(url(transactionId, 'product/1')).set(bearer(token));
    expect(removed.status).toBe(200);
    expect(removed.body.amount.cents).toBe(700);
    const added = await t.http.post(url(transactionId, 'product')).set(bearer(token)).send({ productId: fries });
    expect(added.body.amount.cents).toBe(1125);
  });

  it("answers 'index-required' (404) when a product is removed without an index", async () => {
    const { transactionId } = await spender();
    const token = await t.token('finance');
    const response = await t.http.delete(url(transactionId, 'product')).set(bearer(token));
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('index-required');
    expect((await t.http.delete(url(transactionId, 'product/7')).set(bearer(token))).body.message).toBe('index-required');
  });

  it('only edits paid transactions, with known products', async () => {
    const token = await t.token('finance');
    const beer = await product(t, 350);
    const [accepted] = await insert(t, 'transaction', [transactionDoc({ state: 'accepted', cents: 100 })]);
    expect((await t.http.put(url(accepted, 'product')).set(bearer(token)).send({ productRef: [{ productId: beer }] })).status).toBe(409);
    const { transactionId } = await spender();
    expect((await t.http.put(url(transactionId, 'product')).set(bearer(token)).send({ productRef: [{ productId: '0123456789abcdef01234567' }] })).status).toBe(400);
    expect((await t.http.put(url(transactionId, 'product')).set(bearer(token)).send({ productRef: 'beer' })).status).toBe(400);
    expect((await t.http.put(url(transactionId, 'product')).set(bearer(await t.token('merchant'))).send({ productRef: [] })).status).toBe(403);
  });

  it('keeps the money fields of transactions out of the generic API', async () => {
    const token = await t.token('finance');
    const { transactionId } = await spender();
    expect((await t.http.patch(`/api/company/model/transaction/${transactionId}`).set(bearer(token)).send({ amount: { cents: 1 } })).status).toBe(409);
    expect((await t.http.patch(`/api/company/model/transaction/${transactionId}`).set(bearer(token)).send({ state: { id: 'refunded' } })).status).toBe(409);
    expect((await t.http.patch(`/api/company/model/transaction/${transactionId}`).set(bearer(token)).send({ name: { full: 'Renamed' } })).status).toBe(200);
    const [accepted] = await insert(t, 'transaction', [transactionDoc({ state: 'accepted', cents: 100 })]);
    expect((await t.http.patch(`/api/company/model/transaction/${accepted}`).set(bearer(token)).send({ name: { full: 'Renamed' } })).status).toBe(409);
  });
});

describe('relink', () => {
  it('links a paid transaction without payments to the oldest credit and recomputes what is left', async () => {
    const token = await t.token('finance');
    const userId = await user(t);
    const older = await payment(t, { userId, type: 'pin', cents: 1000, left: 1000, at: NOW() - 7200 });
    const newer = await payment(t, { userId, type: 'cash', cents: 2000, left: 2000, at: NOW() - 3600 });
    const [first, second] = await insert(t, 'transaction', [
      transactionDoc({ userId, cents: 600, at: NOW() - 1800 }),
      transactionDoc({ userId, cents: 700, at: NOW() - 900 }),
    ]);
    const one = await t.http.post(url(first, 'relink')).set(bearer(token));
    expect(one.status).toBe(200);
    expect(one.body.paymentRef).toEqual([{ paymentId: older }]);
    expect((await read(t, 'transaction', second)).paymentRef).toEqual([]);
    const all = await t.http.post(`/api/company/finance/user/${userId}/relink`).set(bearer(token));
    expect(all.status).toBe(200);
    expect((await read(t, 'transaction', second)).paymentRef).toEqual([{ paymentId: older }, { paymentId: newer }]);
    expect((await read(t, 'payment', older)).amountLeft).toEqual({ cents: 0 });
    expect((await read(t, 'payment', newer)).amountLeft).toEqual({ cents: 1700 });
    const [accepted] = await insert(t, 'transaction', [transactionDoc({ userId, state: 'completed', cents: 10 })]);
    expect((await t.http.post(url(accepted, 'relink')).set(bearer(token))).status).toBe(409);
  });
});
