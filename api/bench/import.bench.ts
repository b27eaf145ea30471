import { findResource } from '@backoffice/resources';
import { quote, tableName } from '../src/database/naming';
import { withPeakRss } from './measure';
import type { Benchmark, BenchResult } from './types';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const HEADERS = ['name.full', 'email.value', 'mobile.countrycode', 'mobile.value', 'info.language'];

/** Rows the import wizard would send for ROWS new visitors; the run id keeps their emails apart from earlier runs. */
function visitorRows(run: string): string[][] {
  return Array.from({ length: ROWS }, (_, index) => [`Visitor ${run} ${index}`, `visitor-${run}-${index}@import.test`, '+31', `6${String(10000000 + index)}`, index % 3 === 0 ? 'nl' : 'en']);
}

async function postImport(url: string, headers: Record<string, string>, rows: string[][]): Promise<{ seconds: number; count: number }> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ import: { headers: HEADERS, rows } }) });
  const body = (await response.json()) as { data?: { count: number }; message?: string };
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${body.message}`);
  return { seconds: (performance.now() - started) / 1000, count: body.data!.count };
}

/**
 * ROWS users imported through the wizard's endpoint as a company admin: validation only, then the write (one
 * transaction, every row through the write pipeline with its audit entry). The imported users are removed after (their audit entries stay).
 */
export const importRows: Benchmark = {
  name: 'import',
  async run(ctx): Promise<BenchResult> {
    const headers = await ctx.headersFor('company');
    const run = Date.now().toString(36);
    const rows = visitorRows(run);
    const url = `${ctx.baseUrl}/api/company/model/user/import`;
    global.gc?.();
    const before = process.memoryUsage().rss;
    ctx.log(`import: validating ${ROWS} user rows`);
    const validated = await withPeakRss(() => postImport(`${url}?validate-only=true`, headers, rows));
    ctx.log(`import: writing ${ROWS} user rows`);
    const written = await withPeakRss(() => postImport(url, headers, rows));
    const users = quote(tableName(findResource('user')!));
    const ids = await ctx.db.query<{ id: string }>(`SELECT id FROM ${users} WHERE company_id = $1 AND doc #>> '{email,value}' LIKE $2`, [ctx.dataset.companyId, `visitor-${run}-%`]);
    await ctx.db.query(`DELETE FROM ${users} WHERE company_id = $1 AND id = ANY($2::text[])`, [ctx.dataset.companyId, ids.map((row) => row.id)]);
    const rate = (seconds: number) => Math.round(ROWS / seconds).toLocaleString('en');
    const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;
    return {
      title: `Import of ${ROWS} users through the wizard's endpoint (${ctx.config.target})`,
      lines: [],
      notes: [
        `validate only: ${validated.result.seconds.toFixed(1)} s = ${rate(validated.result.seconds)} rows/s, peak RSS ${mb(validated.peakRss)}`,
        `validate and write: ${written.result.seconds.toFixed(1)} s = ${rate(written.result.seconds)} rows/s (${written.result.count} written, ${ids.length} found after), peak RSS ${mb(written.peakRss)}`,
        `RSS before: ${mb(before)} (the API and this benchmark share the process; the rows it sends are in it too)`,
      ],
    };
  },
};
