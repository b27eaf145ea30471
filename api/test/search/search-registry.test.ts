import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ResourceDef, type SearchAnswer, allResources, canWriteField, effectiveRights, findResource, resolveField, setPath } from '@backoffice/resources';
import { hashPassword } from '../../src/auth/passwords';
import { newId } from '../../src/common/object-id';
import { bulkInsert } from '../../src/database/bulk-insert';
import { staffDoc } from '../../src/demo/staff';
import { type ReferenceTargets, referenceTargetsThroughApi, sampleRecord, sampleReferences } from '../support/sample-record';
import { type Role, type TestApp, bearer, startTestApp } from '../support/test-app';

// Generated from the registry: a record of every searched model holds the same rare text; the search across
// everything answers each role with exactly what that role's own list searches answer, and nothing of another company.
const ROLES: readonly Role[] = ['super', 'company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable'];
let t: TestApp;
let targets: ReferenceTargets;
const token = `Qzx${randomBytes(3).toString('hex')}`;
const SUPER = effectiveRights(['super']);

/** The first searched text field super admins write freely: where the test puts the rare text. */
const searchedText = (def: ResourceDef) =>
  def.list.searchable.find((path) => {
    const field = resolveField(def, path);
    return field?.kind === 'text' && canWriteField(field, SUPER) && !field.pattern && !field.format && (field.max ?? 100) >= 20;
  });
const searched = allResources().filter((def) => def.scope === 'company' && def.screens && searchedText(def) && def.access.create !== false);

async function search(as: string, q = token): Promise<SearchAnswer> {
  const response = await t.http.get('/api/company/search').query({ q }).set(bearer(as));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

beforeAll(async () => {
  t = await startTestApp();
  const superToken = await t.token('super');
  targets = await referenceTargetsThroughApi(t, superToken, sampleReferences(allResources()));
  for (const company of ['a', 'b'] as const) {
    for (const def of searched) {
      const sample = sampleRecord(def, company === 'a' ? targets : new Map());
      setPath(sample, searchedText(def)!, `Found ${token} ${company}`);
      const made = await t.http.post(`/api/company/model/${def.name}`).set(bearer(await t.token('super', company))).send(sample);
      if (company === 'a') expect(made.status, `${def.name}: ${JSON.stringify(made.body)}`).toBe(201);
    }
  }
}, 120_000);
afterAll(() => t.close());

describe('the search across everything', () => {
  it('covers the models it searches', () => {
    expect(searched.map((def) => def.name)).toEqual(expect.arrayContaining(['user', 'merchant', 'product', 'location', 'event', 'template']));
  });

  it.each(ROLES)('answers %s with what its own list searches answer, model by model', async (role) => {
    const as = await t.token(role);
    const answer = await search(as);
    const expected: Record<string, string[]> = {};
    for (const def of allResources()) {
      const listed = await t.http.get(`/api/company/model/${def.name}`).query({ q: token, _end: 5 }).set(bearer(as));
      if (listed.status === 200 && listed.body.length > 0 && def.screens) expected[def.name] = listed.body.map((record: { _id: string }) => record._id).sort();
    }
    const got = Object.fromEntries(answer.groups.map((group) => [group.model, group.records.map((record) => record._id).sort()]));
    expect(got).toEqual(expected);
    for (const group of answer.groups) for (const record of group.records) expect(record.title).toMatch(new RegExp(`${token} a|^[0-9a-f]{24}$`));
  });

  it("answers a third party only the records their access names, and never another company's", async () => {
    const superToken = await t.token('super');
    const merchants = (await t.http.get('/api/company/model/merchant').query({ q: token }).set(bearer(superToken))).body;
    const extra = await t.http.post('/api/company/model/merchant').set(bearer(superToken)).send({ name: { full: `Other ${token}` } });
    expect(extra.status).toBe(201);
    const doc = staffDoc(`searcher-${token.toLowerCase()}@third.test`, 'Sam', 'Searcher', await hashPassword('searcher-password'), ['third-party']);
    doc.accessRef = [{ accessModel: 'merchant', accessScope: 'view', accessId: merchants[0]._id }];
    await bulkInsert(t.db, findResource('user')!, [{ id: newId(), companyId: t.companies.a, doc }]);
    const login = await t.http.post('/api/auth/login').send({ email: `searcher-${token.toLowerCase()}@third.test`, password: 'searcher-password' });
    const answer = await search(login.body.token);
    expect(answer.groups).toEqual([{ model: 'merchant', label: 'Merchants', records: [{ _id: merchants[0]._id, title: `Found ${token} a`, archived: false }] }]);
    expect((await search(await t.token('super', 'b'), `${token} a`)).groups).toEqual([]);
    expect((await search(await t.token('super', 'b'), `${token} b`)).groups.length).toBeGreaterThan(0);
  });

  it('refuses a search the trigram indexes cannot narrow', async () => {
    const answer = await t.http.get('/api/company/search').query({ q: 'ab' }).set(bearer(await t.token('company')));
    expect(answer.status).toBe(400);
  });
});
