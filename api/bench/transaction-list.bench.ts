import { columnName, quote } from '../src/database/naming';
import { get, getOk, measureAutocannon, measureLoops, medianRun, type Measurement } from './measure';
import type { Benchmark, BenchContext, BenchResult } from './types';

const DAY = 86_400;
const STATE = 'paid';
/** The API and raw SQL take turns this many times, so both see the same moments of a busy machine. */
const TURNS = 3;

/** The transaction list as the finance screen asks for it: paid, last three months, newest first, 25 rows, exact total. */
function request(ctx: BenchContext) {
  const to = ctx.dataset.now;
  const from = to - 91 * DAY;
  const path =
    `/api/company/model/transaction?state.id=${STATE}&state.put.at.unix_gte=${from}&state.put.at.unix_lte=${to}` +
    '&_sort=state.put.at.unix&_order=desc&_start=0&_end=25';
  const state = quote(columnName('state.id'));
  const at = quote(columnName('state.put.at.unix'));
  const where = `company_id = $1 AND ${state} = $2 AND ${at} >= $3 AND ${at} <= $4`;
  return {
    url: ctx.baseUrl + path,
    params: [ctx.dataset.companyId, STATE, from, to],
    page: `SELECT id, doc FROM "transaction" WHERE ${where} ORDER BY ${at} DESC, id DESC LIMIT 25`,
    count: `SELECT count(*)::int AS total FROM "transaction" WHERE ${where}`,
  };
}

async function sqlLoops(ctx: BenchContext, loops: number, run: (client: { query: BenchContext['db']['query'] }) => Promise<unknown>): Promise<Measurement> {
  const { clients, release } = await ctx.sql.connections(loops);
  try {
    return await measureLoops(loops, ctx.config.duration, async (loop) => {
      await run(clients[loop]);
    });
  } finally {
    release();
  }
}

/** GET /api/company/model/transaction against the same page and count in raw SQL, at 1 and 10 connections, by turns. */
export const transactionList: Benchmark = {
  name: 'transaction-list',
  async run(ctx): Promise<BenchResult> {
    const q = request(ctx);
    const headers = await ctx.headersFor('finance');
    const seconds = ctx.config.duration;

    // the API and the raw SQL must agree before their speed is compared
    const [{ total }] = await ctx.db.query<{ total: number }>(q.count, q.params);
    const rawPage = await ctx.db.query<{ id: string }>(q.page, q.params);
    const response = await get(q.url, headers);
    if (response.status !== 200) throw new Error(`the list answered ${response.status}: ${response.body.slice(0, 300)}`);
    const apiTotal = Number(response.headers['x-total-count']);
    const apiIds = (JSON.parse(response.body) as { _id: string }[]).map((row) => row._id);
    const [{ rows }] = await ctx.db.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM "transaction" WHERE company_id = $1`, [ctx.dataset.companyId]);

    ctx.log('transaction-list: API with autocannon, 1 connection');
    const api1 = await measureAutocannon(q.url, headers, 1, seconds);
    const pageAndCount = (client: { query: BenchContext['db']['query'] }) => client.query(q.page, q.params).then(() => client.query(q.count, q.params));
    const apiLoops: Measurement[] = [];
    const sql1s: Measurement[] = [];
    const api10s: Measurement[] = [];
    const sql10s: Measurement[] = [];
    const apiCpuMs: number[] = [];
    for (let turn = 1; turn <= TURNS; turn++) {
      ctx.log(`transaction-list: turn ${turn} of ${TURNS}: API (keep-alive loop, 1 connection; autocannon, 10 connections), then raw SQL`);
      apiLoops.push(await measureLoops(1, seconds, () => getOk(q.url, headers)));
      // the API runs in this process: its CPU while autocannon (a child process) loads it, per request answered
      const cpuBefore = process.cpuUsage();
      const run = await measureAutocannon(q.url, headers, 10, seconds);
      const cpu = process.cpuUsage(cpuBefore);
      api10s.push(run);
      apiCpuMs.push((cpu.user + cpu.system) / 1000 / run.served);
      sql1s.push(await sqlLoops(ctx, 1, pageAndCount));
      sql10s.push(await sqlLoops(ctx, 10, pageAndCount));
    }
    const apiLoop = medianRun(apiLoops);
    const sql1 = medianRun(sql1s);
    const api10 = medianRun(api10s, 'rps');
    const sql10 = medianRun(sql10s, 'rps');
    const page1 = await sqlLoops(ctx, 1, (client) => client.query(q.page, q.params));
    const count1 = await sqlLoops(ctx, 1, (client) => client.query(q.count, q.params));
    const each = (runs: Measurement[], figure: (run: Measurement) => string) => runs.map(figure).join(', ');
    const apiErrors = [api1, ...apiLoops, ...api10s].reduce((sum, run) => sum + run.errors, 0);

    const same = apiTotal === total && apiIds.join() === rawPage.map((row) => row.id).join();
    const overhead = apiLoop.p50 - sql1.p50;
    return {
      title: `Transaction list: state.id=${STATE}, 3 months, sort state.put.at.unix desc, 25 rows, X-Total-Count (${ctx.config.target})`,
      lines: [
        { label: 'API (autocannon, whole ms)', byConnections: { 1: api1, 10: api10 } },
        { label: 'API (keep-alive loop)', byConnections: { 1: apiLoop } },
        { label: 'SQL page + count', byConnections: { 1: sql1, 10: sql10 } },
        { label: 'SQL page only', byConnections: { 1: page1 } },
        { label: 'SQL count only', byConnections: { 1: count1 } },
      ],
      notes: [
        `${total} of ${rows} transactions of the company match (${((100 * total) / rows).toFixed(1)} %); the other company adds ${ctx.dataset.size.otherTransactions}.`,
        `API and SQL agree on the total and the first page: ${same ? 'yes' : `NO (API total ${apiTotal}, SQL ${total})`}.`,
        `API above raw SQL at p50, 1 connection: ${overhead >= 0 ? '+' : ''}${overhead.toFixed(1)} ms (target: at most +1.5 ms).`,
        `Medians of ${TURNS} turns. Keep-alive loop p50 ${each(apiLoops, (run) => run.p50.toFixed(1))} ms against raw SQL's ${each(sql1s, (run) => run.p50.toFixed(1))}; ` +
          `at 10 connections ${each(api10s, (run) => run.rps.toFixed(0))} requests/s against raw SQL's ${each(sql10s, (run) => run.rps.toFixed(0))} ` +
          `(target: more than raw SQL${api10.rps > sql10.rps ? ', met' : `, ${((100 * (sql10.rps - api10.rps)) / sql10.rps).toFixed(0)} % short`}).`,
        `The API process's CPU per request at 10 connections, each turn: ${apiCpuMs.map((ms) => ms.toFixed(2)).join(', ')} ms.`,
        `count is ${((100 * count1.p50) / (page1.p50 + count1.p50)).toFixed(0)} % of page + count at p50.`,
        ...(apiErrors > 0 ? [`errors or non-2xx answers over all runs of the API: ${apiErrors}`] : []),
      ],
    };
  },
};
