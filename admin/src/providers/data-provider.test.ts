import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectCompany } from './company-store';
import { dataProvider, httpClient } from './data-provider';

interface Sent {
  method?: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** Answers every request of the provider's client from `answer`, and records what was sent. */
function fakeServer(answer: (sent: Sent) => { status?: number; data: unknown; headers?: Record<string, string> }) {
  const sent: Sent[] = [];
  httpClient.defaults.adapter = async (config: AxiosRequestConfig) => {
    const url = httpClient.getUri(config);
    const request: Sent = { method: config.method, url: decodeURIComponent(url), headers: Object.fromEntries(Object.entries(config.headers ?? {}).map(([k, v]) => [k, String(v)])), body: config.data && JSON.parse(String(config.data)) };
    sent.push(request);
    const { status = 200, data, headers = {} } = answer(request);
    const response = { data, status, statusText: String(status), headers, config, request: {} } as never;
    if (status >= 400) throw Object.assign(new Error(`status ${status}`), { isAxiosError: true, response, config });
    return response;
  };
  return sent;
}

const memory = new Map<string, string>();
beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = { getItem: (key: string) => memory.get(key) ?? null, setItem: (key: string, value: string) => memory.set(key, value), removeItem: (key: string) => memory.delete(key) };
});
afterEach(() => memory.clear());

describe('the data provider on @refinedev/simple-rest (issue 11 item 15)', () => {
  it('lists with the simple-rest query plus _select, _populate and _in, and the company header', async () => {
    selectCompany('c0ffee');
    const sent = fakeServer(() => ({ data: [{ _id: 'a1', id: 'a1', name: { full: 'Bar' } }], headers: { 'x-total-count': '41' } }));
    const result = await dataProvider.getList({
      resource: 'merchant',
      pagination: { currentPage: 2, pageSize: 20 },
      sorters: [{ field: 'name.full', order: 'asc' }],
      filters: [
        { field: 'q', operator: 'eq', value: ' bar ' },
        { field: 'state.id', operator: 'in', value: ['a', 'b'] },
        { field: 'price.cents', operator: 'gte', value: 100 },
        { field: 'city', operator: 'eq', value: undefined },
        { field: 'start.unix', operator: 'lte', value: new Date(1_700_000_000_000) },
      ],
      meta: { select: ['_id', 'name.full'], populate: ['merchantRef.merchant'] },
    });
    expect(result).toEqual({ data: [{ _id: 'a1', id: 'a1', name: { full: 'Bar' } }], total: 41, totalIsLowerBound: false });
    const url = new URL(sent[0].url, 'http://x');
    expect(url.pathname).toBe('/api/company/model/merchant');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      _start: '20', _end: '40', _sort: 'name.full', _order: 'asc', q: 'bar', 'state.id_in': 'a,b', 'price.cents_gte': '100',
      'start.unix_lte': '1700000000', _select: '_id,name.full', _populate: 'merchantRef.merchant',
    });
    expect(sent[0].headers['X-Company-Id']).toBe('c0ffee');
  });

  it('reads many by _id_in and one with its populate, and writes with POST, PATCH and DELETE', async () => {
    const sent = fakeServer((request) => ({ data: request.method === 'get' && request.url.includes('_id_in') ? [{ _id: 'a', id: 'a' }, { _id: 'b', id: 'b' }] : { _id: 'a', id: 'a' }, headers: { 'x-total-count': '2' } }));
    expect((await dataProvider.getMany!({ resource: 'user', ids: ['a', 'b'] })).data.map((record) => record.id)).toEqual(['a', 'b']);
    expect((await dataProvider.getOne({ resource: 'user', id: 'a', meta: { populate: ['accessRef.location'] } })).data.id).toBe('a');
    await dataProvider.create({ resource: 'user', variables: { name: { full: 'N' } } });
    await dataProvider.update({ resource: 'user', id: 'a', variables: { name: { full: 'M' } } });
    await dataProvider.deleteOne({ resource: 'user', id: 'a' });
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'get /api/company/model/user?_end=2&_id_in=a,b&_start=0',
      'get /api/company/model/user/a?_populate=accessRef.location',
      'post /api/company/model/user',
      'patch /api/company/model/user/a',
      'delete /api/company/model/user/a',
    ]);
    expect(sent[3].body).toEqual({ name: { full: 'M' } });
  });

  it("turns the API's error into Refine's, with the field errors by path", async () => {
    fakeServer(() => ({ status: 400, data: { message: 'price.cents must be at least 0', errors: [{ field: 'price.cents', message: 'must be at least 0' }] } }));
    await expect(dataProvider.create({ resource: 'product', variables: {} })).rejects.toMatchObject({ statusCode: 400, message: 'price.cents must be at least 0', errors: { 'price.cents': ['must be at least 0'] } });
  });

  it('reads the pages past the count\'s cap after the cursor of the page before, numbered pages by offset', async () => {
    selectCompany('');
    const sent = fakeServer((request) => {
      const query = new URL(request.url, 'http://x').searchParams;
      const next = query.has('_cursor') ? `${query.get('_cursor')} and 25` : `after-${query.get('_end')}`;
      return { data: [{ _id: 'a' }], headers: { 'x-total-count': '10000', 'x-total-count-lower-bound': 'true', 'x-next-cursor': next } };
    });
    const page = (currentPage: number) => dataProvider.getList({ resource: 'transaction', pagination: { currentPage, pageSize: 25 }, sorters: [{ field: 'amount.cents', order: 'desc' }] });
    const sentQuery = () => Object.fromEntries(new URL(sent[sent.length - 1].url, 'http://x').searchParams);
    await page(1);
    expect(sentQuery()).toMatchObject({ _start: '0', _end: '25' });
    await page(402);
    expect(sentQuery()).toMatchObject({ _start: '10025', _end: '10050' });
    await page(400);
    await page(401);
    expect(sentQuery()).toEqual({ _cursor: 'after-10000', _end: '25', _sort: 'amount.cents', _order: 'desc' });
    await page(402);
    expect(sentQuery()).toEqual({ _cursor: 'after-10000 and 25', _end: '25', _sort: 'amount.cents', _order: 'desc' });
    await page(3);
    expect(sentQuery()).toMatchObject({ _start: '50', _end: '75' });
  });
});
