import { findResource } from '@backoffice/resources';
import type { RawQuery } from '../src/records/list-query';
import { RecordRepository } from '../src/records/record-repository';
import { COUNT_CAP } from '../src/records/record.service';
import { listStatements, readList } from './list-statements';
import { get, getOk, measureLoops, medianRun, type Measurement } from './measure';
import type { Benchmark, BenchContext, BenchResult } from './types';

const DAY = 86_400;
const RUNS = 3;

interface Shape {
  label: string;
  model: string;
  role: string;
  query: RawQuery;
}

/** Shapes the admin offers beyond the tuned transaction list: plain lists, filters, sorts, filters with a sort, searches. */
async function shapes(ctx: BenchContext): Promise<Shape[]> {
  const [{ merchant }] = await ctx.db.query<{ merchant: string }>(`SELECT merchant_ref_merchant_id AS merchant FROM "transaction" WHERE company_id = $1 LIMIT 1`, [ctx.dataset.companyId]);
  const [{ terminal }] = await ctx.db.query<{ terminal: string }>(`SELECT register_terminal_ref_register_terminal_id AS terminal FROM "transaction" WHERE company_id = $1 LIMIT 1`, [ctx.dataset.companyId]);
  const [{ user }] = await ctx.db.query<{ user: string }>(`SELECT user_ref_user_id AS user FROM payment WHERE company_id = $1 LIMIT 1`, [ctx.dataset.companyId]);
  const month = { 'state.put.at.unix_gte': String(ctx.dataset.now - 30 * DAY), 'state.put.at.unix_lte': String(ctx.dataset.now) };
  return [
    { label: 'transactions, newest first', model: 'transaction', role: 'finance', query: {} },
    { label: 'transactions of one merchant', model: 'transaction', role: 'finance', query: { 'merchantRef.merchantId': merchant } },
    { label: 'transactions of one merchant, by name', model: 'transaction', role: 'finance', query: { 'merchantRef.merchantId': merchant, _sort: 'name.full', _order: 'asc' } },
    { label: 'transactions of one terminal, by price', model: 'transaction', role: 'finance', query: { 'registerTerminalRef.registerTerminalId': terminal, _sort: 'amount.cents', _order: 'desc' } },
    { label: 'transactions, state refunded', model: 'transaction', role: 'finance', query: { 'state.id_in': 'refunded' } },
    { label: 'transactions, state paid, by state', model: 'transaction', role: 'finance', query: { 'state.id_in': 'paid', _sort: 'state.id', _order: 'asc' } },
    { label: 'transactions, one month, by state time asc', model: 'transaction', role: 'finance', query: { ...month, _sort: 'state.put.at.unix', _order: 'asc' } },
    { label: 'users, not archived, newest first', model: 'user', role: 'user', query: { 'meta.archived': 'false' } },
    { label: 'users by name', model: 'user', role: 'user', query: { 'meta.archived': 'false', _sort: 'name.full', _order: 'asc' } },
    { label: 'payments, one month', model: 'payment', role: 'finance', query: month },
    { label: 'payments of one user', model: 'payment', role: 'finance', query: { 'userRef.userId': user } },
    { label: 'search transactions (no hit)', model: 'transaction', role: 'finance', query: { q: 'zzqx' } },
    { label: 'search users "jan"', model: 'user', role: 'user', query: { q: 'jan', 'meta.archived': 'false' } },
  ];
}

/** Each shape through the API (keep-alive loop) beside the same page and capped count in raw SQL, 1 connection. */
export const listShapes: Benchmark = {
  name: 'list-shapes',
  async run(ctx): Promise<BenchResult> {
    const seconds = Math.max(2, Math.round(ctx.config.duration / 3));
    const lines: BenchResult['lines'] = [];
    const notes: string[] = [];
    const repository = new RecordRepository(ctx.db);
    const { clients, release } = await ctx.sql.connections(1);
    try {
      for (const shape of await shapes(ctx)) {
        const def = findResource(shape.model)!;
        const query = { ...shape.query, _start: '0', _end: '25' };
        const url = `${ctx.baseUrl}/api/company/model/${shape.model}?${new URLSearchParams(query as Record<string, string>)}`;
        const headers = await ctx.headersFor(shape.role);
        const first = await get(url, headers);
        if (first.status !== 200) throw new Error(`${shape.label}: ${first.status} ${first.body.slice(0, 200)}`);
        const statements = await listStatements(clients[0], repository, def, ctx.dataset.companyId, query);
        ctx.log(`list-shapes: ${shape.label}`);
        // API and raw SQL take turns, RUNS times, so both see the same moments of a busy machine
        const apiRuns: Measurement[] = [];
        const sqlRuns: Measurement[] = [];
        for (let run = 0; run < RUNS; run++) {
          apiRuns.push(await measureLoops(1, seconds, () => getOk(url, headers)));
          sqlRuns.push(
            await measureLoops(1, seconds, () => readList(clients[0], statements)),
          );
        }
        const api = medianRun(apiRuns);
        const sql = medianRun(sqlRuns);
        lines.push({ label: `${shape.label}: API`, byConnections: { 1: api } });
        lines.push({ label: `${shape.label}: SQL page + capped count`, byConnections: { 1: sql } });
        const bound = first.headers['x-total-count-lower-bound'] ? 'more than ' : '';
        const runs = (measured: Measurement[]) => measured.map((run) => run.p50.toFixed(1)).join(', ');
        notes.push(
          `${shape.label}: total ${bound}${first.headers['x-total-count']}, median p50 of ${RUNS} runs: API ${api.p50.toFixed(1)} ms (${runs(apiRuns)}), ` +
            `SQL ${sql.p50.toFixed(1)} ms (${runs(sqlRuns)}), difference ${(api.p50 - sql.p50).toFixed(1)} ms`,
        );
      }
    } finally {
      release();
    }
    return { title: `List shapes, 25 rows, totals capped at ${COUNT_CAP} (${ctx.config.target})`, lines, notes };
  },
};
