import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryEntry, KINDS, type ResourceDef, allResources, copyDoc, deletePath, effectiveRights, getPath, hiddenPaths, importFields, isAtOrUnder, mayAct, pathLabel, resolveField, setPath } from '@backoffice/resources';
import { quote, tableName } from '../../src/database/naming';
import { RecordService } from '../../src/records/record.service';
import { secretPaths } from '../../src/audit/audit-diff';
import { type ReferenceTargets, referenceTargetsThroughApi, sampleRecord, sampleReferences } from '../support/sample-record';
import { type Role, type TestApp, bearer, startTestApp } from '../support/test-app';
import { changeableText, editableSample, importableText, superActor, textValue } from './changeable-field';

// Generated from the registry: every model's history shows its create, patch, import, import/patch and domain
// writes, newest first, by the writer's name, field by field with labels, and never a field the reader may not read.
const ROLES: readonly Role[] = ['company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable'];
let t: TestApp;
let superToken: string;
let targets: ReferenceTargets;
const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;
const body = (fields: Record<string, unknown>) => {
  const doc: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(fields)) setPath(doc, path, value);
  return doc;
};

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.token('super');
  targets = await referenceTargetsThroughApi(t, superToken, sampleReferences(allResources()));
});
afterAll(() => t.close());

async function historyOf(model: string, id: string, token = superToken): Promise<HistoryEntry[]> {
  const response = await t.http.get(url(model, `/${id}/history`)).set(bearer(token));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(response.body.length);
  return response.body;
}

/** An import column of the model and a value for it: a text of its own, else the value of a sample. */
function importColumn(def: ResourceDef): { path: string; value: unknown } | null {
  const text = importableText(def);
  if (text) return { path: text, value: textValue(resolveField(def, text)!, 4) };
  const sample = sampleRecord(def, targets);
  const path = importFields(def).find(([inner, field]) => getPath(sample, inner) !== undefined && field.kind !== 'object' && field.kind !== 'list')?.[0];
  return path ? { path, value: getPath(sample, path) } : null;
}

const creatable = allResources().filter((def) => def.access.create !== false && changeableText(def));

describe.each(creatable.map((def) => [def.name, def] as const))('history of %s', (name, def) => {
  it('holds its create, patch, import/patch and domain writes, newest first, by name, field by field', async () => {
    const path = changeableText(def)!;
    const field = resolveField(def, path)!;
    const created = await t.http.post(url(name)).set(bearer(superToken)).send(editableSample(def, targets));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id;
    const patched = await t.http.patch(url(name, `/${id}`)).set(bearer(superToken)).send(body({ [path]: textValue(field, 1) }));
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const doors = ['patch', 'create'];
    let before = textValue(field, 1);
    const importPath = importableText(def);
    if (def.access.patch !== false && importPath) {
      const value = textValue(resolveField(def, importPath)!, 2);
      const imported = await t.http.post(url(name, '/import/patch')).set(bearer(superToken)).send({ import: { headers: ['_id', importPath], rows: [[id, value]] } });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      doors.unshift('import/patch');
      if (importPath === path) before = value;
    }
    await t.app.get(RecordService).update(name, superActor(t), id, body({ [path]: textValue(field, 3) }), { domain: true });
    doors.unshift('domain');

    const entries = await historyOf(name, id);
    expect(entries.map((entry) => entry.door)).toEqual(doors);
    expect(entries.map((entry) => entry.action)).toEqual([...doors.slice(0, -1).map(() => 'update'), 'create']);
    for (const entry of entries) expect(entry.actor).toEqual({ userId: t.userIds.a.super, name: expect.stringMatching(/\S/) });
    expect(entries[0].changes).toContainEqual({ path, label: pathLabel(def, path), old: before, new: textValue(field, 3) });
    const made = entries.at(-1)!.changes;
    expect(made.length).toBeGreaterThan(0);
    // what the audit log never holds as it is (a signing secret its readers see) shows redacted
    const shown = (changed: string) => (secretPaths(def).includes(changed) ? '[redacted]' : getPath(created.body, changed));
    for (const change of made) expect(change).toEqual({ path: change.path, label: pathLabel(def, change.path), old: null, new: shown(change.path) });
    const paged = await t.http.get(url(name, `/${id}/history`)).query({ _start: 1, _end: 2 }).set(bearer(superToken));
    expect(paged.body.map((entry: HistoryEntry) => entry._id)).toEqual([entries[1]._id]);
    expect(paged.headers['x-total-count']).toBe(String(entries.length));
  });

  it.runIf(def.access.import !== false && importColumn(def))('holds the create of an import', async () => {
    const { path, value } = importColumn(def)!;
    const sample = sampleRecord(def, targets);
    setPath(sample, path, value);
    // the fields an import must name are its columns; the rest of the sample is the base every row starts from
    const columns = importFields(def).filter(([inner, field, rule]) => inner === path || ((rule.required || field.required) && !rule.requiredButInBase));
    const base = copyDoc(sample);
    for (const [inner] of columns) deletePath(base, inner);
    const row = columns.map(([inner, field]) => KINDS[field.kind].toCsv(getPath(sample, inner), field));
    const imported = await t.http.post(url(name, '/import')).set(bearer(superToken)).send({ import: { headers: columns.map(([inner]) => inner), rows: [row], base } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [made] = await t.db.query<{ id: string }>(`SELECT id FROM ${quote(tableName(def))} WHERE company_id = $1 ORDER BY id DESC LIMIT 1`, [t.companies.a]);
    const entries = await historyOf(name, made.id);
    expect(entries.map((one) => [one.door, one.action])).toEqual([['import', 'create']]);
    expect(entries[0].changes.filter((change) => isAtOrUnder(change.path, path)).length).toBeGreaterThan(0);
  });

  it('shows each role that may read it no field its rights hide', async () => {
    const created = await t.http.post(url(name)).set(bearer(superToken)).send(editableSample(def, targets));
    const id = created.body._id;
    const superSees = (await historyOf(name, id))[0].changes.map((change) => change.path);
    for (const role of ROLES) {
      const rights = effectiveRights([role]);
      if (!mayAct(def, 'read', rights)) {
        expect((await t.http.get(url(name, `/${id}/history`)).set(bearer(await t.token(role)))).status).toBe(403);
        continue;
      }
      if (def.owner) {
        // a record of someone's own (a view the super admin saved): its past is its owner's alone
        expect((await t.http.get(url(name, `/${id}/history`)).set(bearer(await t.token(role)))).status).toBe(404);
        continue;
      }
      const hidden = hiddenPaths(def, rights);
      const seen = (await historyOf(name, id, await t.token(role)))[0].changes.map((change) => change.path);
      expect(seen.filter((path) => hidden.some((inner) => isAtOrUnder(path, inner)))).toEqual([]);
      expect(seen).toEqual(superSees.filter((path) => !hidden.some((inner) => isAtOrUnder(path, inner))));
    }
  });
});

describe('history of what the registry cannot make up', () => {
  it('never shows a password, and hides payment details from user admins', async () => {
    const token = await t.token('company');
    const created = await t.http.post(url('user')).set(bearer(token)).send({ email: { value: 'history-person@example.test' }, name: { first: 'Hilde' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id;
    const finance = await t.http.patch(url('user', `/${id}`)).set(bearer(token)).send({ pay: { iban: 'NL91ABNA0417164300' } });
    const password = await t.http.patch(url('user', `/${id}`)).set(bearer(token)).send({ security: { password: { value: 'A-long-enough-passw0rd!' } } });
    expect([finance.status, password.status]).toEqual([200, 200]);
    const asCompany = JSON.stringify(await historyOf('user', id, token));
    expect(asCompany).not.toMatch(/security|argon2|redacted/);
    expect(asCompany).toContain('NL91ABNA0417164300');
    const asUserAdmin = await historyOf('user', id, await t.token('user'));
    expect(JSON.stringify(asUserAdmin)).not.toMatch(/NL91ABNA0417164300|security|argon2|redacted/);
    expect(asUserAdmin.at(-1)!.changes).toContainEqual({ path: 'name.first', label: 'First name', old: null, new: 'Hilde' });
  });

  it("answers 404 for another company's record and for a record a third party's scope leaves out", async () => {
    const created = await t.http.post(url('merchant')).set(bearer(superToken)).send({ name: { full: 'Elsewhere' } });
    expect((await t.http.get(url('merchant', `/${created.body._id}/history`)).set(bearer(await t.token('super', 'b')))).status).toBe(404);
    expect((await t.http.get(url('merchant', '/0123456789abcdef01234567/history')).set(bearer(superToken))).status).toBe(404);
  });
});
