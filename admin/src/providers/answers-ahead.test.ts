import { allResources, listOpening, openingListRequest } from '@backoffice/resources';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { versionOf } from '../generic/history/record-versions';
import { fetchAnswersAhead, requestKey, takeAnswerAhead } from './answers-ahead';
import { answerAheadOf } from './data-provider';

const ORIGIN = 'http://admin.test';

/** The page's answers ahead, as the browser hands them over: `rows` for each address, with a total. */
async function answerAhead(paths: string[], status = 200) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify([{ _id: 'r1', id: 'r1' }]), { status, headers: { 'X-Total-Count': '41' } }));
  await fetchAnswersAhead(paths.map((path) => ORIGIN + path));
}

/** Refine's key of the list query useResourceTable makes as `def`'s list screen opens (for a reader of every model). */
function openingKey(name: string) {
  const opening = listOpening(allResources().find((def) => def.name === name)!);
  return ['data', 'default', name, 'list', { label: name, populate: opening.populate, filters: opening.filters, pagination: { currentPage: 1, pageSize: opening.pageSize, mode: 'server' }, sorters: opening.sort }];
}

afterEach(() => vi.unstubAllGlobals());

describe('answers asked for ahead of the admin code (issue 40)', () => {
  it('compares requests by path and parameters, whatever their order and encoding', () => {
    expect(requestKey('/api/company/model/user?_end=25&_start=0&a=x%2Cy')).toBe(requestKey('http://other/api/company/model/user?_start=0&a=x,y&_end=25'));
    expect(requestKey('/api/company/model/user?_start=0')).not.toBe(requestKey('/api/company/model/user?_start=25'));
  });

  it("every list screen's first query takes the page the server asked for, read as getList reads it, once", async () => {
    const screens = allResources().filter((def) => def.screens?.route && openingListRequest(def, () => true));
    expect(screens.map((def) => def.name)).toEqual(expect.arrayContaining(['user', 'merchant', 'product', 'location', 'communicationMail', 'communicationSms', 'template', 'timeslot']));
    for (const def of screens) {
      await answerAhead([openingListRequest(def, () => true)!]);
      expect(answerAheadOf(openingKey(def.name)), def.name).toEqual({ data: [{ _id: 'r1', id: 'r1' }], total: 41, totalIsLowerBound: false });
      expect(answerAheadOf(openingKey(def.name)), `${def.name} again`).toBeUndefined();
    }
  });

  it('another list, another page of it, a failed answer or an old one: the screen asks for itself', async () => {
    const request = openingListRequest(allResources().find((def) => def.name === 'user')!, () => true)!;
    await answerAhead([request]);
    expect(answerAheadOf(openingKey('merchant'))).toBeUndefined();
    const [, , , , params] = openingKey('user') as [string, string, string, string, { pagination: object }];
    expect(answerAheadOf(['data', 'default', 'user', 'list', { ...params, pagination: { currentPage: 2, pageSize: 25, mode: 'server' } }])).toBeUndefined();
    expect(answerAheadOf(['data', 'default', 'user', 'one', params])).toBeUndefined();
    takeAnswerAhead(request);
    await answerAhead([request], 403);
    expect(answerAheadOf(openingKey('user'))).toBeUndefined();
    await answerAhead([request]);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      expect(answerAheadOf(openingKey('user'))).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("an edit screen's record: its form's query takes it and keeps the version its save names; another read of it asks for itself", async () => {
    const id = 'a1'.repeat(12);
    const record = `${ORIGIN}/api/company/model/user/${id}`;
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ _id: id }), { headers: { ETag: '"v3"', Date: 'Sun, 29 Nov 2026 12:00:00 GMT' } }));
    await fetchAnswersAhead([record]);
    expect(answerAheadOf(['data', 'default', 'user', 'one', id, { populate: ['companyRef.company'] }])).toBeUndefined();
    expect(answerAheadOf(['data', 'default', 'user', 'one', id, { label: 'Users' }])).toEqual({ data: { _id: id } });
    expect(versionOf('user', id)).toEqual({ version: '"v3"', readAt: Date.UTC(2026, 10, 29, 12) / 1000 });
  });
});
