import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { fakePaynl, insert, payment, read, transactionDoc, user } from './finance-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (userId: string, action: string) => `/api/company/finance/user/${userId}/${action}`;

describe('sync all payments with the provider', () => {
  it("writes the provider's state: a pending payment that got paid becomes credit, a cancelled one is gone", async () => {
    const userId = await user(t);
    const paid = await payment(t, { userId, state: 'pending', cents: 2500, transactionId: 'EX-2000-0000-0001' });
    const cancelled = await payment(t, { userId, state: 'pending', cents: 1000, transactionId: 'EX-2000-0000-0002' });
    const unchanged = await payment(t, { userId, state: 'completed', cents: 700, transactionId: 'EX-2000-0000-0003' });
    await fakePaynl.seed('EX-2000-0000-0001', { statusCode: 100, amountCents: 2500 });
    await fakePaynl.seed('EX-2000-0000-0002', { statusCode: -90 });
    await fakePaynl.seed('EX-2000-0000-0003', { statusCode: 100 });
    const response = await t.http.post(url(userId, 'sync')).set(bearer(await t.token('finance')));
    expect(response.status).toBe(200);
    expect(response.body.checked).toBe(3);
    expect(response.body.changed).toEqual(expect.arrayContaining([{ paymentId: paid, from: 'pending', to: 'completed' }, { paymentId: cancelled, from: 'pending', to: 'cancelled' }]));
    expect(await read(t, 'payment', paid)).toMatchObject({ state: { id: 'completed' }, amountLeft: { cents: 2500 }, meta: { paynl: { statusCode: 100 } } });
    expect(await read(t, 'payment', cancelled)).toMatchObject({ state: { id: 'cancelled' }, amountLeft: { cents: 0 } });
    expect((await read(t, 'payment', unchanged)).state.id).toBe('completed');
  });

  it('turns a provider error into "Could not get details!" and changes nothing', async () => {
    const userId = await user(t);
    const fine = await payment(t, { userId, state: 'pending', transactionId: 'EX-2100-0000-0001' });
    await payment(t, { userId, state: 'pending', transactionId: 'EX-FAIL-2100-0002' });
    const response = await t.http.post(url(userId, 'sync')).set(bearer(await t.token('finance')));
    expect(response.status).toBe(502);
    expect(response.body.message).toBe('Could not get details!');
    expect((await read(t, 'payment', fine)).state.id).toBe('pending');
  });

  it('has nothing to do for a user without online payments', async () => {
    const userId = await user(t);
    await payment(t, { userId, type: 'cash' });
    const response = await t.http.post(url(userId, 'sync')).set(bearer(await t.token('finance')));
    expect(response.status).toBe(200);
    expect(response.body.skipped).toBe('no-provider-payments');
  });
});

describe('fetch the bank account number from the provider', () => {
  it("writes the payer's account to the user's payment details", async () => {
    const userId = await user(t, { iban: null });
    await payment(t, { userId, transactionId: 'EX-3000-0000-0001' });
    await fakePaynl.seed('EX-3000-0000-0001', { customerId: 'NL02 ABNA 0123 4567 89', customerName: 'K. Klaassen' });
    const response = await t.http.post(url(userId, 'fetch-iban')).set(bearer(await t.token('finance')));
    expect(response.status).toBe(200);
    expect((await read(t, 'user', userId)).pay).toEqual({ iban: 'NL02ABNA0123456789', valid: true, cardholder: 'K. Klaassen' });
  });

  it('skips users the provider knows no valid account of', async () => {
    const token = await t.token('finance');
    const none = await user(t, { iban: null });
    await payment(t, { userId: none, transactionId: 'EX-3100-0000-0001' });
    await fakePaynl.seed('EX-3100-0000-0001', { customerId: null });
    expect((await t.http.post(url(none, 'fetch-iban')).set(bearer(token))).body.skipped).toBe('no-bank-account');
    const invalid = await user(t, { iban: null });
    await payment(t, { userId: invalid, transactionId: 'EX-3100-0000-0002' });
    await fakePaynl.seed('EX-3100-0000-0002', { customerId: 'NL00ABNA0123456789' });
    expect((await t.http.post(url(invalid, 'fetch-iban')).set(bearer(token))).body.skipped).toBe('invalid-iban');
    expect((await read(t, 'user', invalid)).pay).toBeUndefined();
  });
});

describe('per-user refunds', () => {
  it('refunds all online credit of a user through the provider, and all refundable credit by bank account', async () => {
    const token = await t.token('finance');
    const userId = await user(t);
    const online = await payment(t, { userId, cents: 3000, left: 1000 });
    const pin = await payment(t, { userId, type: 'pin', cents: 3000, left: 500 });
    const provider = await t.http.post(url(userId, 'refund')).set(bearer(token));
    expect(provider.status).toBe(200);
    expect(provider.body).toEqual({ message: 'We have refunded payment!', refunded: [{ paymentId: online, cents: 1000 }] });
    const bank = await t.http.post(url(userId, 'refund-iban')).set(bearer(token));
    expect(bank.status).toBe(200);
    expect(bank.body.refunded).toEqual([{ paymentId: pin, cents: 500 }]);
    expect((await t.http.post(url(userId, 'refund-iban')).set(bearer(token))).status).toBe(409);
  });
});

describe('credit and balance', () => {
  it('gives non-refundable credit (finance and non-refundable admins) that covers what the user owes', async () => {
    const userId = await user(t);
    await insert(t, 'transaction', [transactionDoc({ userId, cents: 300 })]);
    const balance = await t.http.get(url(userId, 'balance')).set(bearer(await t.token('finance')));
    expect(balance.body).toMatchObject({ user: { _id: userId, email: { anonymous: false } }, balance: { cents: 0 }, debt: { cents: 300 }, payment: [] });
    expect(balance.body.transaction).toEqual([expect.objectContaining({ amount: { cents: 300, euro: 3 } })]);
    const credit = await t.http.post(url(userId, 'credit')).set(bearer(await t.token('financeNonRefundable'))).send({ cents: 1000, note: 'Compensation' });
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({ paymentType: 'cash-non-refundable', state: { id: 'completed' }, amount: { cents: 1000 }, amountLeft: { cents: 700 } });
    const after = await t.http.get(url(userId, 'balance')).set(bearer(await t.token('finance')));
    expect(after.body).toMatchObject({ balance: { cents: 700 }, debt: { cents: 0 } });
    expect(after.body.payment).toEqual([expect.objectContaining({ _id: credit.body._id, amountLeft: { cents: 700, euro: 7 } })]);
    for (const cents of [0, -5, 12.5, '10']) {
      const refused = await t.http.post(url(userId, 'credit')).set(bearer(await t.token('finance'))).send({ cents });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Please enter a valid amount');
    }
    expect((await t.http.post(url(userId, 'credit')).set(bearer(await t.token('merchant'))).send({ cents: 100 })).status).toBe(403);
    expect((await t.http.get(url(userId, 'balance')).set(bearer(await t.token('financeNonRefundable')))).status).toBe(403);
  });

  it('keeps per-user actions within the company and for finance admins', async () => {
    const userId = await user(t);
    for (const action of ['refund', 'refund-iban', 'relink', 'sync', 'fetch-iban']) {
      expect((await t.http.post(url(userId, action)).set(bearer(await t.token('merchant')))).status, action).toBe(403);
      expect((await t.http.post(url(userId, action)).set(bearer(await t.token('finance', 'b')))).status, action).toBe(404);
    }
  });
});
