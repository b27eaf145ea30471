import { FinanceRollups } from '../src/finance/overview/finance-rollups';
import { get, getOk, measureAutocannon, measureLoops, type Measurement } from './measure';
import type { Benchmark, BenchContext, BenchResult } from './types';

const DAY = 86_400;

/** The per-state totals straight from the rows, the way the overview would be without per-day totals. */
const RAW_TRANSACTIONS = `SELECT state_id, count(*)::bigint AS count, sum(amount_cents)::bigint AS cents FROM "transaction"
  WHERE company_id = $1 AND state_put_at_unix BETWEEN $2 AND $3 GROUP BY state_id ORDER BY state_id`;
const RAW_PAYMENTS = `SELECT payment_type, state_id, count(*)::bigint AS count, sum(amount_cents)::bigint AS cents, sum(amount_left_cents)::bigint AS left_cents FROM "payment"
  WHERE company_id = $1 AND state_put_at_unix BETWEEN $2 AND $3 GROUP BY payment_type, state_id ORDER BY payment_type, state_id`;

interface Window {
  label: string;
  from: number;
  to: number;
}

async function rawLoop(ctx: BenchContext, window: Window): Promise<Measurement> {
  const { clients, release } = await ctx.sql.connections(1);
  try {
    return await measureLoops(1, ctx.config.duration, async () => {
      await clients[0].query(RAW_TRANSACTIONS, [ctx.dataset.companyId, window.from, window.to]);
      await clients[0].query(RAW_PAYMENTS, [ctx.dataset.companyId, window.from, window.to]);
    });
  } finally {
    release();
  }
}

/**
 * GET /api/company/finance/overview as the payments screen asks for it (a super admin, so every figure),
 * over the last year and over the whole data set (1 000 000 transactions and 200 000 payments on
 * PostgreSQL), against the same totals summed from the rows in SQL. Target: at most 150 ms.
 */
export const financeOverview: Benchmark = {
  name: 'finance-overview',
  async run(ctx): Promise<BenchResult> {
    const headers = await ctx.headersFor('super');
    const now = ctx.dataset.now;
    const [{ first, last }] = await ctx.db.query<{ first: number; last: number }>(
      'SELECT min(state_put_at_unix) AS first, max(state_put_at_unix) AS last FROM "transaction" WHERE company_id = $1',
      [ctx.dataset.companyId],
    );
    const windows: Window[] = [
      { label: 'last 365 days', from: now - 365 * DAY, to: now },
      { label: 'whole data set', from: first, to: last },
    ];
    ctx.log('finance-overview: compacting the per-day totals the data generator left as deltas');
    const compactStarted = performance.now();
    await new FinanceRollups(ctx.db).compact(ctx.dataset.companyId);
    const compactMs = performance.now() - compactStarted;

    const lines: BenchResult['lines'] = [];
    const notes: string[] = [`Compacting the per-day totals after loading took ${compactMs.toFixed(0)} ms (it runs by itself at most once a minute per company).`];
    for (const window of windows) {
      const url = `${ctx.baseUrl}/api/company/finance/overview?start=${window.from * 1000}&end=${window.to * 1000 + 999}`;
      const response = await get(url, headers);
      if (response.status !== 200) throw new Error(`the overview answered ${response.status}: ${response.body.slice(0, 300)}`);
      const body = JSON.parse(response.body) as { transactionTotal: { _id: { state: string }; totalCount: number; totalCents: number }[]; paymentTypeTotal: { totalCount: number; totalCents: number }[] };
      const raw = await ctx.db.query<{ state_id: string; count: number; cents: number }>(RAW_TRANSACTIONS, [ctx.dataset.companyId, window.from, window.to]);
      const rawPayments = await ctx.db.query<{ count: number; cents: number }>(RAW_PAYMENTS, [ctx.dataset.companyId, window.from, window.to]);
      const same = JSON.stringify(body.transactionTotal.map((row) => [row._id.state, row.totalCount, row.totalCents])) === JSON.stringify(raw.map((row) => [row.state_id, row.count, row.cents]))
        && body.paymentTypeTotal.reduce((sum, row) => sum + row.totalCents, 0) === rawPayments.reduce((sum, row) => sum + row.cents, 0);
      const transactions = raw.reduce((sum, row) => sum + row.count, 0);
      const payments = rawPayments.reduce((sum, row) => sum + row.count, 0);

      ctx.log(`finance-overview (${window.label}): API keep-alive loop`);
      const loop = await measureLoops(1, ctx.config.duration, () => getOk(url, headers));
      ctx.log(`finance-overview (${window.label}): API with autocannon, 1 and 10 connections`);
      const api1 = await measureAutocannon(url, headers, 1, ctx.config.duration);
      const api10 = await measureAutocannon(url, headers, 10, ctx.config.duration);
      ctx.log(`finance-overview (${window.label}): the same totals summed from the rows`);
      const rows = await rawLoop(ctx, window);
      lines.push(
        { label: `API ${window.label} (keep-alive loop)`, byConnections: { 1: loop } },
        { label: `API ${window.label} (autocannon)`, byConnections: { 1: api1, 10: api10 } },
        { label: `SQL from the rows, ${window.label}`, byConnections: { 1: rows } },
      );
      notes.push(
        `${window.label}: ${transactions} transactions and ${payments} payments; API p50 ${loop.p50.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms: ` +
          `${loop.p99 <= 150 ? 'within' : 'OVER'} the 150 ms target; API and SQL agree: ${same ? 'yes' : 'NO'}.`,
      );
    }
    return { title: `Finance overview: totals per state and per payment type, super admin (${ctx.config.target})`, lines, notes };
  },
};
