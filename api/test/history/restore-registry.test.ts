import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryEntry, type ResourceDef, allResources, effectiveRights, getPath, mayAct, resolveField, setPath } from '@backoffice/resources';
import { type ReferenceTargets, referenceTargetsThroughApi, sampleReferences } from '../support/sample-record';
import { type Role, type TestApp, bearer, startTestApp } from '../support/test-app';
import { changeableText, editableSample, textValue } from './changeable-field';

// Generated from the registry: a restore puts a record back as it was after an entry of its history, as one more
// write through the pipeline (door 'restore'), for those who may change the record; models of money never.
const ROLES: readonly Role[] = ['company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable'];
let t: TestApp;
let superToken: string;
let targets: ReferenceTargets;
const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;
const restoreUrl = (model: string, id: string, entryId: string) => url(model, `/${id}/history/${entryId}/restore`);

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.token('super');
  targets = await referenceTargetsThroughApi(t, superToken, sampleReferences(allResources()));
});
afterAll(() => t.close());

/** A record made by super admins and its text changed twice: its history, newest first. */
async function twiceChanged(def: ResourceDef, path: string): Promise<{ id: string; created: Record<string, unknown>; entries: HistoryEntry[] }> {
  const created = await t.http.post(url(def.name)).set(bearer(superToken)).send(editableSample(def, targets));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (const n of [1, 2]) {
    const body = {};
    setPath(body, path, textValue(resolveField(def, path)!, n));
    expect((await t.http.patch(url(def.name, `/${created.body._id}`)).set(bearer(superToken)).send(body)).status).toBe(200);
  }
  const entries = (await t.http.get(url(def.name, `/${created.body._id}/history`)).set(bearer(superToken))).body;
  return { id: created.body._id, created: created.body, entries };
}

const changeable = allResources().filter((def) => def.access.create !== false && def.access.update !== false && changeableText(def));

describe.each(changeable.map((def) => [def.name, def] as const))('restore of %s', (name, def) => {
  const path = changeableText(def)!;
  const field = resolveField(def, path)!;

  it.runIf(def.restorable !== false)('puts the record back as it was after an entry, through the pipeline, door restore', async () => {
    const { id, created, entries } = await twiceChanged(def, path);
    expect(entries.map((entry) => entry.door)).toEqual(['patch', 'patch', 'create']);
    const restored = await t.http.post(restoreUrl(name, id, entries[1]._id)).set(bearer(superToken));
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(getPath(restored.body.record, path)).toBe(textValue(field, 1));
    expect(restored.headers.etag).toBe((await t.http.get(url(name, `/${id}`)).set(bearer(superToken))).headers.etag);
    const [newest] = (await t.http.get(url(name, `/${id}/history`)).set(bearer(superToken))).body as HistoryEntry[];
    expect([newest.door, newest.action]).toEqual(['restore', 'update']);
    expect(newest.changes).toContainEqual(expect.objectContaining({ path, old: textValue(field, 2), new: textValue(field, 1) }));

    const first = await t.http.post(restoreUrl(name, id, entries[2]._id)).set(bearer(superToken));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(getPath(first.body.record, path) ?? null).toEqual(getPath(created, path) ?? null);
  });

  it.runIf(def.restorable !== false)('refuses a stale If-Match, an entry of another record, and those who may not change it', async () => {
    const { id, entries } = await twiceChanged(def, path);
    expect((await t.http.post(restoreUrl(name, id, entries[1]._id)).set(bearer(superToken)).set('If-Match', 'W/"stale"')).status).toBe(412);
    const other = await twiceChanged(def, path);
    expect((await t.http.post(restoreUrl(name, id, other.entries[1]._id)).set(bearer(superToken))).status).toBe(404);
    for (const role of ROLES) {
      const rights = effectiveRights([role]);
      if (mayAct(def, 'update', rights)) continue;
      const refused = await t.http.post(restoreUrl(name, id, entries[1]._id)).set(bearer(await t.token(role)));
      expect(refused.status, `${role}: ${JSON.stringify(refused.body)}`).toBe(403);
    }
    expect(getPath((await t.http.get(url(name, `/${id}`)).set(bearer(superToken))).body, path)).toBe(textValue(field, 2));
  });

  it.runIf(def.restorable === false)('is never restored: its money changes only through its own actions', async () => {
    const { id, entries } = await twiceChanged(def, path);
    const refused = await t.http.post(restoreUrl(name, id, entries[1]._id)).set(bearer(superToken));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/never restored/);
    expect(getPath((await t.http.get(url(name, `/${id}`)).set(bearer(superToken))).body, path)).toBe(textValue(field, 2));
  });
});

describe('restore by the rules of the restorer', () => {
  it('leaves the fields the restorer may read but not write as they are, and names them', async () => {
    const company = await t.token('company');
    const created = await t.http.post(url('user')).set(bearer(company)).send({ email: { value: 'restore-person@example.test' }, name: { first: 'Rita' } });
    const id = created.body._id;
    const [start] = (await t.http.get(url('user', `/${id}/history`)).set(bearer(company))).body;
    const changed = await t.http.patch(url('user', `/${id}`)).set(bearer(company)).send({ name: { first: 'Rina' }, accessRef: [{ accessModel: 'merchant', accessScope: 'view' }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const restored = await t.http.post(restoreUrl('user', id, start._id)).set(bearer(await t.token('user')));
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.record.name.first).toBe('Rita');
    expect(restored.body.record.accessRef).toEqual([{ accessModel: 'merchant', accessScope: 'view' }]);
    expect(restored.body.unrestored).toEqual([{ path: 'accessRef', label: 'Third-party access' }]);
  });

  it('holds who may act on whom: a user admin restores no admin', async () => {
    const company = await t.token('company');
    const adminId = t.userIds.a.merchant;
    for (const first of ['Renamed', 'Renamed again']) expect((await t.http.patch(url('user', `/${adminId}`)).set(bearer(company)).send({ name: { first } })).status).toBe(200);
    const [, entry] = (await t.http.get(url('user', `/${adminId}/history`)).set(bearer(company))).body as HistoryEntry[];
    const refused = await t.http.post(restoreUrl('user', adminId, entry._id)).set(bearer(await t.token('user')));
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
  });
});
