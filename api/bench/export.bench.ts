import http from 'node:http';
import { withPeakRss } from './measure';
import type { Benchmark, BenchResult } from './types';

const ROWS = 100_000;
const FIELDS = ['name.full', 'state.id', 'state.put.at.unix', 'amount.cents', 'merchantRef.merchantId', 'userRef.userId'];

/** Downloads one export, reading and dropping the bytes; the seconds and bytes. */
async function download(url: string, headers: Record<string, string>, body: unknown): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  const payload = JSON.stringify(body);
  const bytes = await new Promise<number>((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`export answered ${response.statusCode}`));
      let total = 0;
      response.on('data', (chunk: Buffer) => (total += chunk.length));
      response.on('end', () => resolve(total));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
  return { seconds: (performance.now() - started) / 1000, bytes };
}

/** 100 000 transactions exported as CSV and as XLSX, streamed from the database cursor (the API runs in this process). */
export const exportStream: Benchmark = {
  name: 'export',
  async run(ctx): Promise<BenchResult> {
    const headers = await ctx.headersFor('company');
    const [{ from }] = await ctx.db.query<{ from: number }>(
      `SELECT state_put_at_unix AS from FROM "transaction" WHERE company_id = $1 ORDER BY state_put_at_unix DESC OFFSET ${ROWS - 1} LIMIT 1`,
      [ctx.dataset.companyId],
    );
    const body = { fields: FIELDS, query: { 'state.put.at.unix_gte': String(from), _sort: 'state.put.at.unix', _order: 'desc' } };
    const notes: string[] = [];
    global.gc?.();
    const before = process.memoryUsage().rss;
    for (const format of ['csv', 'xlsx'] as const) {
      ctx.log(`export: ${format}`);
      const { result, peakRss } = await withPeakRss(() => download(`${ctx.baseUrl}/api/company/model/transaction/export/${format}`, headers, body));
      notes.push(`${format.toUpperCase()} of about ${ROWS} transactions: ${result.seconds.toFixed(1)} s, ${(result.bytes / 1e6).toFixed(1)} MB, RSS ${(before / 1e6).toFixed(0)} MB before, peak ${(peakRss / 1e6).toFixed(0)} MB`);
    }
    return { title: `Exports streamed from a cursor (${ctx.config.target})`, lines: [], notes };
  },
};
