import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { newId } from '../src/common/object-id';
import { bulkInsert } from '../src/database/bulk-insert';
import { insertGeneratedRows } from './support/generated-rows';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
let token: string;
const list = (model: string, query: Record<string, string>) => t.http.get(`/api/company/model/${model}`).query(query).set(bearer(token));

beforeAll(async () => {
  t = await startTestApp();
  token = await t.token('company');
  await insertGeneratedRows(t.db, findResource('tutorial')!, t.companies.a, 10_050);
}, 120_000);
afterAll(() => t.close());

describe('list totals', () => {
  it('counts exactly up to 10 000 and then answers a lower bound that the header marks', async () => {
    const first = await list('tutorial', { _start: '0', _end: '25' });
    expect([first.headers['x-total-count'], first.headers['x-total-count-lower-bound']]).toEqual(['10000', 'true']);
    expect(first.headers['access-control-expose-headers']).toContain('X-Total-Count-Lower-Bound');
    expect(first.body).toHaveLength(25);
    const filtered = await list('tutorial', { 'name.full': 'w7-8f14e45f' });
    expect([filtered.headers['x-total-count'], filtered.headers['x-total-count-lower-bound']]).toEqual(['3', undefined]);
  });

  it('counts past the page asked for, so paging beyond the cap goes on', async () => {
    const past = await list('tutorial', { _start: '10000', _end: '10025' });
    expect([past.headers['x-total-count'], past.headers['x-total-count-lower-bound']]).toEqual(['10025', 'true']);
    const last = await list('tutorial', { _start: '10025', _end: '10050' });
    expect([last.headers['x-total-count'], last.headers['x-total-count-lower-bound'], last.body.length]).toEqual(['10050', undefined, 25]);
  });
});

describe('what lists offer', () => {
  it('refuses a sort or filter that no index serves, naming it', async () => {
    const unsorted = await list('tutorial', { _sort: 'meta.updatedAt' });
    expect([unsorted.status, unsorted.body.message]).toEqual([400, 'Sorting tutorial by meta.updatedAt is not offered: no index serves it']);
    const byYesNo = await list('tutorial', { _sort: 'meta.archived' });
    expect(byYesNo.status).toBe(400);
    const unfiltered = await list('tutorial', { 'name.description': 'x' });
    expect([unfiltered.status, unfiltered.body.errors]).toEqual([400, [{ field: 'name.description', message: 'filtering by name.description is not offered' }]]);
  });

  it('searches with q through the trigram indexes, % and _ taken literally', async () => {
    const merchant = (full: string) => t.http.post('/api/company/model/merchant').set(bearer(token)).send({ name: { full } });
    for (const name of ['100% Bar', '1000 Bar', 'Bar_Zuid', 'BarXZuid']) expect((await merchant(name)).status).toBe(201);
    const names = async (q: string) => (await list('merchant', { q, _sort: 'name.full' })).body.map((record: { name: { full: string } }) => record.name.full);
    expect(await names('100%')).toEqual(['100% Bar']);
    expect(await names('bar_z')).toEqual(['Bar_Zuid']);
    expect((await names('BAR')).sort()).toEqual(['100% Bar', '1000 Bar', 'BarXZuid', 'Bar_Zuid']);
  });

  it('pages through a search with more matches than the cap that its sort meets last', async () => {
    // sorted by title, the 12 050 titles that do not match come first: the page walks past them to the matches
    const titled = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, n) => ({ id: newId(), companyId: t.companies.a, doc: { name: { full: `${prefix} ${String(n).padStart(5, '0')}` } } }));
    await bulkInsert(t.db, findResource('tutorial')!, [...titled('aardvark', 2000), ...titled('zebra talk', 10_030)]);
    const page = async (query: Record<string, string>) => {
      const response = await list('tutorial', { q: 'zebra', _sort: 'name.full', ...query });
      return { total: [response.headers['x-total-count'], response.headers['x-total-count-lower-bound']], titles: response.body.map((record: { name: { full: string } }) => record.name.full) };
    };
    const titles = (from: number, to: number, step = 1) => Array.from({ length: Math.abs(to - from) + 1 }, (_, n) => `zebra talk ${String(from + n * step).padStart(5, '0')}`);
    expect(await page({ _order: 'asc', _start: '0', _end: '25' })).toEqual({ total: ['10000', 'true'], titles: titles(0, 24) });
    expect(await page({ _order: 'asc', _start: '30', _end: '40' })).toEqual({ total: ['10000', 'true'], titles: titles(30, 39) });
    expect(await page({ _order: 'desc', _start: '0', _end: '25' })).toEqual({ total: ['10000', 'true'], titles: titles(10_029, 10_005, -1) });
  });
});
