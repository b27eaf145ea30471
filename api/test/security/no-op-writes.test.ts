import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS, type ResourceDef, allResources, effectiveRights, findResource, getPath, importFields, mayAct } from '@backoffice/resources';
import { quote, tableName } from '../../src/database/naming';
import { type ReferenceTargets, referenceTargetsThroughApi, sampleRecord, sampleReferences } from '../support/sample-record';
import { type TestApp, bearer, startTestApp } from '../support/test-app';

// A write that changes nothing writes nothing: for every model that allows patch, a PATCH with the record's own
// values (as the API answered them), an empty PATCH, an import/patch row of its own values and an archive of an
// archived record answer as a write does, but change no row and add no audit entry.
let t: TestApp;
let superToken: string;
let targets: ReferenceTargets;
const SUPER = effectiveRights(['super']);
const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;
const audit = findResource('auditLog')!;
const auditRows = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(tableName(audit))}`))[0].n;
const stored = async (def: ResourceDef, id: string) => (await t.db.query<{ doc: Record<string, unknown> }>(`SELECT doc FROM ${quote(tableName(def))} WHERE id = $1`, [id]))[0]?.doc;
let cases = 0;

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.token('super');
  targets = await referenceTargetsThroughApi(t, superToken, sampleReferences(allResources()));
});
afterAll(async () => {
  console.log(`no-op cases: ${cases}`);
  await t.close();
});

/** A record of the model in company a: a sample made through the API, or one that is there already. */
async function recordOf(def: ResourceDef): Promise<string | undefined> {
  const created = await t.http.post(url(def.name)).set(bearer(superToken)).send(sampleRecord(def, targets));
  if (created.status === 201) return created.body._id;
  return (await t.db.query<{ id: string }>(`SELECT id FROM ${quote(tableName(def))} WHERE company_id = $1 LIMIT 1`, [t.companies.a]))[0]?.id;
}

/** Runs a write and expects it to answer `status`, leaving the stored record and the audit log as they were. */
async function changesNothing(def: ResourceDef, id: string, what: string, write: () => Promise<{ status: number; body: unknown }>, status = 200) {
  const [before, entries] = [await stored(def, id), await auditRows()];
  const response = await write();
  expect(response.status, `${def.name} ${what}: ${JSON.stringify(response.body)}`).toBe(status);
  expect(await stored(def, id), `${def.name} ${what} changed the row`).toEqual(before);
  expect((await auditRows()) - entries, `${def.name} ${what} wrote audit entries`).toBe(0);
  cases += 1;
  return response;
}

const patchable = allResources().filter((def) => mayAct(def, 'update', SUPER));

describe.each(patchable.map((def) => [def.name, def] as const))('a write of %s that changes nothing', (name, def) => {
  it('writes no row and no audit entry', async () => {
    const id = await recordOf(def);
    if (!id) return;
    const read = await t.http.get(url(name, `/${id}`)).set(bearer(superToken));
    expect(read.status).toBe(200);
    const own = await changesNothing(def, id, 'patch with its own values', () => t.http.patch(url(name, `/${id}`)).set(bearer(superToken)).send(read.body));
    expect(own.body).toEqual(read.body);
    await changesNothing(def, id, 'empty patch', () => t.http.patch(url(name, `/${id}`)).set(bearer(superToken)).send({}));

    const doc = (await stored(def, id))!;
    const columns = importFields(def).filter(([path]) => getPath(doc, path) !== undefined && getPath(doc, path) !== null);
    if (mayAct(def, 'patch', SUPER) && columns.length > 0) {
      const row = [id, ...columns.map(([path, field]) => KINDS[field.kind].toCsv(getPath(doc, path), field))];
      await changesNothing(def, id, 'import/patch of its own values', () =>
        t.http.post(url(name, '/import/patch')).set(bearer(superToken)).send({ import: { headers: ['_id', ...columns.map(([path]) => path)], rows: [row] } }),
      );
    }

    if (def.archivable && mayAct(def, 'archive', SUPER)) {
      expect((await t.http.post(url(name, `/${id}/archive`)).set(bearer(superToken))).status).toBe(200);
      await changesNothing(def, id, 'archive of an archived record', () => t.http.post(url(name, `/${id}/archive`)).set(bearer(superToken)));
      expect((await t.http.post(url(name, `/${id}/unarchive`)).set(bearer(superToken))).status).toBe(200);
      await changesNothing(def, id, 'unarchive of an active record', () => t.http.post(url(name, `/${id}/unarchive`)).set(bearer(superToken)));
    }
  });
});

describe('a write that changes something', () => {
  it('still writes its row and one audit entry', async () => {
    const location = findResource('location')!;
    const id = (await recordOf(location))!;
    const entries = await auditRows();
    const renamed = await t.http.patch(url('location', `/${id}`)).set(bearer(superToken)).send({ name: { full: 'Renamed location' } });
    expect(renamed.status).toBe(200);
    expect(getPath(await stored(location, id), 'name.full')).toBe('Renamed location');
    expect((await auditRows()) - entries).toBe(1);
  });
});
