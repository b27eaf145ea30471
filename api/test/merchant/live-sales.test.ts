import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { createMerchant, insertTerminal, insertTransactions, statusByRole } from './merchant-fixtures';

let t: TestApp;
/** the period start: 730 hours long, so every bucket is exactly one hour */
const F = 1_767_225_600;
const HOUR = 3600;
const TO = F + 730 * HOUR;
let bar: { merchantId: string; productIds: string[] };
let other: { merchantId: string; productIds: string[] };

beforeAll(async () => {
  t = await startTestApp();
  bar = await createMerchant(t, 'Live Bar', [{ en: 'Beer', cents: 350 }, { en: 'Cola', cents: 250, tax: 0.09 }]);
  other = await createMerchant(t, 'Other Bar', [{ en: 'Wine', cents: 500 }]);
  const [beer, cola] = bar.productIds;
  const b = await createMerchant(t, 'Tenant b bar', [{ en: 'Beer b', cents: 400 }], 'b');
  await insertTransactions(t, t.companies.a, [
    { merchantId: bar.merchantId, at: F + 10, state: 'paid', items: [[beer, 350], [beer, 350]] },
    { merchantId: bar.merchantId, at: F + 5 * HOUR + 1, state: 'completed', items: [[beer, 300], [cola, 250]] },
    { merchantId: bar.merchantId, at: F + 5 * HOUR + 100, state: 'accepted', items: [[cola, 250]] },
    { merchantId: bar.merchantId, at: TO - 1, state: 'paid', items: [[cola, 250]] },
    // outside the period or not sold: left out
    { merchantId: bar.merchantId, at: F - 1, state: 'paid', items: [[beer, 350]] },
    { merchantId: bar.merchantId, at: TO, state: 'paid', items: [[beer, 350]] },
    { merchantId: bar.merchantId, at: F + 100, state: 'failed', items: [[beer, 350]] },
    { merchantId: bar.merchantId, at: F + 100, state: 'cancelled', items: [[beer, 350]] },
    { merchantId: bar.merchantId, at: F + 100, state: 'pending', items: [[beer, 350]] },
    { merchantId: bar.merchantId, at: F + 100, state: 'refunded', items: [[beer, 350]] },
    // another merchant of the company: only in `all`
    { merchantId: other.merchantId, at: F + 2 * HOUR, state: 'paid', items: [[other.productIds[0], 500]] },
  ]);
  // the other company's sale, even under this merchant's id, never shows
  await insertTransactions(t, t.companies.b, [
    { merchantId: bar.merchantId, at: F + 10, state: 'paid', items: [[beer, 350]] },
    { merchantId: b.merchantId, at: F + 10, state: 'paid', items: [[b.productIds[0], 400]] },
  ]);
});
afterAll(() => t.close());

const live = (merchantId: string, query: Record<string, unknown> = { from: F, to: TO }) => `/api/company/merchant/${merchantId}/live?${new URLSearchParams(query as Record<string, string>)}`;

describe('merchant live read', () => {
  it('sums the sold transactions (accepted, paid, completed) in [from, to)', async () => {
    const response = await t.http.get(live(bar.merchantId)).set(bearer(await t.token('merchant')));
    expect(response.status).toBe(200);
    expect(response.body.transactionTotal).toEqual({ cents: 1750, countNumber: 4 });
    expect(response.body.from).toBe(F);
    expect(response.body.to).toBe(TO);
    expect(response.body.merchant.name.full).toBe('Live Bar');
  });

  it('gives product rows with count, amount, price difference and sales per bucket', async () => {
    const response = await t.http.get(live(bar.merchantId)).set(bearer(await t.token('merchant')));
    const [beer, cola] = bar.productIds;
    const rows = response.body.productRef;
    expect(rows.map((row: { productId: string }) => row.productId)).toEqual([beer, cola]);
    expect(rows[0]).toMatchObject({
      productCountNumber: 3,
      productAmountCents: 1000,
      productPriceDifferent: true,
      productState: [{ unix: F, countNumber: 2 }, { unix: F + 5 * HOUR, countNumber: 1 }],
      prices: [{ cents: 350, countNumber: 2, amountCents: 700 }, { cents: 300, countNumber: 1, amountCents: 300 }],
    });
    expect(rows[0].product.nameLocalized.full.en).toBe('Beer');
    expect(rows[0].product.price.cents).toBe(350);
    expect(rows[1]).toMatchObject({
      productCountNumber: 3,
      productAmountCents: 750,
      productPriceDifferent: false,
      productState: [{ unix: F + 5 * HOUR, countNumber: 2 }, { unix: F + 729 * HOUR, countNumber: 1 }],
    });
  });

  it('has 730 buckets between from and to, each with its start, count and amount', async () => {
    const response = await t.http.get(live(bar.merchantId)).set(bearer(await t.token('merchant')));
    const timeline = response.body.timeline;
    expect(response.body.bucketCount).toBe(730);
    expect(timeline).toHaveLength(730);
    expect(timeline[0]).toEqual({ unix: F, countNumber: 1, amountCents: 700 });
    expect(timeline[1]).toEqual({ unix: F + HOUR, countNumber: 0, amountCents: 0 });
    expect(timeline[5]).toEqual({ unix: F + 5 * HOUR, countNumber: 2, amountCents: 800 });
    expect(timeline[729]).toEqual({ unix: F + 729 * HOUR, countNumber: 1, amountCents: 250 });
    expect(timeline.reduce((sum: number, bucket: { amountCents: number }) => sum + bucket.amountCents, 0)).toBe(1750);
  });

  it('buckets unevenly long periods by floor((t - from) * 730 / (to - from))', async () => {
    // 1000 seconds: bucket width 1.37 s; t = F + 10 is bucket floor(10 * 730 / 1000) = 7, starting at F + ceil(7 * 1000 / 730) = F + 10
    const response = await t.http.get(live(bar.merchantId, { from: F, to: F + 1000 })).set(bearer(await t.token('merchant')));
    expect(response.body.transactionTotal).toEqual({ cents: 700, countNumber: 1 });
    expect(response.body.timeline[7]).toEqual({ unix: F + 10, countNumber: 1, amountCents: 700 });
    expect(response.body.productRef[0].productState).toEqual([{ unix: F + 10, countNumber: 2 }]);
  });

  it('reads every merchant of the company with `all`, and accepts fromUnix and toUnix', async () => {
    const response = await t.http.get(live('all', { fromUnix: F, toUnix: TO })).set(bearer(await t.token('merchant')));
    expect(response.status).toBe(200);
    expect(response.body.merchant).toBeNull();
    expect(response.body.transactionTotal).toEqual({ cents: 2250, countNumber: 5 });
    const wine = response.body.productRef.find((row: { productId: string }) => row.productId === other.productIds[0]);
    expect(wine.product.merchantRef.merchant.name.full).toBe('Other Bar');
  });

  it('refuses bad periods (400)', async () => {
    const token = await t.token('merchant');
    expect((await t.http.get(live(bar.merchantId, { from: TO, to: F })).set(bearer(token))).status).toBe(400);
    expect((await t.http.get(live(bar.merchantId, { from: 'yesterday', to: F })).set(bearer(token))).status).toBe(400);
    expect((await t.http.get(live(bar.merchantId, { from: F })).set(bearer(token))).status).toBe(400);
  });

  it('is for merchant admins: finance, event, application and user admins are refused (403)', async () => {
    const statuses = await statusByRole(t, ['merchant', 'company', 'super', 'finance', 'event', 'application', 'user', 'financeNonRefundable'], (token) =>
      t.http.get(live(bar.merchantId)).set(bearer(token)),
    );
    expect(statuses).toEqual({ merchant: 200, company: 200, super: 200, finance: 403, event: 403, application: 403, user: 403, financeNonRefundable: 403 });
    expect((await t.http.get(live('all')).set(bearer(await t.token('finance')))).status).toBe(403);
  });

  it("answers 404 for another company's merchant and an unknown id", async () => {
    expect((await t.http.get(live(bar.merchantId)).set(bearer(await t.token('merchant', 'b')))).status).toBe(404);
    expect((await t.http.get(live('0123456789abcdef01234567')).set(bearer(await t.token('merchant')))).status).toBe(404);
    expect((await t.http.get(live('not-an-id')).set(bearer(await t.token('merchant')))).status).toBe(404);
  });
});

describe('merchant live read after changes', () => {
  it('follows transactions that change state, change items or go away', async () => {
    const shop = await createMerchant(t, 'Changing Bar', [{ en: 'Tea', cents: 200 }, { en: 'Cake', cents: 400 }]);
    const [tea, cake] = shop.productIds;
    const [first, second] = await insertTransactions(t, t.companies.a, [
      { merchantId: shop.merchantId, at: F + 50, items: [[tea, 200], [tea, 200]] },
      { merchantId: shop.merchantId, at: F + 60, items: [[cake, 400]] },
    ]);
    const read = async () => (await t.http.get(live(shop.merchantId)).set(bearer(await t.token('merchant')))).body;
    const counts = (body: { productRef: { productId: string; productCountNumber: number }[] }) => Object.fromEntries(body.productRef.map((row) => [row.productId, row.productCountNumber]));
    expect(counts(await read())).toEqual({ [tea]: 2, [cake]: 1 });

    // the first one is refunded (as the finance actions store it): it no longer counts as sold
    await t.db.query(`UPDATE "transaction" SET doc = jsonb_set(doc, '{state,id}', '"refunded"') WHERE id = $1`, [first]);
    const afterRefund = await read();
    expect(counts(afterRefund)).toEqual({ [cake]: 1 });
    expect(afterRefund.transactionTotal).toEqual({ cents: 400, countNumber: 1 });

    // the products of the second one are edited: two teas instead of a cake
    await t.db.query(`UPDATE "transaction" SET doc = jsonb_set(doc, '{productRef}', $2::jsonb) WHERE id = $1`, [second, JSON.stringify([{ productId: tea, price: { cents: 150 } }, { productId: tea, price: { cents: 150 } }])]);
    const edited = await read();
    expect(counts(edited)).toEqual({ [tea]: 2 });
    expect(edited.productRef[0]).toMatchObject({ productAmountCents: 300, productPriceDifferent: true });

    await t.db.query(`DELETE FROM "transaction" WHERE id = $1`, [second]);
    expect((await read()).productRef).toEqual([]);
  });
});

describe('merchant live read for a third party', () => {
  it('lets a third-party user with a view entry for the merchant read it, and nothing else', async () => {
    // the non-refundable finance admin becomes a third party with a view of Live Bar only
    const userId = t.userIds.a.financeNonRefundable;
    await t.db.query(
      `UPDATE "user" SET doc = jsonb_set(jsonb_set(doc, '{_projectSpecific,rights}', '["third-party"]'), '{accessRef}', $2::jsonb) WHERE id = $1`,
      [userId, JSON.stringify([{ accessModel: 'merchant', accessScope: 'view', accessId: bar.merchantId }])],
    );
    const token = await t.token('financeNonRefundable');
    expect((await t.http.get(live(bar.merchantId)).set(bearer(token))).status).toBe(200);
    expect((await t.http.get(live(other.merchantId)).set(bearer(token))).status).toBe(404);
    expect((await t.http.get(live('all')).set(bearer(token))).status).toBe(403);
  });
});

describe('merchant live register', () => {
  const G = F + 100 * HOUR;
  const MIN = 60;
  let terminals: { a: string; b: string; idle: string; archived: string };
  let register: { merchantId: string; productIds: string[] };

  beforeAll(async () => {
    register = await createMerchant(t, 'Register Bar', [{ en: 'Beer', cents: 300 }]);
    const [beer] = register.productIds;
    terminals = {
      a: await insertTerminal(t, t.companies.a, register.merchantId, 'Register A'),
      b: await insertTerminal(t, t.companies.a, register.merchantId, 'Register B'),
      idle: await insertTerminal(t, t.companies.a, register.merchantId, 'Register C (idle)'),
      archived: await insertTerminal(t, t.companies.a, register.merchantId, 'Register D (archived)', true),
    };
    await insertTransactions(t, t.companies.a, [
      { merchantId: register.merchantId, terminalId: terminals.a, at: G + 1, items: [[beer, 300]] },
      { merchantId: register.merchantId, terminalId: terminals.a, at: G + 9 * MIN + 59, items: [[beer, 300]] },
      { merchantId: register.merchantId, terminalId: terminals.a, at: G + 30 * MIN, state: 'completed', items: [[beer, 300]] },
      { merchantId: register.merchantId, terminalId: terminals.a, at: G + 30 * MIN, state: 'failed', items: [[beer, 300]] },
      { merchantId: register.merchantId, terminalId: terminals.b, at: G + 55 * MIN, state: 'accepted', items: [[beer, 300]] },
      { merchantId: register.merchantId, at: G + 20 * MIN, items: [[beer, 300]] },
      // twelve in one minute, for the y-axis growth
      ...Array.from({ length: 12 }, (_, i) => ({ merchantId: register.merchantId, terminalId: terminals.b, at: G + 2 * HOUR + i, items: [[beer, 300]] as [string, number][] })),
    ]);
  });

  const read = (query: Record<string, unknown>) =>
    t.http.get(`/api/company/merchant/${register.merchantId}/live-register?${new URLSearchParams(query as Record<string, string>)}`);

  it('counts sold transactions per terminal per 10 minutes by default (y max 50)', async () => {
    const response = await read({ from: G, to: G + HOUR }).set(bearer(await t.token('merchant')));
    expect(response.status).toBe(200);
    expect(response.body.interval).toBe(600_000);
    expect(response.body.yMax).toBe(50);
    const byName = Object.fromEntries(response.body.terminals.map((terminal: { name: string; series: { value: number }[] }) => [terminal.name, terminal.series.map((bar) => bar.value)]));
    expect(byName).toEqual({
      'Register A': [2, 0, 0, 1, 0, 0],
      'Register B': [0, 0, 0, 0, 0, 1],
      'Register C (idle)': [0, 0, 0, 0, 0, 0],
      'Without register terminal': [0, 0, 1, 0, 0, 0],
    });
    const first = response.body.terminals[0];
    expect(first.registerTerminalId).toBe(terminals.a);
    expect(first.series.map((bar: { name: number }) => bar.name)).toEqual([0, 1, 2, 3, 4, 5].map((i) => (G + i * 600) * 1000));
  });

  it('switches to per hour (y max 250) and per minute (y max 10, grown to 10 % above the largest bar)', async () => {
    const token = await t.token('merchant');
    const hourly = await read({ interval: 3_600_000, from: G, to: G + 3 * HOUR }).set(bearer(token));
    expect(hourly.body.yMax).toBe(250);
    const b = hourly.body.terminals.find((terminal: { name: string }) => terminal.name === 'Register B');
    expect(b.series.map((bar: { value: number }) => bar.value)).toEqual([1, 0, 12]);
    const minutes = await read({ interval: 60_000, from: G + 2 * HOUR, to: G + 2 * HOUR + 5 * MIN }).set(bearer(token));
    expect(minutes.body.terminals.find((terminal: { name: string }) => terminal.name === 'Register B').series.map((bar: { value: number }) => bar.value)).toEqual([12, 0, 0, 0, 0]);
    expect(minutes.body.yMax).toBe(14);
    const quiet = await read({ interval: 60_000, from: G, to: G + 5 * MIN }).set(bearer(token));
    expect(quiet.body.yMax).toBe(10);
  });

  it('shows the last 48 intervals up to now without a period, and refuses other intervals', async () => {
    const token = await t.token('merchant');
    const recent = await read({}).set(bearer(token));
    expect(recent.status).toBe(200);
    expect(recent.body.terminals[0].series).toHaveLength(48);
    expect(recent.body.to - recent.body.from).toBe(48 * 600);
    expect(recent.body.to).toBeGreaterThan(Date.now() / 1000);
    expect((await read({ interval: 1000 }).set(bearer(token))).status).toBe(400);
  });

  it('is refused to finance and event admins (403) and answers 404 to another company', async () => {
    const statuses = await statusByRole(t, ['merchant', 'finance', 'event'], (token) => read({ from: G, to: G + HOUR }).set(bearer(token)));
    expect(statuses).toEqual({ merchant: 200, finance: 403, event: 403 });
    expect((await read({ from: G, to: G + HOUR }).set(bearer(await t.token('merchant', 'b')))).status).toBe(404);
  });
});
