import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { ColumnStatistics } from '../src/records/column-statistics';
import { Params, type RawQuery, parseListQuery } from '../src/records/list-query';
import { type PageRead, RecordRepository } from '../src/records/record-repository';
import { pastCapRead } from '../src/records/record.service';
import { referenceTargetsThroughApi } from './support/sample-record';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
let token: string;
let merchantIds: string[];
const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;

const product = (merchantId: string, name: string, cents: number, type: string, tax: number) => ({
  nameLocalized: { full: { en: name } },
  price: { cents },
  type,
  taxPercentage: tax,
  merchantRef: { merchantId },
});

beforeAll(async () => {
  t = await startTestApp();
  token = await t.token('merchant');
  merchantIds = [];
  for (const name of ['Bar Noord', 'Bar Zuid', 'Food Truck']) {
    const response = await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: name, description: `${name} at the main stage` } });
    merchantIds.push(response.body._id);
  }
  const products = [
    product(merchantIds[0], 'Beer', 350, 'drink', 0.21),
    product(merchantIds[0], 'Cola', 250, 'drink', 0.09),
    product(merchantIds[1], 'Wine', 500, 'drink', 0.21),
    product(merchantIds[2], 'Fries', 400, 'others', 0.09),
    product(merchantIds[2], 'Locker', 1000, 'locker-company-locker', 0.21),
  ];
  for (const body of products) expect((await t.http.post(url('product')).set(bearer(token)).send(body)).status).toBe(201);
});
afterAll(() => t.close());

const names = (body: { nameLocalized?: { full?: { en?: string } }; name?: { full?: string } }[]) =>
  body.map((record) => record.nameLocalized?.full?.en ?? record.name?.full);

async function list(model: string, query: Record<string, string | string[]>) {
  return t.http.get(url(model)).query(query).set(bearer(token));
}

describe('list operators', () => {
  it('filters by equality, _ne, _gte, _lte, _like and _in, with the exact total', async () => {
    const sort = { _sort: 'price.cents', _order: 'asc' };
    expect(names((await list('product', { ...sort, type: 'drink' })).body)).toEqual(['Cola', 'Beer', 'Wine']);
    expect(names((await list('product', { ...sort, type_ne: 'drink' })).body)).toEqual(['Fries', 'Locker']);
    expect(names((await list('product', { ...sort, 'price.cents_gte': '400' })).body)).toEqual(['Fries', 'Wine', 'Locker']);
    expect(names((await list('product', { ...sort, 'price.cents_lte': '350' })).body)).toEqual(['Cola', 'Beer']);
    expect(names((await list('product', { ...sort, 'nameLocalized.full.en_like': 'CKE' })).body)).toEqual(['Locker']);
    expect(names((await list('product', { ...sort, type_in: 'others,locker-company-locker' })).body)).toEqual(['Fries', 'Locker']);
    // no index serves taxPercentage: refused over the whole company, taken within the products of some merchants
    const unindexed = await list('product', { ...sort, taxPercentage: '0.09' });
    expect([unindexed.status, unindexed.body.message]).toEqual([400, 'Filtering product by taxPercentage is not offered: no index serves it']);
    expect(names((await list('product', { ...sort, taxPercentage: '0.09', 'merchantRef.merchantId_in': merchantIds.join(',') })).body)).toEqual(['Cola', 'Fries']);
    const page = await list('product', { ...sort, _start: '1', _end: '3' });
    expect(names(page.body)).toEqual(['Beer', 'Fries']);
    expect(page.headers['x-total-count']).toBe('5');
  });

  it('sorts on several fields and searches the searchable fields with q', async () => {
    const sorted = await list('product', { _sort: 'type,price.cents', _order: 'asc,desc' });
    expect(names(sorted.body)).toEqual(['Wine', 'Beer', 'Cola', 'Locker', 'Fries']);
    expect(names((await list('merchant', { q: 'zuid' })).body)).toEqual(['Bar Zuid']);
    expect(names((await list('merchant', { q: 'main stage', _sort: 'name.full', _order: 'desc' })).body)).toEqual(['Food Truck', 'Bar Zuid', 'Bar Noord']);
    // text matched through trigrams, within the count's cap, is counted and sorted in one statement (matchesStatement),
    // and counted on its own past the last page
    const second = await list('merchant', { q: 'main stage', _sort: 'name.full', _order: 'desc', _start: '1', _end: '2' });
    expect([names(second.body), second.headers['x-total-count']]).toEqual([['Bar Zuid'], '3']);
    const beyond = await list('merchant', { q: 'main stage', _start: '5', _end: '10' });
    expect([beyond.body, beyond.headers['x-total-count']]).toEqual([[], '3']);
    const noRows = await list('merchant', { q: 'main stage', _start: '0', _end: '0' });
    expect([noRows.body, noRows.headers['x-total-count']]).toEqual([[], '3']);
    const none = await list('merchant', { q: 'backstage' });
    expect([none.body, none.headers['x-total-count']]).toEqual([[], '0']);
    const contains = await list('merchant', { 'name.full_like': 'bar', _sort: 'name.full', _order: 'desc', _start: '1', _end: '2' });
    expect([names(contains.body), contains.headers['x-total-count']]).toEqual([['Bar Noord'], '2']);
  });

  it("pages text matches past the count's cap by walking the sort's index, with the same rows", async () => {
    // the page the API reads when more match than the cap (record.service.ts); no test data set reaches the cap
    const merchant = findResource('merchant')!;
    const walked = async (query: RawQuery) => {
      const parsed = parseListQuery(merchant, { ...query, _sort: 'name.full', _order: 'desc', _start: '1', _end: '3' }, new Set(['super'] as const), new Params());
      const rows = await t.app.get(RecordRepository).pageJson(merchant, t.companies.a, parsed, 'doc');
      return rows.map((row) => (JSON.parse(row.json) as { name: { full: string } }).name.full);
    };
    expect(await walked({ q: 'main stage' })).toEqual(['Bar Zuid', 'Bar Noord']);
    expect(await walked({ 'name.full_like': 'bar' })).toEqual(['Bar Noord']);
  });

  it('pages matches of a text on the sorted column alone value by value, with the rows the walk reads', async () => {
    // the read past the cap where the sort's values repeat (pageReadPastCap), in company b, which no other test lists
    const merchant = findResource('merchant')!;
    const tokenB = await t.token('merchant', 'b');
    for (const name of ['Bar Noord', 'Bar Noord', 'Bar Zuid', 'Food Truck', 'Cocktail Bar', 'Bar West']) {
      const created = await t.http.post(url('merchant')).set(bearer(tokenB)).send({ name: { full: name } });
      if (name === 'Bar West') await t.http.post(url('merchant', `/${created.body._id}/archive`)).set(bearer(tokenB)).send();
    }
    const page = async (query: RawQuery, read: PageRead) => {
      const parsed = parseListQuery(merchant, { ...query, 'name.full_like': 'bar', _sort: 'name.full' }, new Set(['super'] as const), new Params());
      expect(parsed.sortValues?.decidingText).toBeTruthy();
      const rows = await t.app.get(RecordRepository).pageJson(merchant, t.companies.b, parsed, 'doc', read);
      return rows.map((row) => (JSON.parse(row.json) as { name: { full: string } }).name.full);
    };
    const pages: string[][] = [];
    for (const _order of ['asc', 'desc']) {
      for (const [_start, _end] of [['0', '2'], ['1', '4'], ['3', '9']]) {
        for (const archived of [{}, { 'meta.archived': 'false' }]) {
          const query = { ...archived, _order, _start, _end };
          const walked = await page(query, {});
          expect(await page(query, { distinctSortValues: true })).toEqual(walked);
          pages.push(walked);
        }
      }
    }
    // ascending: the first two, then from the fourth on, with and without the archived one; descending: the first two
    expect([pages[0], pages[4], pages[5], pages[6]]).toEqual([['Bar Noord', 'Bar Noord'], ['Bar Zuid', 'Cocktail Bar'], ['Cocktail Bar'], ['Cocktail Bar', 'Bar Zuid']]);
  });

  it("reads a sorted search value by value only where the server's statistics say the sorted values repeat", async () => {
    const merchant = findResource('merchant')!;
    const parsed = parseListQuery(merchant, { 'name.full_like': 'bar', _sort: 'name.full' }, new Set(['super'] as const), new Params());
    const readPastCap = async () => {
      await t.db.exec('ANALYZE merchant');
      return pastCapRead(new ColumnStatistics(t.db), merchant, parsed);
    };
    expect(await readPastCap()).toBe('walk');
    // 300 stands of one name in company b: a dozen names over 300 rows
    await t.db.query(
      `INSERT INTO merchant (id, company_id, doc) SELECT lpad(n::text, 24, 'f'), $1, '{"name": {"full": "Stand"}, "meta": {"archived": false}}'::jsonb FROM generate_series(1, 300) AS n`,
      [t.companies.b],
    );
    expect(await readPastCap()).toBe('distinctSortValues');
  });

  it('reads the rows to count or sort text matches only where a walk of a btree ordered by a matched text could answer', () => {
    const walks = (model: string, query: RawQuery) => parseListQuery(findResource(model)!, query, new Set(['super'] as const), new Params()).textOrderedWalk;
    // the name's index holds the name (and a merchant, which leads one of them): counting "Mai" by walking it meets the
    // matches in name order
    expect(walks('transaction', { q: 'Mai' })).toBe(true);
    expect(walks('transaction', { q: 'Mai', 'merchantRef.merchantId': '0123456789abcdef01234567' })).toBe(true);
    // no index ordered by the name holds the state or the time: the filter's own index is walked, testing the name
    expect(walks('transaction', { q: 'Mai', 'state.id': 'paid' })).toBe(false);
    expect(walks('transaction', { 'name.full_like': 'Mai', 'state.put.at.unix_gte': '1700000000' })).toBe(false);
    // the users' composite of the overview's filters has the bracelet state and the email among its keys, and holds
    // the type and the creation time
    expect(walks('user', { q: 'Car', 'email.anonymous': 'false', 'meta.createdAt_gte': '1700000000' })).toBe(true);
    expect(walks('transaction', { 'state.id': 'paid' })).toBe(false);
  });

  it('treats _like wildcards and SQL-looking values literally', async () => {
    expect((await list('product', { 'nameLocalized.full.en_like': 'Bee%' })).body).toEqual([]);
    const injection = "Robert'); DROP TABLE product; --";
    const created = await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: injection } });
    expect(created.status).toBe(201);
    const found = await list('merchant', { 'name.full': injection });
    expect(names(found.body)).toEqual([injection]);
    expect((await list('product', {})).headers['x-total-count']).toBe('5');
    expect((await list('merchant', { "name.full' OR '1'='1": 'x' })).status).toBe(400);
  });

  it('sorts by a field filtered to several values as one ordered read per value, pages included', async () => {
    // the first rows of each type, merged (list-query.ts byValue): the same rows in the same order as a plain sort
    const drinksAndOthers = { type_in: 'drink,others', _sort: 'type,price.cents' };
    expect(names((await list('product', { ...drinksAndOthers, _order: 'asc,asc' })).body)).toEqual(['Cola', 'Beer', 'Wine', 'Fries']);
    expect(names((await list('product', { ...drinksAndOthers, _order: 'desc,desc' })).body)).toEqual(['Fries', 'Wine', 'Beer', 'Cola']);
    const page = await list('product', { ...drinksAndOthers, _order: 'desc,asc', _start: '2', _end: '4' });
    expect(names(page.body)).toEqual(['Beer', 'Wine']);
    expect(page.headers['x-total-count']).toBe('4');
    expect(names((await list('product', { type_in: 'drink,others', _sort: 'type', _order: 'asc', 'price.cents_gte': '300' })).body)).toEqual(['Beer', 'Wine', 'Fries']);
  });

  it("filters a code (a guest's attendance state from the app) by its whole value, not by what it contains", async () => {
    const eventToken = await t.token('event');
    const guest = (await referenceTargetsThroughApi(t, await t.token('company'), ['eventGuest'])).get('eventGuest')!;
    const state = { id: 'checked-in', put: { at: { unix: 1_700_000_000, date: '2023-11-14T22:13:20.000Z' } } };
    await t.http.patch(url('eventGuest', `/${guest}`)).set(bearer(eventToken)).send({ module: { attendance: { state } } }).expect(200);
    const ids = async (query: Record<string, string>) => (await t.http.get(url('eventGuest')).query(query).set(bearer(eventToken))).body.map((record: { _id: string }) => record._id);
    expect(await ids({ 'module.attendance.state.id': 'checked-in' })).toContain(guest);
    expect(await ids({ 'module.attendance.state.id': 'checked' })).not.toContain(guest);
    const contains = await t.http.get(url('eventGuest')).query({ 'module.attendance.state.id_like': 'checked' }).set(bearer(eventToken));
    expect([contains.status, contains.body.message]).toEqual([400, 'Filtering eventGuest by module.attendance.state.id is not offered: no index serves it']);
  });

  it('takes _in on a yes/no field, so a list can keep "All" archived and not', async () => {
    const archived = (await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: 'Closed Kiosk' } })).body._id;
    await t.http.post(url('merchant', `/${archived}/archive`)).set(bearer(token)).expect(200);
    const active = names((await list('merchant', { 'meta.archived': 'false', _sort: 'name.full' })).body);
    expect(active).not.toContain('Closed Kiosk');
    const all = await list('merchant', { 'meta.archived_in': 'true,false', _sort: 'name.full' });
    expect(names(all.body)).toEqual([...active, 'Closed Kiosk'].sort());
    expect(all.headers['x-total-count']).toBe(String(active.length + 1));
    await t.http.post(url('merchant', `/${archived}/unarchive`)).set(bearer(token)).expect(200);
    await t.http.delete(url('merchant', `/${archived}`)).set(bearer(token)).expect(200);
  });

  it('searches within a reference or a yes/no filter through the keys of the search index, with the exact total', async () => {
    const merchant = async (full: string) => (await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full } })).body._id as string;
    const closed = await merchant('Card Kiosk');
    const open = await merchant('Carousel Bar');
    await t.http.post(url('merchant', `/${closed}/archive`)).set(bearer(token)).expect(200);
    const search = async (model: string, query: Record<string, string>) => {
      const response = await list(model, query);
      return [names(response.body), response.headers['x-total-count']];
    };
    expect(await search('merchant', { q: 'car', 'meta.archived': 'false' })).toEqual([['Carousel Bar'], '1']);
    expect(await search('merchant', { q: 'car', 'meta.archived_in': 'true' })).toEqual([['Card Kiosk'], '1']);
    expect(await search('product', { q: 'bee', 'merchantRef.merchantId': merchantIds[0] })).toEqual([['Beer'], '1']);
    expect(await search('product', { q: 'bee', 'merchantRef.merchantId_in': merchantIds[1] })).toEqual([[], '0']);
    // planned with bitmaps only, the yes/no written as the GIN key serves it
    const parsed = parseListQuery(findResource('merchant')!, { q: 'car', 'meta.archived': 'false' }, new Set(['super'] as const), new Params());
    const count = t.app.get(RecordRepository).countStatement(findResource('merchant')!, t.companies.a, parsed, 10_001);
    expect(count.bitmapsOnly).toBe(true);
    expect(count.sql).toContain('"meta_archived" = ANY(ARRAY[$1::boolean])');
    for (const id of [closed, open]) {
      if (id === closed) await t.http.post(url('merchant', `/${id}/unarchive`)).set(bearer(token)).expect(200);
      await t.http.delete(url('merchant', `/${id}`)).set(bearer(token)).expect(200);
    }
  });

  it("reads a page the sort's walk would reach late from the matches, sorted", async () => {
    // 45 active merchants come first by name, the 2 archived last: a page of 1 walks 40 entries (record.service.ts
    // walkEntries), comes out short and is read from the archived merchants instead
    const created: string[] = [];
    for (let n = 10; n < 55; n++) created.push((await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: `Kiosk ${n}` } })).body._id);
    for (const name of ['Zeppelin 1', 'Zeppelin 2']) {
      const id = (await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: name } })).body._id;
      await t.http.post(url('merchant', `/${id}/archive`)).set(bearer(token)).expect(200);
      created.push(id);
    }
    const archived = (query: Record<string, string>) => list('merchant', { 'meta.archived': 'true', _sort: 'name.full', ...query });
    const first = await archived({ _order: 'asc', _end: '1' });
    expect([names(first.body), first.headers['x-total-count']]).toEqual([['Zeppelin 1'], '2']);
    expect(names((await archived({ _order: 'asc', _start: '1', _end: '2' })).body)).toEqual(['Zeppelin 2']);
    expect(names((await archived({ _order: 'desc', _end: '1' })).body)).toEqual(['Zeppelin 2']);
    expect(names((await archived({ _order: 'asc', _start: '2', _end: '3' })).body)).toEqual([]);
    for (const id of created) await t.db.exec(`DELETE FROM merchant WHERE id = '${id}'`);
    // a sort no index serves, allowed within one merchant's products, is not walked: its index would be every product
    const byTax = parseListQuery(findResource('product')!, { 'merchantRef.merchantId': merchantIds[0], _sort: 'taxPercentage' }, new Set(['super'] as const), new Params());
    expect(byTax.sortIndexConditions).toBeNull();
    expect(names((await list('product', { 'merchantRef.merchantId': merchantIds[0], _sort: 'taxPercentage', _order: 'desc' })).body)).toEqual(['Beer', 'Cola']);
  });

  it('sorts users by last activity within a filter on email.anonymous only, which its index leads with', async () => {
    const company = await t.token('company');
    // the server sets last activity on sign-in; here every other user of the company was active at some time
    await t.db.exec(`UPDATE "user" SET doc = jsonb_set(doc, '{meta,lastActiveAt}', to_jsonb(1700000000 + ascii(right(id, 1)) * 1000)) WHERE company_id = '${t.companies.a}' AND ascii(right(id, 1)) % 2 = 0`);
    const refused = await t.http.get(url('user')).query({ _sort: 'meta.lastActiveAt', _order: 'desc' }).set(bearer(company));
    expect([refused.status, refused.body.message]).toEqual([400, 'Sorting user by meta.lastActiveAt needs a filter on email.anonymous']);
    const sorted = await t.http.get(url('user')).query({ 'email.anonymous': 'false', _sort: 'meta.lastActiveAt', _order: 'desc' }).set(bearer(company));
    expect(sorted.status).toBe(200);
    const times = sorted.body.map((user: { meta?: { lastActiveAt?: number } }) => user.meta?.lastActiveAt ?? null);
    // PostgreSQL's descending order puts users never active first
    const ordered = [...times].sort((a, b) => (a === null ? -1 : b === null ? 1 : b - a));
    expect(times.filter((time: number | null) => time !== null).length).toBeGreaterThan(1);
    expect(times).toEqual(ordered);
  });

  it('collects records by several ids as simple-rest getMany does', async () => {
    const response = await list('merchant', { id: [merchantIds[0], merchantIds[2]], _sort: 'name.full' });
    expect(names(response.body)).toEqual(['Bar Noord', 'Food Truck']);
  });
});

describe('filters inside lists', () => {
  it('matches scalar lists and fields of list items by containment', async () => {
    const eventToken = await t.token('event');
    const tagged = async (name: string, tag: string[]) =>
      (await t.http.post(url('location')).set(bearer(eventToken)).send({ name: { full: name, tag }, url: name.toLowerCase() })).body._id;
    const bar = await tagged('Barn', ['bar', 'club']);
    await tagged('Museum', ['museum']);
    const byTag = await t.http.get(url('location')).query({ 'name.tag': 'bar' }).set(bearer(eventToken));
    expect(byTag.body.map((record: { _id: string }) => record._id)).toEqual([bar]);
    const anyTag = await t.http.get(url('location')).query({ 'name.tag_in': 'club,museum', _sort: 'name.full' }).set(bearer(eventToken));
    expect(names(anyTag.body)).toEqual(['Barn', 'Museum']);
    expect((await t.http.get(url('location')).query({ 'name.tag': 'spaceport' }).set(bearer(eventToken))).status).toBe(400);

    const existing = await referenceTargetsThroughApi(t, await t.token('company'), ['event', 'eventGuest']);
    const guest = existing.get('eventGuest')!;
    const slot = { name: { full: 'Slot' }, start: { unix: 1 }, end: { unix: 2 }, eventRef: { eventId: existing.get('event') }, eventGuestRef: [{ eventGuestId: guest }] };
    const withGuest = (await t.http.post(url('timeslot')).set(bearer(eventToken)).send(slot)).body._id;
    await t.http.post(url('timeslot')).set(bearer(eventToken)).send({ ...slot, eventGuestRef: [] });
    const byGuest = await t.http.get(url('timeslot')).query({ 'eventGuestRef.eventGuestId_in': `${guest},0123456789abcdef01234568`, 'eventRef.eventId': existing.get('event')! }).set(bearer(eventToken));
    expect(byGuest.body.map((record: { _id: string }) => record._id)).toEqual([withGuest]);
    expect((await t.http.get(url('timeslot')).query({ 'eventGuestRef.eventGuestId_gte': guest }).set(bearer(eventToken))).status).toBe(400);
    // a reference inside a list item is checked too, named by the item's index
    const nowhere = '0123456789abcdef01234567';
    const ghost = await t.http.post(url('timeslot')).set(bearer(eventToken)).send({ ...slot, eventGuestRef: [{ eventGuestId: guest }, { eventGuestId: nowhere }] });
    expect([ghost.status, ghost.body.errors]).toEqual([400, [{ field: 'eventGuestRef.1.eventGuestId', message: `eventGuestRef.1.eventGuestId: there is no event guest with id ${nowhere}` }]]);
  });
});

describe('_select and _populate', () => {
  it('answers only the selected paths, with the ids', async () => {
    const response = await list('merchant', { _select: 'name.full', _sort: 'name.full', _end: '1' });
    expect(response.body).toEqual([{ _id: merchantIds[0], id: merchantIds[0], name: { full: 'Bar Noord' } }]);
  });

  it('fills a reference with the referenced record', async () => {
    const response = await list('product', { type: 'others', _populate: 'merchantRef.merchant', _select: 'nameLocalized.full.en,merchantRef.merchant.name.full' });
    expect(response.status).toBe(200);
    expect(response.body[0].merchantRef.merchant.name.full).toBe('Food Truck');
    expect(response.body[0].price).toBeUndefined();
    const one = await t.http.get(url('product', `/${response.body[0]._id}`)).query({ _populate: 'merchantRef.merchant' }).set(bearer(token));
    expect(one.body.merchantRef.merchant._id).toBe(merchantIds[2]);
    expect(one.body.price.euro).toBe(4);
  });
});

describe('_populate inside lists', () => {
  it('fills the references of list items, and refuses a model the caller may not read', async () => {
    const company = await t.token('company');
    const [beer] = (await list('product', { 'nameLocalized.full.en_like': 'Beer' })).body;
    const created = await t.http.post(url('transaction')).set(bearer(company)).send({ name: { full: 'Round' }, amount: { cents: 350 }, productRef: [{ productId: beer._id }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await t.http.get(url('transaction', `/${created.body._id}`)).query({ _populate: 'productRef.product' }).set(bearer(company));
    expect(read.body.productRef[0].product.nameLocalized.full.en).toBe('Beer');
    const refused = await t.http.get(url('transaction', `/${created.body._id}`)).query({ _populate: 'productRef.product' }).set(bearer(await t.token('finance')));
    expect(refused.status).toBe(400);
  });
});

describe('bad input answers 400 naming the problem and changes nothing', () => {
  it.each([
    [{ colour: 'red' }, 'colour'],
    [{ 'price.cents_gte': 'abc' }, 'price.cents'],
    [{ type: 'food' }, 'type'],
    [{ 'price.cents_like': '1' }, 'price.cents'],
    // a text the trigram index cannot narrow, like a search (q)
    [{ 'nameLocalized.full.en_like': 'er' }, 'needs at least 3 letters or digits in a row'],
    [{ _sort: 'colour' }, 'colour'],
    [{ _sort: 'price.cents', _order: 'sideways' }, '_order'],
    [{ _select: 'colour' }, 'colour'],
    [{ _populate: 'colour' }, 'colour'],
    [{ _start: '0', _end: '100000' }, '_end'],
    [{ 'security.password.value': 'x' }, 'security.password.value'],
  ])('list %j', async (query, named) => {
    const model = 'security.password.value' in query ? 'user' : 'product';
    const response = await t.http.get(url(model)).query(query).set(bearer(await t.token('super')));
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(named);
  });

  it('refuses unknown fields, broken rules and wrong types on create and patch, storing nothing', async () => {
    const before = (await list('merchant', {})).headers['x-total-count'];
    const unknown = await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: 'X' }, colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'colour', message: 'colour is not a field of this model' }]);
    const tooLong = await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: 'x'.repeat(51) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].field).toBe('name.full');
    const missing = await t.http.post(url('merchant')).set(bearer(token)).send({ name: { description: 'no name' } });
    expect(missing.body.errors).toContainEqual({ field: 'name.full', message: 'name.full is required' });
    const wrongType = await t.http.post(url('product')).set(bearer(token)).send({ ...product(merchantIds[0], 'Tea', 200, 'drink', 0.5), taxPercentage: '21%' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0].field).toBe('taxPercentage');
    const notJson = await t.http.post(url('merchant')).set(bearer(token)).set('Content-Type', 'application/json').send('{"name":');
    expect(notJson.status).toBe(400);
    const patched = await t.http.patch(url('merchant', `/${merchantIds[0]}`)).set(bearer(token)).send({ name: { full: '' } });
    expect(patched.status).toBe(400);
    expect((await list('merchant', {})).headers['x-total-count']).toBe(before);
    const kept = await t.http.get(url('merchant', `/${merchantIds[0]}`)).set(bearer(token));
    expect(kept.body.name.full).toBe('Bar Noord');
  });

  it('refuses references to records that do not exist or belong to another company, naming the field', async () => {
    const before = (await list('product', {})).headers['x-total-count'];
    const nowhere = '0123456789abcdef01234567';
    const missing = await t.http.post(url('product')).set(bearer(token)).send(product(nowhere, 'Ghost', 100, 'drink', 0.5));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'merchantRef.merchantId', message: `merchantRef.merchantId: there is no merchant with id ${nowhere}` }]);
    const theirs = (await t.http.post(url('merchant')).set(bearer(await t.token('company', 'b'))).send({ name: { full: 'Their bar' } })).body._id;
    const elsewhere = await t.http.post(url('product')).set(bearer(token)).send(product(theirs, 'Borrowed', 100, 'drink', 0.5));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors[0].field).toBe('merchantRef.merchantId');
    expect((await list('product', {})).headers['x-total-count']).toBe(before);

    // a patch is checked for the references it sets, not for the ones the record already had
    const dangling = (await t.http.post(url('product')).set(bearer(token)).send(product(merchantIds[0], 'Orphan', 100, 'drink', 0.5))).body._id;
    await t.db.query(`UPDATE product SET doc = jsonb_set(doc, '{merchantRef,merchantId}', $2::jsonb) WHERE id = $1`, [dangling, JSON.stringify(nowhere)]);
    expect((await t.http.patch(url('product', `/${dangling}`)).set(bearer(token)).send({ price: { cents: 150 } })).status).toBe(200);
    expect((await t.http.patch(url('product', `/${dangling}`)).set(bearer(token)).send({ merchantRef: { merchantId: theirs } })).status).toBe(400);
    await t.http.delete(url('product', `/${dangling}`)).set(bearer(token));
  });

  it('answers 404 for unknown models and malformed ids', async () => {
    expect((await t.http.get(url('spaceship')).set(bearer(token))).status).toBe(404);
    expect((await t.http.get(url('merchant', '/not-an-id')).set(bearer(token))).status).toBe(404);
  });
});

describe('patch', () => {
  it('merges objects and keeps what was not sent', async () => {
    const response = await t.http.patch(url('merchant', `/${merchantIds[1]}`)).set(bearer(token)).send({ name: { description: 'Now by the lake' } });
    expect(response.status).toBe(200);
    expect(response.body.name).toEqual({ full: 'Bar Zuid', description: 'Now by the lake' });
  });
});
