import { LIVE_BUCKETS, SOLD_STATES } from '../src/merchant/live/live-sales.service';
import { getOk, get, measureAutocannon, measureLoops, type Measurement } from './measure';
import type { Benchmark, BenchContext, BenchResult } from './types';

const DAY = 86_400;
/** Targets of issue 4, on PostgreSQL with 1 000 000 transactions of which 200 000 belong to one merchant. */
const LIVE_TARGET_MS = 100;
const REGISTER_TARGET_MS = 50;

async function sqlLoop(ctx: BenchContext, sql: string, params: unknown[]): Promise<Measurement> {
  const { clients, release } = await ctx.sql.connections(1);
  try {
    return await measureLoops(1, ctx.config.duration, async () => {
      await clients[0].query('BEGIN');
      await clients[0].query('SET LOCAL jit = off');
      await clients[0].query(sql, params);
      await clients[0].query('COMMIT');
    });
  } finally {
    release();
  }
}

const verdict = (label: string, m: Measurement, target: number) => `${label}: p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms (target at most ${target} ms: ${m.p50 <= target ? 'met' : 'NOT met'} at p50)`;

/**
 * The merchant live read over 30 days and the live register, through the API, for the company's busiest merchant,
 * beside the raw SQL of their aggregations.
 */
export const merchantLive: Benchmark = {
  name: 'merchant-live',
  async run(ctx): Promise<BenchResult> {
    const { companyId, now } = ctx.dataset;
    // the sold items (migration 0004) are read with index-only scans, which need the visibility map of a vacuumed table
    await ctx.db.exec('VACUUM ANALYZE merchant_sale_item');
    const [busiest] = await ctx.db.query<{ merchant_id: string; count: number }>(
      `SELECT merchant_ref_merchant_id AS merchant_id, count(*)::int AS count FROM "transaction" WHERE company_id = $1 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
      [companyId],
    );
    const [{ total }] = await ctx.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM "transaction"`);
    const from = now - 30 * DAY;
    const to = now;
    const headers = await ctx.headersFor('merchant');
    const liveUrl = `${ctx.baseUrl}/api/company/merchant/${busiest.merchant_id}/live?from=${from}&to=${to}`;
    // the live register as it opens: 48 bars of 10 minutes up to the data set's moment; and per hour over the 30 days
    const registerUrl = `${ctx.baseUrl}/api/company/merchant/${busiest.merchant_id}/live-register?interval=600000&from=${now - 48 * 600}&to=${now}`;
    const registerMonthUrl = `${ctx.baseUrl}/api/company/merchant/${busiest.merchant_id}/live-register?interval=3600000&from=${from}&to=${to}`;

    // the API must agree with a plain count before its speed means anything
    const where = `company_id = $1 AND merchant_ref_merchant_id = $2 AND state_id = ANY($3::text[]) AND state_put_at_unix >= $4 AND state_put_at_unix < $5`;
    const params = [companyId, busiest.merchant_id, [...SOLD_STATES], from, to];
    const [expected] = await ctx.db.query<{ count: number; cents: string }>(`SELECT count(*)::int AS count, coalesce(sum(amount_cents), 0)::text AS cents FROM "transaction" WHERE ${where}`, params);
    const answer = await get(liveUrl, headers);
    if (answer.status !== 200) throw new Error(`the live read answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    const live = JSON.parse(answer.body) as { transactionTotal: { cents: number; countNumber: number }; productRef: unknown[]; timeline: unknown[] };
    const agrees = live.transactionTotal.countNumber === expected.count && live.transactionTotal.cents === Number(expected.cents) && live.timeline.length === LIVE_BUCKETS;

    ctx.log('merchant-live: live read through the API, 1 connection');
    const liveLoop = await measureLoops(1, ctx.config.duration, () => getOk(liveUrl, headers));
    ctx.log('merchant-live: live read with autocannon, 10 connections');
    const live10 = await measureAutocannon(liveUrl, headers, 10, ctx.config.duration);
    ctx.log('merchant-live: live register through the API, 1 connection');
    const registerLoop = await measureLoops(1, ctx.config.duration, () => getOk(registerUrl, headers));
    const registerMonth = await measureLoops(1, ctx.config.duration, () => getOk(registerMonthUrl, headers));
    ctx.log('merchant-live: raw SQL of the aggregations');
    const timelineSql = await sqlLoop(ctx, `SELECT (state_put_at_unix - $4) * ${LIVE_BUCKETS} / ${to - from} AS bucket, count(*), sum(amount_cents) FROM "transaction" WHERE ${where} GROUP BY 1`, params);
    const productsSql = await sqlLoop(
      ctx,
      `SELECT product_id, price_cents, (at_unix - $4) * ${LIVE_BUCKETS} / ${to - from}, sum(item_count) FROM merchant_sale_item
       WHERE company_id = $1 AND merchant_id = $2 AND state_id = ANY($3::text[]) AND at_unix >= $4 AND at_unix < $5 GROUP BY GROUPING SETS ((1, 2), (1, 3))`,
      params,
    );
    // the same grouping read from the transaction documents, as it was before merchant_sale_item
    const productsFromDocuments = await sqlLoop(
      ctx,
      `SELECT item ->> 'productId', (item #>> '{price,cents}')::bigint, (state_put_at_unix - $4) * ${LIVE_BUCKETS} / ${to - from}, count(*) FROM "transaction" t CROSS JOIN LATERAL jsonb_array_elements(t.doc -> 'productRef') item WHERE ${where} GROUP BY GROUPING SETS ((1, 2), (1, 3))`,
      params,
    );

    return {
      title: `Merchant live read (30 days, ${LIVE_BUCKETS} buckets) and live register (${ctx.config.target})`,
      lines: [
        { label: 'API live read', byConnections: { 1: liveLoop, 10: live10 } },
        { label: 'API live register, 48 x 10 min', byConnections: { 1: registerLoop } },
        { label: 'API live register, 30 days per hour', byConnections: { 1: registerMonth } },
        { label: 'SQL revenue + timeline (index-only)', byConnections: { 1: timelineSql } },
        { label: 'SQL product rows (merchant_sale_item)', byConnections: { 1: productsSql } },
        { label: 'SQL product rows (from documents)', byConnections: { 1: productsFromDocuments } },
      ],
      notes: [
        `${total} transactions in the table; the busiest merchant has ${busiest.count}; ${expected.count} of them sold in the 30 days (${live.productRef.length} products).`,
        `API and SQL agree on the revenue and count: ${agrees ? 'yes' : `NO (API ${live.transactionTotal.countNumber} / ${live.transactionTotal.cents}, SQL ${expected.count} / ${expected.cents})`}.`,
        verdict('live read over 30 days, 1 connection', liveLoop, LIVE_TARGET_MS),
        verdict('live register (48 x 10 min), 1 connection', registerLoop, REGISTER_TARGET_MS),
        ...(busiest.count < 200_000 ? [`the busiest merchant has fewer than 200 000 transactions: the data set is smaller than the target's`] : []),
        ...(liveLoop.errors + live10.errors + registerLoop.errors + registerMonth.errors > 0 ? ['errors or non-2xx answers (marked !)'] : []),
      ],
    };
  },
};
