import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FinanceRollups, splitRange } from '../../src/finance/overview/finance-rollups';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { insert, paymentDoc, transactionDoc, user } from './finance-fixtures';

let t: TestApp;
const DAY = 86_400;
// a fixed year far from the other suites' data: 2024 (UTC)
const YEAR_START = Date.UTC(2024, 0, 1) / 1000;
const YEAR_END = Date.UTC(2025, 0, 1) / 1000 - 1;
const period = { start: YEAR_START * 1000, end: YEAR_END * 1000 + 999 };
const URL = '/api/company/finance/overview';

let userId: string;
beforeAll(async () => {
  t = await startTestApp();
  userId = await user(t);
  // transactions: spread over the year, some just inside and just outside its edges
  await insert(t, 'transaction', [
    transactionDoc({ userId, state: 'paid', cents: 250, at: YEAR_START }),
    transactionDoc({ userId, state: 'paid', cents: 300, at: YEAR_START + 40 * DAY + 3600 }),
    transactionDoc({ userId, state: 'accepted', cents: 400, at: YEAR_START + 100 * DAY + 7 }),
    transactionDoc({ userId, state: 'completed', cents: 500, at: YEAR_END }),
    transactionDoc({ userId, state: 'cancelled', cents: 999, at: YEAR_START + 200 * DAY }),
    transactionDoc({ userId, state: 'paid', cents: 7777, at: YEAR_START - 1 }),
    transactionDoc({ userId, state: 'paid', cents: 8888, at: YEAR_END + 1 }),
  ]);
  await insert(t, 'payment', [
    paymentDoc({ userId, type: 'paynl', cents: 5000, left: 1200, at: YEAR_START + 10 * DAY }),
    paymentDoc({ userId, type: 'paynl', cents: 2500, left: 0, at: YEAR_START + 11 * DAY }),
    paymentDoc({ userId, type: 'paynl', state: 'cancelled', cents: 1000, at: YEAR_START + 12 * DAY }),
    paymentDoc({ userId, type: 'cash', cents: 2000, left: 2000, at: YEAR_END - 10 }),
    paymentDoc({ userId, type: 'cash', cents: 9999, left: 9999, at: YEAR_END + 5 }),
  ]);
  // the other company's money never shows
  const other = await user(t, {}, 'b');
  await insert(t, 'transaction', [transactionDoc({ userId: other, state: 'paid', cents: 123_456, at: YEAR_START + 50 * DAY })], 'b');
  await insert(t, 'payment', [paymentDoc({ userId: other, type: 'cash', cents: 123_456, at: YEAR_START + 50 * DAY })], 'b');
});
afterAll(() => t.close());

const byState = (body: { transactionTotal: { _id: { state: string }; totalCount: number; totalCents: number }[] }) =>
  Object.fromEntries(body.transactionTotal.map((row) => [row._id.state, [row.totalCount, row.totalCents]]));

describe('finance overview', () => {
  it('sums transactions per state and payments per type and state over the period, for super admins with what is not yet spent', async () => {
    const response = await t.http.get(URL).query(period).set(bearer(await t.token('super')));
    expect(response.status).toBe(200);
    expect(byState(response.body)).toEqual({ paid: [2, 550], accepted: [1, 400], completed: [1, 500], cancelled: [1, 999] });
    expect(response.body.transactionAccepted).toEqual({ totalCount: 4, totalCents: 1450 });
    expect(response.body.paymentTypeTotal).toEqual([
      { _id: { paymentType: 'cash' }, state: { id: 'completed' }, totalCount: 1, totalCents: 2000, totalLeftCents: 2000 },
      { _id: { paymentType: 'paynl' }, state: { id: 'cancelled' }, totalCount: 1, totalCents: 1000, totalLeftCents: 0 },
      { _id: { paymentType: 'paynl' }, state: { id: 'completed' }, totalCount: 2, totalCents: 7500, totalLeftCents: 1200 },
    ]);
    expect(response.body.paymentTotal).toEqual({ totalCount: 3, totalCents: 9500, totalLeftCents: 3200 });
  });

  it('leaves the super-only figures out of the answer for everyone else', async () => {
    for (const role of ['finance', 'company'] as const) {
      const response = await t.http.get(URL).query(period).set(bearer(await t.token(role)));
      expect(response.status).toBe(200);
      expect(response.body).not.toHaveProperty('paymentTotal');
      expect(response.body.paymentTypeTotal.length).toBe(3);
      for (const row of response.body.paymentTypeTotal) expect(row).not.toHaveProperty('totalLeftCents');
      expect(JSON.stringify(response.body)).not.toContain('Left');
    }
  });

  it('counts partial days at both ends exactly', async () => {
    const token = await t.token('finance');
    const part = await t.http.get(URL).query({ start: (YEAR_START + 40 * DAY + 3000) * 1000, end: (YEAR_START + 100 * DAY + 7) * 1000 }).set(bearer(token));
    expect(byState(part.body)).toEqual({ paid: [1, 300], accepted: [1, 400] });
    const inside = await t.http.get(URL).query({ start: (YEAR_START + 40 * DAY + 3601) * 1000, end: (YEAR_START + 100 * DAY + 6) * 1000 }).set(bearer(token));
    expect(inside.body.transactionTotal).toEqual([]);
    const second = await t.http.get(URL).query({ start: YEAR_START * 1000, end: YEAR_START * 1000 }).set(bearer(token));
    expect(byState(second.body)).toEqual({ paid: [1, 250] });
  });

  it('follows writes: a refunded transaction moves to its new state', async () => {
    const token = await t.token('finance');
    const now = Math.floor(Date.now() / 1000);
    const [id] = await insert(t, 'transaction', [transactionDoc({ userId, state: 'paid', cents: 1234, at: now - 60 })]);
    const window = { start: (now - DAY) * 1000, end: (now + DAY) * 1000 };
    expect(byState((await t.http.get(URL).query(window).set(bearer(token))).body).paid).toEqual([1, 1234]);
    expect((await t.http.post(`/api/company/finance/transaction/${id}/refund`).set(bearer(token))).status).toBe(200);
    const after = byState((await t.http.get(URL).query(window).set(bearer(token))).body);
    expect(after.paid).toBeUndefined();
    expect(after.refunded).toEqual([1, 1234]);
  });

  it('answers the same after the per-day totals are compacted', async () => {
    const token = await t.token('super');
    const before = (await t.http.get(URL).query(period).set(bearer(token))).body;
    await t.app.get(FinanceRollups).compact(t.companies.a);
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM finance_transaction_day WHERE company_id = $1 GROUP BY day, state_id HAVING count(*) > 1', [t.companies.a]);
    expect(rows).toEqual([]);
    expect((await t.http.get(URL).query(period).set(bearer(token))).body).toEqual(before);
  });

  it('is for finance admins and above and checks its period', async () => {
    for (const role of ['merchant', 'user', 'event', 'financeNonRefundable'] as const) {
      expect((await t.http.get(URL).query(period).set(bearer(await t.token(role)))).status, role).toBe(403);
    }
    const token = await t.token('finance');
    expect((await t.http.get(URL).set(bearer(token))).status).toBe(400);
    expect((await t.http.get(URL).query({ start: 'yesterday', end: 1 }).set(bearer(token))).status).toBe(400);
    expect((await t.http.get(URL).query({ start: 10, end: 5 }).set(bearer(token))).status).toBe(400);
  });
});

describe('splitRange', () => {
  it('splits a period into whole UTC days and the partial days at its ends', () => {
    expect(splitRange(0, DAY - 1)).toEqual({ firstDay: 0, endDay: 1, edges: [] });
    expect(splitRange(10, 3 * DAY + 5)).toEqual({ firstDay: 1, endDay: 3, edges: [[10, DAY - 1], [3 * DAY, 3 * DAY + 5]] });
    expect(splitRange(10, 20)).toEqual({ firstDay: 0, endDay: 0, edges: [[10, 20]] });
  });
});
