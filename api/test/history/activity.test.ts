import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@backoffice/resources';
import { RecordService } from '../../src/records/record.service';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { superActor } from './changeable-field';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;

async function activity(token: string, query: Record<string, string | number> = {}): Promise<ActivityEntry[]> {
  const response = await t.http.get('/api/company/activity').query(query).set(bearer(token));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe("the company's activity", () => {
  it('lists recent writes across models newest first, by name, with the record named, narrowed by person, model and door', async () => {
    const company = await t.token('company');
    const merchant = await t.http.post(url('merchant')).set(bearer(await t.token('merchant'))).send({ name: { full: 'Active bar' } });
    await t.http.patch(url('merchant', `/${merchant.body._id}`)).set(bearer(company)).send({ name: { full: 'Busy bar' } });
    await t.http.post(url('merchant', '/import')).set(bearer(company)).send({ import: { headers: ['name.full'], rows: [['Imported bar']] } });
    await t.app.get(RecordService).update('merchant', { ...superActor(t), door: 'bulk' }, merchant.body._id, { name: { description: 'By a bulk run' } });

    const [bulk, imported, patched, created] = await activity(company, { _end: 4 });
    expect([bulk.door, imported.door, patched.door, created.door]).toEqual(['bulk', 'import', 'patch', 'create']);
    expect(patched).toMatchObject({ model: 'merchant', recordId: merchant.body._id, action: 'update', actor: { userId: t.userIds.a.company, name: expect.stringMatching(/\S/) } });
    expect(patched.titles[merchant.body._id]).toBe('Busy bar');
    expect(patched.changes).toEqual([{ path: 'name.full', label: 'Name', old: 'Active bar', new: 'Busy bar' }]);

    expect((await activity(company, { actor: t.userIds.a.merchant, _end: 1 }))[0]._id).toBe(created._id);
    expect((await activity(company, { door: 'import' })).every((entry) => entry.door === 'import')).toBe(true);
    expect((await activity(company, { model: 'merchant' })).every((entry) => entry.model === 'merchant')).toBe(true);
    const page = await t.http.get('/api/company/activity').query({ _start: 1, _end: 2 }).set(bearer(company));
    expect(page.body.map((entry: ActivityEntry) => entry._id)).toEqual([imported._id]);
    expect(page.headers['x-total-count-lower-bound']).toBe('true');
  });

  it("shows company admins no model they may not read and no one else's personal views; others not at all", async () => {
    const company = await t.token('company');
    const superToken = await t.token('super');
    const token = await t.http.post(url('pushToken')).set(bearer(superToken)).send({ token: 'ExponentPushToken[activity]', userRef: { userId: t.userIds.a.user } });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    const personal = await t.http.post(url('savedView')).set(bearer(superToken)).send({ name: { full: 'Mine' }, model: 'merchant' });
    const own = await t.http.post(url('savedView')).set(bearer(company)).send({ name: { full: 'Ours' }, model: 'merchant' });
    const seen = (await activity(company, { _end: 100 })).map((entry) => entry.recordId);
    expect(seen).not.toContain(token.body._id);
    expect(seen).not.toContain(personal.body._id);
    expect(seen).toContain(own.body._id);
    expect((await activity(superToken, { model: 'pushToken' })).map((entry) => entry.recordId)).toContain(token.body._id);
    for (const role of ['merchant', 'finance', 'user'] as const) expect((await t.http.get('/api/company/activity').set(bearer(await t.token(role)))).status).toBe(403);
    expect((await t.http.get('/api/company/activity').query({ door: 'window' }).set(bearer(company))).status).toBe(400);
  });
});
