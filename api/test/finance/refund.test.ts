import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { fakePaynl, iban, payment, read, user } from './finance-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const refundUrl = (id: string, way = 'refund') => `/api/company/finance/payment/${id}/${way}`;
const refundsOf = (id: string) => t.db.query<{ id: string; doc: Record<string, any> }>(`SELECT id, doc FROM payment WHERE refund_of_ref_payment_id = $1`, [id]);

describe('refund through the payment provider', () => {
  it('pays the leftover credit back, writes a refund payment linked to the original and sets nothing left, in one go', async () => {
    const userId = await user(t);
    const id = await payment(t, { userId, cents: 5000, left: 1234, transactionId: 'EX-1000-0000-0001' });
    const response = await t.http.post(refundUrl(id)).set(bearer(await t.token('finance')));
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('We have refunded payment!');
    expect(response.body.payment.amountLeft.cents).toBe(0);
    expect(response.body.refund).toMatchObject({ paymentType: 'refund', amount: { cents: -1234 }, amountLeft: { cents: 0 }, refundOfRef: { paymentId: id }, state: { id: 'completed' } });
    const original = await read(t, 'payment', id);
    expect(original.amountLeft).toEqual({ cents: 0 });
    expect(original.refundRef).toEqual([{ paymentId: response.body.refund._id }]);
    const calls = (await fakePaynl.calls()).filter((call) => call.path === '/v1/transactions/EX-1000-0000-0001/refund');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { amount: { value: 1234, currency: 'EUR' } } });
    const audit = await t.db.query<{ doc: Record<string, any> }>(`SELECT doc FROM audit_log WHERE doc->>'recordId' = ANY($1::text[])`, [[id, response.body.refund._id]]);
    expect(audit.map((entry) => entry.doc.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses what cannot be refunded through the provider with the spec message and changes nothing', async () => {
    const token = await t.token('finance');
    const userId = await user(t);
    const cases = [
      { options: { userId, state: 'pending' }, reason: 'not-completed' },
      { options: { userId, left: 0 }, reason: 'nothing-left' },
      { options: { userId, type: 'cash' }, reason: 'type-not-refundable' },
      { options: { userId, type: 'cash-non-refundable' }, reason: 'type-not-refundable' },
      { options: { userId, transactionId: null }, reason: 'no-provider-transaction' },
    ];
    for (const { options, reason } of cases) {
      const id = await payment(t, options);
      const before = await read(t, 'payment', id);
      const response = await t.http.post(refundUrl(id)).set(bearer(token));
      expect(response.status, reason).toBe(409);
      expect(response.body).toMatchObject({ message: 'Could not refund!', reason });
      expect(await read(t, 'payment', id)).toEqual(before);
      expect(await refundsOf(id)).toHaveLength(0);
    }
  });

  it('turns a provider error into "Could not refund!" and changes nothing', async () => {
    const userId = await user(t);
    const id = await payment(t, { userId, cents: 2500, transactionId: 'EX-FAIL-0000-0001' });
    const response = await t.http.post(refundUrl(id)).set(bearer(await t.token('finance')));
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ message: 'Could not refund!', reason: 'provider-error', provider: { code: 'PAY-3000' } });
    expect((await read(t, 'payment', id)).amountLeft).toEqual({ cents: 2500 });
    expect(await refundsOf(id)).toHaveLength(0);
  });

  it('refunds the same credit exactly once when 50 refunds arrive at the same time', async () => {
    const userId = await user(t);
    const id = await payment(t, { userId, cents: 7500, left: 4000, transactionId: 'EX-5050-0000-0001' });
    const token = await t.token('finance');
    const responses = await Promise.all(Array.from({ length: 50 }, () => t.http.post(refundUrl(id)).set(bearer(token))));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const refunds = await refundsOf(id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].doc.amount.cents).toBe(-4000);
    expect((await read(t, 'payment', id)).amountLeft).toEqual({ cents: 0 });
    expect((await fakePaynl.calls()).filter((call) => call.path === '/v1/transactions/EX-5050-0000-0001/refund')).toHaveLength(1);
  });

  it('is for finance admins and above, within their own company', async () => {
    const userId = await user(t);
    const id = await payment(t, { userId });
    for (const role of ['merchant', 'user', 'event', 'application', 'financeNonRefundable'] as const) {
      expect((await t.http.post(refundUrl(id)).set(bearer(await t.token(role)))).status, role).toBe(403);
    }
    expect((await t.http.post(refundUrl(id)).set(bearer(await t.token('finance', 'b')))).status).toBe(404);
    expect((await t.http.post(refundUrl('nonsense')).set(bearer(await t.token('finance')))).status).toBe(404);
    expect((await read(t, 'payment', id)).amountLeft).toEqual({ cents: 5000 });
    expect((await t.http.post(refundUrl(id)).set(bearer(await t.token('company')))).status).toBe(200);
  });
});

describe('refund by bank account', () => {
  it('takes the credit off the balance now, as a pending refund the next bank file pays', async () => {
    for (const type of ['paynl', 'pin-softpos', 'cash', 'pin', 'pin-terminal-paynl', 'internal']) {
      const userId = await user(t, { iban: 'nl91 abna 0417 1643 00', holder: 'Jan de Vries', bic: 'ABNANL2A' });
      const id = await payment(t, { userId, type, cents: 1000, left: 600 });
      const response = await t.http.post(refundUrl(id, 'refund-iban')).set(bearer(await t.token('finance')));
      expect(response.status, type).toBe(200);
      expect(response.body.message).toBe('We have refunded payment!');
      expect(response.body.refund).toMatchObject({
        paymentType: 'refund',
        state: { id: 'pending' },
        amount: { cents: -600 },
        meta: { bank: { iban: 'NL91ABNA0417164300', holder: 'Jan de Vries', bic: 'ABNANL2A' } },
      });
      expect((await read(t, 'payment', id)).amountLeft).toEqual({ cents: 0 });
    }
  });

  it('refuses non-refundable types, users without a valid IBAN and blocked accounts', async () => {
    const token = await t.token('finance');
    const withIban = await user(t);
    const cases = [
      { userId: withIban, type: 'cash-non-refundable', reason: 'type-not-refundable' },
      { userId: withIban, type: 'import', reason: 'type-not-refundable' },
      { userId: withIban, type: 'collection', reason: 'type-not-refundable' },
      { userId: await user(t, { iban: null }), type: 'pin', reason: 'no-valid-iban' },
      { userId: await user(t, { iban: 'NL00ABNA0417164300' }), type: 'pin', reason: 'no-valid-iban' },
      { userId: await user(t, { email: `someone_blocked_${Date.now()}@example.test` }), type: 'pin', reason: 'blocked' },
    ];
    for (const { userId, type, reason } of cases) {
      const id = await payment(t, { userId, type });
      const response = await t.http.post(refundUrl(id, 'refund-iban')).set(bearer(token));
      expect(response.status, reason).toBe(409);
      expect(response.body).toMatchObject({ message: 'Could not refund!', reason });
      expect((await read(t, 'payment', id)).amountLeft).toEqual({ cents: 5000 });
    }
    expect((await t.http.post(refundUrl((await payment(t, { userId: withIban })), 'refund-iban')).set(bearer(await t.token('merchant')))).status).toBe(403);
  });
});

describe('payments through the generic API', () => {
  it('keep money fields for the finance actions', async () => {
    const token = await t.token('finance');
    const userId = await user(t);
    const id = await payment(t, { userId, cents: 1000 });
    const patched = await t.http.patch(`/api/company/model/payment/${id}`).set(bearer(token)).send({ amountLeft: { cents: 900 } });
    expect(patched.status).toBe(409);
    expect((await t.http.patch(`/api/company/model/payment/${id}`).set(bearer(token)).send({ note: 'checked' })).status).toBe(200);
    const refund = await t.http.post('/api/company/model/payment').set(bearer(token)).send({ paymentType: 'refund', amount: { cents: -100 }, userRef: { userId } });
    expect(refund.status).toBe(409);
    const created = await t.http.post('/api/company/model/payment').set(bearer(token)).send({ paymentType: 'cash', state: { id: 'completed' }, amount: { cents: 700 }, userRef: { userId } });
    expect(created.status).toBe(201);
    expect(created.body.amountLeft.cents).toBe(700);
    const tooMuch = await t.http.post('/api/company/model/payment').set(bearer(token)).send({ paymentType: 'cash', amount: { cents: 700 }, amountLeft: { cents: 701 }, userRef: { userId } });
    expect(tooMuch.status).toBe(400);
  });
});

describe('refund screen list', () => {
  it('lists completed payments with leftover credit with their user and how each can be refunded', async () => {
    const token = await t.token('finance');
    const year = new Date().getUTCFullYear();
    const withIban = await user(t, { holder: 'List Person' });
    const noIban = await user(t, { iban: null });
    const online = await payment(t, { userId: withIban, cents: 900, left: 900 });
    const cash = await payment(t, { userId: noIban, type: 'cash', cents: 800, left: 800 });
    const nonRefundable = await payment(t, { userId: withIban, type: 'cash-non-refundable', cents: 700, left: 700 });
    const spent = await payment(t, { userId: withIban, type: 'pin', cents: 600, left: 0 });
    const lastYear = await payment(t, { userId: withIban, type: 'pin', cents: 500, left: 500, at: Date.UTC(year - 1, 5, 1) / 1000 });

    const response = await t.http.get('/api/company/finance/refund').query({ year, _start: 0, _end: 1000 }).set(bearer(token));
    expect(response.status).toBe(200);
    const rows = Object.fromEntries(response.body.map((row: { _id: string }) => [row._id, row]));
    expect(Number(response.headers['x-total-count'])).toBe(response.body.length);
    expect(rows[online]).toMatchObject({ refundable: { provider: true, iban: true }, userRef: { userId: withIban, user: { name: { full: expect.any(String) }, pay: { cardholder: 'List Person' } } } });
    expect(rows[cash].refundable).toEqual({ provider: false, iban: false, providerReason: 'type-not-refundable', ibanReason: 'no-valid-iban' });
    expect(rows[nonRefundable].refundable).toMatchObject({ provider: false, iban: false });
    expect(rows[spent]).toBeUndefined();
    expect(rows[lastYear]).toBeUndefined();

    const byIban = await t.http.get('/api/company/finance/refund').query({ year, refundability: 'iban', _end: 1000 }).set(bearer(token));
    expect(byIban.body.map((row: { _id: string }) => row._id)).toContain(online);
    expect(byIban.body.map((row: { _id: string }) => row._id)).not.toContain(cash);
    expect(byIban.body.map((row: { _id: string }) => row._id)).not.toContain(nonRefundable);
    const none = await t.http.get('/api/company/finance/refund').query({ year, refundability: 'none', _end: 1000 }).set(bearer(token));
    expect(none.body.map((row: { _id: string }) => row._id)).toContain(nonRefundable);
    const all = await t.http.get('/api/company/finance/refund').query({ year, leftover: 'false', _end: 1000 }).set(bearer(token));
    expect(all.body.map((row: { _id: string }) => row._id)).toContain(spent);
  });

  it("keeps 'All' years and the anonymous-card filter for super admins", async () => {
    const anonymous = await user(t, { anonymous: true, iban: null });
    const card = await payment(t, { userId: anonymous, type: 'cash', cents: 300, left: 300 });
    const finance = await t.token('finance');
    expect((await t.http.get('/api/company/finance/refund').query({ year: 'all' }).set(bearer(finance))).status).toBe(403);
    expect((await t.http.get('/api/company/finance/refund').query({ anonymous: 'exclude' }).set(bearer(finance))).status).toBe(403);
    const superToken = await t.token('super');
    const only = await t.http.get('/api/company/finance/refund').query({ year: 'all', anonymous: 'only', _end: 1000 }).set(bearer(superToken));
    expect(only.status).toBe(200);
    expect(only.body.map((row: { _id: string }) => row._id)).toEqual([card]);
    const without = await t.http.get('/api/company/finance/refund').query({ year: 'all', anonymous: 'exclude', _end: 1000 }).set(bearer(superToken));
    expect(without.body.map((row: { _id: string }) => row._id)).not.toContain(card);
    expect((await t.http.get('/api/company/finance/refund').set(bearer(await t.token('merchant')))).status).toBe(403);
    expect((await t.http.get('/api/company/finance/refund').query({ year: 'soon' }).set(bearer(finance))).status).toBe(400);
  });
});

describe('refund screen refundability filter (issue 11 item 2)', () => {
  it('selects exactly the payments the refund actions accept, each choice by the same rule', async () => {
    const token = await t.token('finance');
    const year = new Date().getUTCFullYear();
    const good = await user(t);
    const spaced = await user(t, { iban: iban().toLowerCase().replace(/(.{4})/g, '$1 ') });
    const badChecksum = await user(t, { iban: 'NL00INGB0000000001' });
    const noIban = await user(t, { iban: null });
    const blocked = await user(t, { email: `someone_blocked_${Date.now()}@example.test` });
    const ids = [
      await payment(t, { userId: good, cents: 900 }),
      await payment(t, { userId: good, cents: 910, transactionId: null }),
      await payment(t, { userId: spaced, type: 'pin', cents: 920 }),
      await payment(t, { userId: badChecksum, type: 'cash', cents: 930 }),
      await payment(t, { userId: noIban, type: 'cash', cents: 940 }),
      await payment(t, { userId: blocked, type: 'pin', cents: 950 }),
      await payment(t, { userId: blocked, cents: 960 }),
      await payment(t, { userId: good, type: 'cash-non-refundable', cents: 970 }),
      await payment(t, { userId: good, type: 'pin', cents: 980, left: 0 }),
    ];
    const list = async (refundability: string) => {
      const response = await t.http.get('/api/company/finance/refund').query({ year, refundability, leftover: 'false', _end: 1000 }).set(bearer(token));
      expect(response.status).toBe(200);
      return response.body.filter((row: { _id: string }) => ids.includes(row._id)) as { _id: string; refundable: { provider: boolean; iban: boolean } }[];
    };
    const all = await list('any');
    expect(all).toHaveLength(ids.length);
    const expected = (test: (flags: { provider: boolean; iban: boolean }) => boolean) => all.filter((row) => test(row.refundable)).map((row) => row._id).sort();
    const idsOf = (rows: { _id: string }[]) => rows.map((row) => row._id).sort();
    expect(idsOf(await list('iban'))).toEqual(expected((flags) => flags.iban));
    expect(idsOf(await list('provider'))).toEqual(expected((flags) => flags.provider));
    expect(idsOf(await list('none'))).toEqual(expected((flags) => !flags.provider && !flags.iban));
    expect(expected((flags) => flags.iban)).toEqual([ids[0], ids[1], ids[2]].sort());

    // the per-row action accepts every row of 'iban' and refuses the rest
    for (const id of ids) {
      const response = await t.http.post(refundUrl(id, 'refund-iban')).set(bearer(token));
      expect(response.status, id).toBe(expected((flags) => flags.iban).includes(id) ? 200 : 409);
    }
  });
});
