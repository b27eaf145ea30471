import { BadRequestException } from '@nestjs/common';
import { type ResourceDef, choicesByLabel, findResource, isIndexableSearch, offeredFilterUse, offeredSorts, resolveField, sortNeedsFilter } from '@backoffice/resources';
import { fieldExpression, quote, tableName } from '../src/database/naming';
import type { Queryable } from '../src/database/database';
import { type ListQuery, Params, type RawQuery, parseListQuery } from '../src/records/list-query';
import { RecordRepository, type Statement } from '../src/records/record-repository';
import { COUNT_CAP } from '../src/records/record.service';
import { listStatements, runOn } from './list-statements';
import type { Benchmark, BenchContext, BenchResult } from './types';

const DAY = 86_400;
const SLOW_MS = 50;
const MODELS = ['transaction', 'payment', 'user', 'communicationMail', 'communicationSms', 'eventGuest'];
const SUPER = new Set(['super'] as const);

interface Combination {
  label: string;
  query: RawQuery;
}

/** The rarest, a middling and the most common value of a field in the company's rows, with their counts. */
async function sampleValues(db: Queryable, def: ResourceDef, path: string, companyId: string): Promise<{ value: string; rows: number }[]> {
  const expression = fieldExpression(path, resolveField(def, path)!);
  const counted = await db.query<{ value: string; rows: number }>(
    `SELECT ${expression}::text AS value, count(*)::int AS rows FROM ${quote(tableName(def))} WHERE company_id = $1 AND ${expression} IS NOT NULL GROUP BY 1 ORDER BY 2, 1`,
    [companyId],
  );
  const picked = [counted[0], counted[Math.floor(counted.length / 2)], counted[counted.length - 1]].filter(Boolean);
  return [...new Map(picked.map((sample) => [sample.value, sample])).values()];
}

/** Every way the admin's filter controls can narrow a list: values of each kind of filter, ranges of each time. */
async function filterChoices(ctx: BenchContext, def: ResourceDef): Promise<Combination[]> {
  const choices: Combination[] = [{ label: 'no filter', query: {} }];
  for (const path of def.list.filters ?? []) {
    const field = resolveField(def, path)!;
    const use = offeredFilterUse(def, path);
    // a value inside a list (rights) is matched through its own GIN index, whatever the sort
    if (use === 'contains') continue;
    if (use === 'like') {
      for (const text of await shortestTexts(ctx, def, path)) choices.push({ label: `${path} contains "${text}"`, query: { [`${path}_like`]: text } });
    } else if (field.kind === 'unixTime') {
      for (const [label, days] of [['a day', 1], ['a month', 30], ['a year', 365]] as const) {
        choices.push({ label: `${path} in ${label}`, query: { [`${path}_gte`]: String(ctx.dataset.now - days * DAY), [`${path}_lte`]: String(ctx.dataset.now) } });
      }
    } else if (field.kind === 'boolean') {
      for (const value of ['true', 'false']) choices.push({ label: `${path} ${value}`, query: { [path]: value } });
    } else {
      for (const sample of await sampleValues(ctx.db, def, path, ctx.dataset.companyId)) {
        choices.push({ label: `${path} one of ${sample.rows}`, query: { [`${path}_in`]: sample.value } });
      }
      // choices that share a label are one tab of the admin (the mail overview's Opened and Failed)
      for (const group of choicesByLabel(field).filter((candidate) => candidate.choices.length > 1)) {
        choices.push({ label: `${path} in tab ${group.label}`, query: { [`${path}_in`]: group.choices.join(',') } });
      }
    }
  }
  // the search box (q) over the searchable fields
  const searched = new Set<string>();
  for (const path of def.list.searchable) {
    for (const text of await shortestTexts(ctx, def, path)) {
      if (!searched.has(text)) choices.push({ label: `search "${text}"`, query: { q: text } });
      searched.add(text);
    }
  }
  return choices;
}

/** The first three letters of the rarest, a middling and the most common value: the shortest text the admin sends. */
async function shortestTexts(ctx: BenchContext, def: ResourceDef, path: string): Promise<string[]> {
  const texts = (await sampleValues(ctx.db, def, path, ctx.dataset.companyId)).map((sample) => sample.value.slice(0, 3));
  return [...new Set(texts.filter(isIndexableSearch))];
}

/**
 * The filters a sort is crossed with. A sort served only within a filter (users by last activity, within their type)
 * is made by the admin with that filter, so a combination that lacks it is crossed with each of its values.
 */
async function withSortFilter(ctx: BenchContext, def: ResourceDef, sort: string, filters: Combination[]): Promise<Combination[]> {
  const needs = sortNeedsFilter(def, sort);
  if (!needs) return filters;
  const values = resolveField(def, needs)?.kind === 'boolean' ? ['true', 'false'] : (await sampleValues(ctx.db, def, needs, ctx.dataset.companyId)).map((sample) => sample.value);
  return filters.flatMap((filter) =>
    Object.keys(filter.query).some((key) => key === needs || key.startsWith(`${needs}_`))
      ? [filter]
      : values.map((value) => ({ label: `${filter.label}, ${needs} ${value}`, query: { ...filter.query, [needs]: value } })),
  );
}

/** The list query the API would run for these parameters, or null when it answers 400. */
function parsedOrRefused(def: ResourceDef, query: RawQuery): ListQuery | null {
  try {
    return parseListQuery(def, query, SUPER, new Params());
  } catch (error) {
    if (error instanceof BadRequestException) return null;
    throw error;
  }
}

/** The best of a few runs of one statement, in milliseconds. */
async function fastest(db: Queryable, statement: Statement, runs = 3): Promise<number> {
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await runOn(db, statement);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Every offered filter (its rarest, a middling and its most common value; a day, a month and a year of each time;
 * each tab) and search (the first letters of such values) combined with every offered sort both ways (with the filter
 * a sort is served within, as the admin sends it), on the generated models of MODELS: the page and the capped count
 * in raw SQL, the slowest listed. The shapes no single benchmark samples: the goal is that none is slow.
 */
export const listCombinations: Benchmark = {
  name: 'list-combinations',
  async run(ctx): Promise<BenchResult> {
    const notes: string[] = [];
    const repository = new RecordRepository(ctx.db);
    const { clients, release } = await ctx.sql.connections(1);
    const timed: { label: string; page: number; count: number }[] = [];
    let refused = 0;
    try {
      for (const model of MODELS) {
        const def = findResource(model)!;
        // a shape the API refuses (400) is counted, not timed
        const measure = async (label: string, query: RawQuery) => {
          const paged = { ...query, _start: '0', _end: '25' };
          if (!parsedOrRefused(def, paged)) {
            refused++;
            return;
          }
          const { pages, count } = await listStatements(clients[0], repository, def, ctx.dataset.companyId, paged);
          let page = 0;
          for (const statement of pages) page += await fastest(clients[0], statement);
          timed.push({ label: `${model}: ${label}`, page, count: count ? await fastest(clients[0], count) : 0 });
        };
        const filters = await filterChoices(ctx, def);
        const sorts = offeredSorts(def);
        ctx.log(`list-combinations: ${model}, ${filters.length} filters x ${sorts.length} sorts x 2 orders`);
        for (const sort of sorts) {
          for (const filter of await withSortFilter(ctx, def, sort, filters)) {
            for (const order of ['asc', 'desc']) await measure(`${filter.label}, by ${sort} ${order}`, { ...filter.query, _sort: sort, _order: order });
          }
        }
        // a search within a filter (the user overview always sends its Type), in the list's own order
        const searches = filters.filter((filter) => 'q' in filter.query);
        const narrowing = filters.filter((filter) => !('q' in filter.query) && Object.keys(filter.query).length > 0);
        ctx.log(`list-combinations: ${model}, ${searches.length} searches x ${narrowing.length} filters`);
        for (const search of searches) {
          for (const filter of narrowing) await measure(`${search.label}, ${filter.label}`, { ...search.query, ...filter.query });
        }
      }
    } finally {
      release();
    }
    const total = (shape: (typeof timed)[number]) => shape.page + shape.count;
    timed.sort((a, b) => total(b) - total(a));
    const slow = timed.filter((shape) => total(shape) > SLOW_MS);
    const median = total(timed[Math.floor(timed.length / 2)]);
    notes.push(`${timed.length} combinations, page + capped count best of 3: median ${median.toFixed(1)} ms, slowest ${total(timed[0]).toFixed(1)} ms, ${slow.length} over ${SLOW_MS} ms.`);
    if (refused > 0) notes.push(`${refused} more refused by the API (400).`);
    for (const shape of slow) notes.push(`${shape.label}: page ${shape.page.toFixed(1)} ms, count ${shape.count.toFixed(1)} ms`);
    return { title: `List filters x sorts, 25 rows, totals capped at ${COUNT_CAP} (${ctx.config.target})`, lines: [], notes };
  },
};
