import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allResources, effectiveRights, getPath, mayAct, validateRecord, type Action, type Right } from '@backoffice/resources';
import { type TestApp, bearer, startTestApp } from './support/test-app';
import { type ReferenceTargets, referenceTargetsThroughApi, sampleRecord, sampleReferences } from './support/sample-record';

let t: TestApp;
let superToken: string;
let targets: ReferenceTargets;
const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;
beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.token('super');
  targets = await referenceTargetsThroughApi(t, superToken, sampleReferences(allResources()));
});
afterAll(() => t.close());

const creatable = allResources().filter((def) => def.access.create !== false);

describe.each(creatable.map((def) => [def.name, def] as const))('CRUD round trip of %s', (name, def) => {
  it('creates, reads, lists, patches, archives, duplicates and deletes', async () => {
    const sample = sampleRecord(def, targets);
    expect(validateRecord(def, sample)).toEqual([]);
    const created = await t.http.post(url(name)).set(bearer(superToken)).send(sample);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id;
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.body.id).toBe(id);
    expect(Math.abs(parseInt(id.slice(0, 8), 16) - Date.now() / 1000)).toBeLessThan(60);

    const read = await t.http.get(url(name, `/${id}`)).set(bearer(superToken));
    expect(read.status).toBe(200);
    expect(getPath(read.body, def.titlePath)).toEqual(getPath(sample, def.titlePath));

    const listed = await t.http.get(url(name)).query({ id }).set(bearer(superToken));
    expect(listed.status).toBe(200);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.body.map((record: { _id: string }) => record._id)).toEqual([id]);

    if (def.archivable) {
      const archived = await t.http.post(url(name, `/${id}/archive`)).set(bearer(superToken));
      expect(archived.status).toBe(200);
      expect(archived.body.meta.archived).toBe(true);
      const unarchived = await t.http.post(url(name, `/${id}/unarchive`)).set(bearer(superToken));
      expect(unarchived.body.meta.archived).toBe(false);
    }

    const copy = await t.http.post(url(name, `/${id}/duplicate`)).set(bearer(superToken));
    if (name === 'user') {
      // a copy of a person has their email, which another active user of the company may not have
      expect(copy.status).toBe(409);
    } else {
      expect(copy.status).toBe(201);
      expect(copy.body._id).not.toBe(id);
    }

    const removed = await t.http.delete(url(name, `/${id}`)).set(bearer(superToken));
    expect(removed.status).toBe(200);
    expect((await t.http.get(url(name, `/${id}`)).set(bearer(superToken))).status).toBe(404);
  });

  it("answers 404 for another company's record, whatever the verb", async () => {
    const created = await t.http.post(url(name)).set(bearer(superToken)).send(sampleRecord(def, targets));
    const id = created.body._id;
    const other = await t.token('super', 'b');
    const attempts = [
      t.http.get(url(name, `/${id}`)),
      t.http.patch(url(name, `/${id}`)).send({}),
      t.http.delete(url(name, `/${id}`)),
      t.http.post(url(name, `/${id}/duplicate`)),
      ...(def.archivable ? [t.http.post(url(name, `/${id}/archive`)), t.http.post(url(name, `/${id}/unarchive`))] : []),
    ];
    for (const attempt of attempts) expect((await attempt.set(bearer(other))).status).toBe(404);
    const list = await t.http.get(url(name)).query({ id }).set(bearer(other));
    expect(list.body).toEqual([]);
    expect((await t.http.get(url(name, `/${id}`)).set(bearer(superToken))).status).toBe(200);
  });
});

const ROLES: Right[] = ['company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable'];

describe('role refusals from the definitions', () => {
  it.each(allResources().map((def) => [def.name, def] as const))('%s refuses the rights it does not list (403)', async (name, def) => {
    const created = def.access.create !== false ? await t.http.post(url(name)).set(bearer(superToken)).send(sampleRecord(def, targets)) : null;
    const id = created?.body._id ?? '0123456789abcdef01234567';
    for (const role of ROLES) {
      const token = await t.token(role as never);
      const may = (action: Action) => mayAct(def, action, effectiveRights([role]));
      const expectRefused = async (action: Action, call: () => Promise<{ status: number }>) => {
        if (may(action)) return;
        const { status } = await call();
        expect(status, `${role} ${action} ${name}`).toBe(403);
      };
      await expectRefused('read', () => t.http.get(url(name)).set(bearer(token)));
      await expectRefused('create', () => t.http.post(url(name)).set(bearer(token)).send(sampleRecord(def, targets)));
      await expectRefused('update', () => t.http.patch(url(name, `/${id}`)).set(bearer(token)).send({}));
      await expectRefused('delete', () => t.http.delete(url(name, `/${id}`)).set(bearer(token)));
      if (def.archivable) await expectRefused('archive', () => t.http.post(url(name, `/${id}/archive`)).set(bearer(token)));
    }
    if (created) expect((await t.http.get(url(name, `/${id}`)).set(bearer(superToken))).status).toBe(200);
  });
});
