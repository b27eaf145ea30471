import { type ResourceDef, findResource, offeredSorts, resolveField, sortNeedsFilter } from '@backoffice/resources';
import { fieldExpression, quote, tableName } from '../src/database/naming';
import { encodeCursor } from '../src/records/list-cursor';
import { type RawQuery, Params, parseListQuery } from '../src/records/list-query';
import { get, type Measurement, percentile } from './measure';
import type { Benchmark, BenchContext, BenchResult, ResultLine } from './types';

const PAGE = 25;
/** Requests timed per page (after 3 untimed). */
const TIMED = 30;
const TARGET_MS = 50;
const SUPER = new Set(['super'] as const);

/** The query of a list sorted by one offered sort, with the filter the sort needs pinned to the value most rows have. */
async function sortQuery(ctx: BenchContext, def: ResourceDef, path: string, order: string): Promise<RawQuery> {
  const needs = sortNeedsFilter(def, path);
  const query: RawQuery = { _sort: path, _order: order };
  if (!needs) return query;
  const [{ value }] = await ctx.db.query<{ value: unknown }>(
    `SELECT ${fieldExpression(needs, resolveField(def, needs)!)}::text AS value FROM ${quote(tableName(def))} WHERE company_id = $1 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    [ctx.dataset.companyId],
  );
  return { ...query, [needs]: String(value) };
}

/** The list as raw SQL: its checked query, its conditions with the company's and its parameters. */
function listSql(ctx: BenchContext, def: ResourceDef, query: RawQuery) {
  const params = new Params();
  const parsed = parseListQuery(def, { ...query, _start: '0', _end: '1' }, SUPER, params);
  const where = [`company_id = ${params.add(ctx.dataset.companyId)}`, ...parsed.conditions].join(' AND ');
  return { parsed, from: `${quote(tableName(def))} WHERE ${where}`, params: params.values };
}

/**
 * The cursor of the rows after the row at `position` of the list (0-based), as the API would have handed it over
 * after that row's page: read once with an offset, as a client that walked there would have it.
 */
async function cursorAt(ctx: BenchContext, def: ResourceDef, query: RawQuery, position: number): Promise<string> {
  const { parsed, from, params } = listSql(ctx, def, query);
  const [row] = await ctx.db.query<{ key: unknown[] }>(
    `SELECT jsonb_build_array(${parsed.sortTerms.map((term) => term.expression).join(', ')}) AS key FROM ${from} ORDER BY ${parsed.orderBy} OFFSET ${position} LIMIT 1`,
    params,
  );
  return encodeCursor(parsed.sortTerms, row.key);
}

/** One page asked TIMED times through the API; it must be a full page of 25. */
async function timePage(ctx: BenchContext, url: string): Promise<Measurement> {
  const headers = await ctx.headersFor('super');
  const once = async () => {
    const started = performance.now();
    const response = await get(url, headers);
    const ms = performance.now() - started;
    if (response.status !== 200 || (JSON.parse(response.body) as unknown[]).length !== PAGE) throw new Error(`${url} answered ${response.status}: ${response.body.slice(0, 200)}`);
    return ms;
  };
  for (let n = 0; n < 3; n++) await once();
  const latencies: number[] = [];
  for (let n = 0; n < TIMED; n++) latencies.push(await once());
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: 1000 / percentile(latencies, 50), requests: TIMED, errors: 0 };
}

/**
 * Pages at any depth: the first page, the 1 000th and the last of the list in every offered sort of transactions and
 * users, read with `_cursor` through the API (each page with its capped total), next to the same 1 000th page read
 * with an offset.
 */
export const cursorPages: Benchmark = {
  name: 'cursor-pages',
  async run(ctx): Promise<BenchResult> {
    const lines: ResultLine[] = [];
    const slowest: { label: string; p50: number }[] = [];
    const rowCounts: string[] = [];
    for (const model of ['transaction', 'user']) {
      const def = findResource(model)!;
      const [{ rows }] = await ctx.db.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM ${quote(tableName(def))} WHERE company_id = $1`, [ctx.dataset.companyId]);
      rowCounts.push(`${rows} ${def.labelPlural ?? def.label}`);
      for (const path of offeredSorts(def)) {
        for (const order of ['asc', 'desc']) {
          const query = await sortQuery(ctx, def, path, order);
          const { from, params } = listSql(ctx, def, query);
          const [{ total }] = await ctx.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from}`, params);
          const url = (extra: RawQuery) => `${ctx.baseUrl}/api/company/model/${model}?${new URLSearchParams({ ...query, ...extra } as Record<string, string>)}`;
          const label = `${model} ${path} ${order}${sortNeedsFilter(def, path) ? ` (${sortNeedsFilter(def, path)} pinned)` : ''}`;
          ctx.log(`cursor-pages: ${label}, ${total} rows`);
          const thousandth = 999 * PAGE;
          const pages: [string, Measurement][] = [
            ['first page', await timePage(ctx, url({ _start: '0', _end: String(PAGE) }))],
            ['page 1 000, cursor', await timePage(ctx, url({ _cursor: await cursorAt(ctx, def, query, thousandth - 1), _end: String(PAGE) }))],
            ['page 1 000, offset', await timePage(ctx, url({ _start: String(thousandth), _end: String(thousandth + PAGE) }))],
            ['last page, cursor', await timePage(ctx, url({ _cursor: await cursorAt(ctx, def, query, total - PAGE - 1), _end: String(PAGE) }))],
          ];
          for (const [page, measurement] of pages) {
            lines.push({ label: `${label}: ${page}`, byConnections: { 1: measurement } });
            if (page.includes('cursor') || page === 'first page') slowest.push({ label: `${label}: ${page}`, p50: measurement.p50 });
          }
        }
      }
    }
    const worst = slowest.reduce((a, b) => (b.p50 > a.p50 ? b : a));
    return {
      title: `Pages at any depth: first, 1 000th and last page of ${PAGE} through the API with _cursor, per offered sort (${ctx.config.target})`,
      lines,
      notes: [
        `The company holds ${rowCounts.join(' and ')}; each page is asked ${TIMED} times, with its total (exact up to 10 000).`,
        `Slowest cursor page at p50: ${worst.p50.toFixed(1)} ms (${worst.label}); target at most ${TARGET_MS} ms: ${worst.p50 <= TARGET_MS ? 'met' : 'NOT met'}.`,
        'The offset line reads the same 1 000th page with _start: it passes every row before it.',
      ],
    };
  },
};
