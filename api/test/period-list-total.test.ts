import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { newId } from '../src/common/object-id';
import { bulkInsert } from '../src/database/bulk-insert';
import { PeriodListTotal } from '../src/finance/period-list-total';
import { RecordHooks } from '../src/records/record-hooks';
import { type TestApp, bearer, startTestApp } from './support/test-app';

const DAY = 86_400;
const START = 1_767_225_600; // 2026-01-01T00:00:00Z
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.token('finance');
});
afterAll(() => t.close());

const transaction = (state: string, unix: number) => ({ name: { full: `T ${unix}` }, amount: { cents: 500 }, state: { id: state, put: { at: { unix, date: new Date(unix * 1000).toISOString() } } } });

async function listTotal(query: Record<string, string>, model: 'transaction' | 'payment' = 'transaction') {
  const response = await t.http.get(`/api/company/model/${model}`).query({ ...query, _end: '1' }).set(bearer(token));
  expect(response.status).toBe(200);
  expect(response.headers['x-total-count-lower-bound']).toBeUndefined();
  return Number(response.headers['x-total-count']);
}

async function countedTotal(states: string[] | null, from: number, to: number, model: 'transaction' | 'payment' = 'transaction') {
  const [{ total }] = await t.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM "${model}" WHERE company_id = $1 AND state_put_at_unix BETWEEN $2 AND $3 AND ($4::text[] IS NULL OR state_id = ANY($4::text[]))`,
    [t.companies.a, from, to, states],
  );
  return total;
}

/** Payments of the company spread over the ranges, written as the bulk paths write them (the day totals follow). */
async function seedPayments(): Promise<void> {
  const states = ['completed', 'pending', 'cancelled'];
  const rows = Array.from({ length: 45 }, (_, i) => {
    const unix = START + i * 41_000;
    return {
      id: newId(),
      companyId: t.companies.a,
      doc: {
        name: { full: 'Top-up' },
        paymentType: ['paynl', 'pin', 'cash'][i % 3],
        state: { id: states[i % 3], put: { at: { unix, date: new Date(unix * 1000).toISOString() } } },
        amount: { cents: 1000 },
        amountLeft: { cents: 400 },
        meta: { createdAt: unix, updatedAt: unix },
      },
    };
  });
  await bulkInsert(t.db, findResource('payment')!, rows);
}

describe('transaction and payment list totals from the per-day totals', () => {
  it('answers the exact total for states and ranges with partial days, also after changes', async () => {
    const states = ['paid', 'accepted', 'cancelled'];
    const created: string[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await t.http.post('/api/company/model/transaction').set(bearer(token)).send(transaction(states[i % 3], START + i * 37_000));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      created.push(response.body._id);
    }
    await seedPayments();
    const shortcut = t.app.get(PeriodListTotal);
    const check = async (stateFilter: Record<string, string>, from: number, to: number, states: string[] | null) => {
      const query = { ...stateFilter, 'state.put.at.unix_gte': String(from), 'state.put.at.unix_lte': String(to) };
      expect(await listTotal(query)).toBe(await countedTotal(states, from, to));
    };
    const ranges: [number, number][] = [[START + 5_000, START + 10 * DAY + 7], [START, START + 25 * DAY], [START + 3 * DAY + 1, START + 5 * DAY - 1], [START + 2 * DAY + 100, START + 2 * DAY + 80_000], [START + 6 * DAY, START + 8 * DAY - 1]];
    for (const [from, to] of ranges) {
      await check({ 'state.id': 'paid' }, from, to, ['paid']);
      await check({ 'state.id_in': 'paid,accepted' }, from, to, ['paid', 'accepted']);
      await check({}, from, to, null);
      // the payment list offers a time range, not a state (which has no index of its own there)
      expect(await listTotal({ 'state.put.at.unix_gte': String(from), 'state.put.at.unix_lte': String(to) }, 'payment')).toBe(await countedTotal(null, from, to, 'payment'));
    }
    const filters = [{ path: 'state.put.at.unix', operator: 'gte' as const, values: [START] }, { path: 'state.put.at.unix', operator: 'lte' as const, values: [START + 9 * DAY] }];
    expect(await shortcut.total('transaction', t.companies.a, filters)).toBe(await countedTotal(null, START, START + 9 * DAY));
    expect(await shortcut.total('payment', t.companies.a, filters)).toBe(await countedTotal(null, START, START + 9 * DAY, 'payment'));
    // both generic lists take their totals from it (a few rows are counted exactly either way)
    for (const model of ['transaction', 'payment']) expect(t.app.get(RecordHooks).for(model).some((hook) => hook.countShortcut)).toBe(true);
    expect(await shortcut.total('transaction', t.companies.a, [...filters, { path: 'amount.cents', operator: 'gte', values: [1] }])).toBeNull();

    // the finance screens' lists (start and end in ms, one state or none) take their totals from the same day totals
    const financeTotal = async (model: 'transaction' | 'payment', from: number, to: number, state?: string) => {
      const response = await t.http.get(`/api/company/finance/${model}`).query({ start: from * 1000, end: to * 1000, _end: 1, ...(state && { state }) }).set(bearer(token));
      expect(response.status).toBe(200);
      return Number(response.headers['x-total-count']);
    };
    for (const [from, to] of ranges) {
      expect(await financeTotal('transaction', from, to)).toBe(await countedTotal(null, from, to));
      expect(await financeTotal('transaction', from, to, 'accepted')).toBe(await countedTotal(['accepted'], from, to));
      expect(await financeTotal('payment', from, to)).toBe(await countedTotal(null, from, to, 'payment'));
    }

    await t.http.patch(`/api/company/model/transaction/${created[0]}`).set(bearer(token)).send({ state: { id: 'cancelled', put: { at: { unix: START + 4 * DAY } } } });
    await t.http.delete(`/api/company/model/transaction/${created[3]}`).set(bearer(await t.token('super')));
    for (const [from, to] of ranges) await check({ 'state.id': 'paid' }, from, to, ['paid']);
    expect(await listTotal({ 'state.id': 'paid', 'state.put.at.unix_gte': String(START), 'state.put.at.unix_lte': String(START + 30 * DAY), 'amount.cents_gte': '501' })).toBe(0);
  });
});
