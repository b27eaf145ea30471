import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResourceDef, allResources, findResource, getPath, offeredSorts, resolveField, sortNeedsFilter } from '@backoffice/resources';
import { quote, tableName } from '../../src/database/naming';
import { insertGeneratedRows } from '../support/generated-rows';
import { type TestApp, bearer, startTestApp } from '../support/test-app';

/**
 * Refine's conventions in full and pages at any depth, for every model of the registry: paging off answers every row
 * up to the model's cap, time filters take ISO 8601, and a walk with `_cursor` meets every row once, in the order an
 * answer without paging has, whatever the sort (ties of two rows a value, and rows without the sorted value).
 */
let t: TestApp;
let token: string;
const ROWS = 60;

type Row = { _id: string } & Record<string, unknown>;
const list = (model: string, query: Record<string, string>) => t.http.get(`/api/company/model/${model}`).query(query).set(bearer(token));

/** 60 rows two by two alike (the rows from 10 000 on repeat the values of the first), the sorted paths missing from 8 of them. */
async function seed(def: ResourceDef): Promise<void> {
  await insertGeneratedRows(t.db, def, t.companies.a, ROWS / 2, 0);
  await insertGeneratedRows(t.db, def, t.companies.a, ROWS / 2, 10_000);
  const table = quote(tableName(def));
  for (const path of offeredSorts(def).filter((sorted) => sorted !== '_id' && sorted !== 'id')) {
    await t.db.query(`UPDATE ${table} SET doc = doc #- $2::text[] WHERE id IN (SELECT id FROM ${table} WHERE company_id = $1 ORDER BY id LIMIT 8)`, [t.companies.a, path.split('.')]);
  }
}

/** The filter a sort needs (sortNeedsFilter), pinned to a value the rows have. */
async function sortFilter(def: ResourceDef, path: string): Promise<Record<string, string>> {
  const needs = sortNeedsFilter(def, path);
  if (!needs) return {};
  const rows: Row[] = (await list(def.name, {})).body;
  const value = rows.map((row) => getPath(row, needs)).find((found) => found !== undefined);
  return { [needs]: String(value) };
}

beforeAll(async () => {
  t = await startTestApp();
  token = await t.token('super');
  for (const def of allResources()) await seed(def);
}, 300_000);
afterAll(() => t?.close());

describe('paging off (simple-rest without _start and _end)', () => {
  it.each(allResources().map((def) => [def.name]))('%s answers every row and its exact total', async (model) => {
    const all = await list(model, {});
    expect(all.status).toBe(200);
    expect(all.body.length).toBe(Number(all.headers['x-total-count']));
    // a model with an owner rule shows its reader only theirs and the shared ones
    expect(all.body.length).toBeGreaterThan(0);
    expect(all.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses with 400 naming the cap when there are more rows than one answer holds', async () => {
    // in the other company, whose lists the walks below do not read
    await insertGeneratedRows(t.db, findResource('tutorial')!, t.companies.b, 1001, 20_000);
    const inB = async (query: Record<string, string>) => t.http.get('/api/company/model/tutorial').query(query).set(bearer(await t.token('company', 'b')));
    const refused = await inB({});
    expect([refused.status, refused.body.errors]).toEqual([400, [{ field: '_end', message: 'at most 1000 rows without paging' }]]);
    expect(refused.body.message).toContain('more than 1000 rows');
    const filtered = await inB({ 'name.full': 'w7-8f14e45f' });
    expect([filtered.status, filtered.body.length]).toEqual([200, Number(filtered.headers['x-total-count'])]);
  });
});

describe('time filters', () => {
  const timeFilters = allResources().flatMap((def) => (def.list.filters ?? []).filter((path) => resolveField(def, path)?.kind === 'unixTime').map((path) => [def.name, path] as const));

  it.each(timeFilters)('%s %s takes ISO 8601 as it takes unix seconds', async (model, path) => {
    const seconds = 1_600_000_000 + 60 * 20;
    const iso = new Date(seconds * 1000).toISOString();
    for (const [operator, value] of [['_gte', iso], ['_lte', iso.slice(0, 19)], ['_gte', `${iso.slice(0, 19)}+01:00`], ['_lte', '2020-09-13']] as const) {
      const unix = operator === '_gte' && value.endsWith('+01:00') ? seconds - 3600 : value === '2020-09-13' ? Date.UTC(2020, 8, 13) / 1000 : seconds;
      const byIso = await list(model, { [`${path}${operator}`]: value, _select: '_id' });
      const byUnix = await list(model, { [`${path}${operator}`]: String(unix), _select: '_id' });
      expect([byIso.status, byIso.body]).toEqual([byUnix.status, byUnix.body]);
    }
    const wrong = await list(model, { [`${path}_gte`]: '2024-02-30' });
    expect([wrong.status, wrong.body.errors?.[0]?.field]).toEqual([400, path]);
  });
});

describe('cursor paging', () => {
  const sorts = allResources().flatMap((def) => offeredSorts(def).flatMap((path) => (['asc', 'desc'] as const).map((order) => [def.name, path, order] as const)));

  it.each(sorts)('%s by %s %s: a walk with _cursor meets every row once, in order', async (model, path, order) => {
    const def = findResource(model)!;
    const query = { _sort: path, _order: order, _select: '_id', ...(await sortFilter(def, path)) };
    const all = await list(model, query);
    expect(all.status).toBe(200);
    const walked: string[] = [];
    let page = await list(model, { ...query, _start: '0', _end: '7' });
    for (;;) {
      expect(page.status).toBe(200);
      expect(page.headers['access-control-expose-headers']).toContain('X-Next-Cursor');
      walked.push(...page.body.map((row: Row) => row._id));
      const cursor = page.headers['x-next-cursor'];
      if (!cursor) break;
      expect(page.body).toHaveLength(7);
      page = await list(model, { ...query, _cursor: cursor, _end: '7' });
    }
    expect(walked).toEqual(all.body.map((row: Row) => row._id));
  });

  it('counts the whole list on every page and skips _start rows after the cursor', async () => {
    const first = await list('user', { _sort: 'name.full', _start: '0', _end: '10' });
    const after = await list('user', { _sort: 'name.full', _cursor: first.headers['x-next-cursor'], _start: '5', _end: '10' });
    const offset = await list('user', { _sort: 'name.full', _start: '15', _end: '20' });
    expect(after.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(after.body.map((row: Row) => row._id)).toEqual(offset.body.map((row: Row) => row._id));
  });

  it('refuses a cursor that is not one, or was made for another sort, with 400 naming _cursor', async () => {
    const { headers } = await list('tutorial', { _sort: 'name.full', _start: '0', _end: '5' });
    const cursor = headers['x-next-cursor'];
    const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(cursor, 'base64url').toString()), after: [1, 'x'] })).toString('base64url');
    for (const [query, problem] of [
      [{ _sort: 'name.full', _cursor: 'not a cursor' }, 'not a cursor of this API'],
      [{ _sort: 'name.full', _cursor: Buffer.from('{"sort": 1').toString('base64url') }, 'not a cursor of this API'],
      [{ _sort: 'name.full', _order: 'desc', _cursor: cursor }, 'made for another sort than name.full desc,id desc: page from the start again'],
      [{ _sort: 'name.full', _cursor: tampered }, 'the value of name.full does not fit its field'],
    ] as const) {
      const refused = await list('tutorial', { ...query, _end: '5' });
      expect([refused.status, refused.body.errors]).toEqual([400, [{ field: '_cursor', message: problem }]]);
    }
  });

  it('exports the rows after a cursor', async () => {
    const query = { _sort: 'name.full', _order: 'desc' };
    const first = await list('tutorial', { ...query, _start: '0', _end: '40' });
    const rest = await list('tutorial', { ...query, _cursor: first.headers['x-next-cursor'], _select: '_id', 'name.full_like': 'w12' });
    const exported = await t.http.post('/api/company/model/tutorial/export').set(bearer(token)).send({ fields: ['name.full'], query: { ...query, _cursor: first.headers['x-next-cursor'], 'name.full_like': 'w12' } });
    expect(exported.status).toBe(200);
    const ids = exported.body.data.csv.split('\r\n').slice(1).map((line: string) => line.split(',')[0]);
    expect(ids).toEqual(rest.body.map((row: Row) => row._id));
  });
});
