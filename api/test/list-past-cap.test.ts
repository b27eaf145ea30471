import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecordRepository } from '../src/records/record-repository';
import { COUNT_CAP } from '../src/records/record.service';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
let token: string;
const TEMPLATES = { none: 'a0000000000000000000000a', few: 'a0000000000000000000000b', many: 'a0000000000000000000000c' };

/** `n` SMS of one template, their ids starting with `prefix`, their times one second apart from `from`. */
async function insertSms(prefix: string, template: string, body: string, n: number, from: number): Promise<void> {
  await t.db.query(
    `INSERT INTO communication_sms (id, company_id, doc)
     SELECT $2 || lpad(g::text, 23, '0'), $1, jsonb_build_object('body', $5::text, 'templateRef', jsonb_build_object('templateId', $3::text),
       'to', jsonb_build_array(), 'state', jsonb_build_object('id', 'sent', 'put', jsonb_build_object('at', jsonb_build_object('unix', $6::bigint + g))))
     FROM generate_series(1, $4::int) AS g`,
    [t.companies.a, prefix, template, n, body, from],
  );
}

beforeAll(async () => {
  t = await startTestApp();
  token = await t.token('company');
  // more SMS contain "You" than the count's cap, and the templates hold more than 10 000 rows each on average
  await insertSms('a', TEMPLATES.none, 'Tomorrow: doors open at 11:00.', 20_000, 1_700_000_000);
  await insertSms('b', TEMPLATES.few, 'You won a drink.', 3, 1_700_100_000);
  await insertSms('c', TEMPLATES.many, 'Your verification code is 123456.', COUNT_CAP + 500, 1_700_200_000);
  await t.db.exec('ANALYZE communication_sms');
}, 120_000);
afterAll(() => t.close());

describe('a page of more text matches than the count can take, sorted by a key of the search index', () => {
  it('is read within each template in turn, with the rows and order of the matches sorted in SQL', async () => {
    const expected = async (order: 'asc' | 'desc', start: number, end: number) =>
      (await t.db.query<{ id: string }>(
        `SELECT id FROM communication_sms WHERE company_id = $1 AND doc #>> '{body}' ILIKE '%You%'
         ORDER BY template_ref_template_id ${order}, state_put_at_unix ${order}, id ${order} OFFSET $2 LIMIT $3`,
        [t.companies.a, start, end - start],
      )).map((row) => row.id);
    const read = vi.spyOn(RecordRepository.prototype, 'sortValuesAfter');
    for (const [order, start, end] of [['asc', 0, 25], ['asc', 2, 6], ['asc', 3, 40], ['desc', 0, 25], ['desc', 10_495, 10_505]] as const) {
      const response = await t.http
        .get('/api/company/model/communicationSms')
        .query({ q: 'You', _sort: 'templateRef.templateId', _order: order, _start: String(start), _end: String(end) })
        .set(bearer(token));
      expect(response.status).toBe(200);
      // counted up to the cap, or exactly to a page asked for beyond it
      expect(response.headers['x-total-count']).toBe(String(end <= COUNT_CAP ? COUNT_CAP : COUNT_CAP + 503));
      expect(response.body.map((sms: { _id: string }) => sms._id), `${order} ${start}-${end}`).toEqual(await expected(order, start, end));
    }
    expect(read).toHaveBeenCalled();
    read.mockRestore();
  });
});
