import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FieldDef,
  KINDS,
  type ResourceDef,
  allResources,
  canWriteField,
  effectiveRights,
  fieldsByPath,
  getPath,
  importFields,
  mayAct,
  setPath,
} from '@backoffice/resources';
import { quote, tableName } from '../../src/database/naming';
import { type ReferenceTargets, referenceTargetsThroughApi, sampleRecord, sampleReferences, sampleValue } from '../support/sample-record';
import { type Role, type TestApp, bearer, startTestApp } from '../support/test-app';

// Generated from the registry: every protected field of every model, tried by every demo role through every
// way in, and every person holding more rights acted on by every role that lacks one of them. Each case
// expects a refusal (4xx, never 5xx) and the stored record unchanged.
const ROLES: readonly Role[] = ['company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable'];
let t: TestApp;
let superToken: string;
let targets: ReferenceTargets;
const counts = new Map<string, number>();
const counted = (kind: string) => counts.set(kind, (counts.get(kind) ?? 0) + 1);
const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;
const stored = async (def: ResourceDef, id: string) => (await t.db.query<{ doc: Record<string, unknown> }>(`SELECT doc FROM ${quote(tableName(def))} WHERE id = $1`, [id]))[0]?.doc;
const rows = async (def: ResourceDef) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${quote(tableName(def))}`))[0].n;

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.token('super');
  targets = await referenceTargetsThroughApi(t, superToken, sampleReferences(allResources()));
});
afterAll(async () => {
  console.log(`rights cases: ${[...counts].map(([kind, n]) => `${kind} ${n}`).join(', ')}; total ${[...counts.values()].reduce((a, b) => a + b, 0)}`);
  await t.close();
});

/** A valid value for a protected field that differs from what the record holds. */
function attempt(field: FieldDef, current: unknown): unknown {
  const candidates =
    field.kind === 'unixTime' ? [1_000_000_000]
    : field.kind === 'list' && field.itemKind === 'enum' ? (field.choices ?? []).map((choice) => [choice])
    : [field.kind === 'list' && field.fields ? [] : sampleValue(field, targets)];
  return candidates.find((value) => JSON.stringify(value) !== JSON.stringify(current));
}

const writable = allResources().filter((def) => def.access.update !== false || def.access.create !== false);

describe.each(writable.map((def) => [def.name, def] as const))('protected fields of %s', (name, def) => {
  it('refuses every protected field to every role that may not write it, on every write path', async () => {
    const seed = await t.http.post(url(name)).set(bearer(superToken)).send(sampleRecord(def, targets));
    const id: string | undefined = seed.status === 201 ? seed.body._id : (await t.db.query<{ id: string }>(`SELECT id FROM ${quote(tableName(def))} WHERE company_id = $1 LIMIT 1`, [t.companies.a]))[0]?.id;
    if (!id) return;
    for (const role of ROLES) {
      const rights = effectiveRights([role]);
      const token = await t.token(role);
      for (const [path, field] of fieldsByPath(def)) {
        // the server moves meta.updatedAt on every write it accepts
        if (canWriteField(field, rights) || field.kind === 'object' || path === 'meta.updatedAt') continue;
        const before = await stored(def, id);
        const value = attempt(field, getPath(before, path));
        if (value === undefined) continue;
        const body: Record<string, unknown> = {};
        setPath(body, path, value);
        const count = await rows(def);

        // read-only fields are set by the server: a client may send back what it read, and they are dropped
        const refusal = field.readOnly ? [200, 201, 400, 403, 404, 409] : [400, 403, 404, 409];
        const created = await t.http.post(url(name)).set(bearer(token)).send({ ...sampleRecord(def, targets), ...body });
        expect(refusal, `${role} create ${name}.${path}: ${JSON.stringify(created.body)}`).toContain(created.status);
        if (created.status === 201) {
          expect(JSON.stringify(getPath(await stored(def, created.body._id), path)), `${role} created ${name}.${path}`).not.toBe(JSON.stringify(value));
          await t.db.query(`DELETE FROM ${quote(tableName(def))} WHERE id = $1`, [created.body._id]);
        }
        counted('create');
        const patched = await t.http.patch(url(name, `/${id}`)).set(bearer(token)).send(body);
        expect(refusal, `${role} patch ${name}.${path}`).toContain(patched.status);
        counted('patch');
        // validate-only runs the same pipeline and writes nothing, so read-only fields may pass
        const imported = await t.http.post(url(name, '/import')).query({ 'validate-only': 'true' }).set(bearer(token)).send({ import: importOf(def, body) });
        expect(field.readOnly ? [200, ...refusal, 422] : [...refusal, 422], `${role} import base ${name}.${path}: ${JSON.stringify(imported.body)}`).toContain(imported.status);
        counted('import');
        const csv = KINDS[field.kind].toCsv(value, field);
        const patchImport = await t.http.post(url(name, '/import/patch')).set(bearer(token)).send({ import: { headers: ['_id', path], rows: [[id, csv]] } });
        expect(patchImport.status, `${role} import/patch ${name}.${path}`).toBeLessThan(500);
        counted('import/patch');

        expect(getPath(await stored(def, id), path), `${role} changed ${name}.${path}`).toEqual(getPath(before, path));
        expect(await rows(def), `${role} added a ${name}`).toBe(count);
      }
      if (mayAct(def, 'create', rights) && def.duplicate !== false) {
        const copy = await t.http.post(url(name, `/${id}/duplicate`)).set(bearer(token));
        expect(copy.status).toBeLessThan(500);
        counted('duplicate');
        if (copy.status === 201) {
          const original = (await stored(def, id))!;
          const copied = (await stored(def, copy.body._id))!;
          for (const [path, field] of fieldsByPath(def)) {
            if (canWriteField(field, rights) || field.readOnly || field.kind === 'object' || getPath(original, path) === undefined) continue;
            expect(JSON.stringify(getPath(copied, path) ?? field.default ?? null), `${role} copied ${name}.${path}`).toBe(JSON.stringify(field.default ?? null));
          }
        }
      } else if (def.duplicate === false || !mayAct(def, 'create', rights)) {
        const count = await rows(def);
        const copy = await t.http.post(url(name, `/${id}/duplicate`)).set(bearer(token));
        expect([400, 403, 404]).toContain(copy.status);
        expect(await rows(def)).toBe(count);
        counted('duplicate');
      }
    }
  }, 300_000);
});

/** An import of one sample row with `base`: every required import column filled from a sample record. */
function importOf(def: ResourceDef, base: Record<string, unknown>) {
  const sample = sampleRecord(def, targets);
  const columns = importFields(def).filter(([path, field, rule]) => rule.required || field.required || getPath(sample, path) !== undefined);
  return { headers: columns.map(([path]) => path), rows: [columns.map(([path, field]) => KINDS[field.kind].toCsv(getPath(sample, path), field))], base };
}

describe('acting on people who hold more rights', () => {
  const STAFF: readonly Role[] = ['super', ...ROLES];
  const user = allResources().find((def) => def.name === 'user')!;

  it.each(ROLES)('%s cannot change the credentials, rights or account of anyone holding a right they lack', async (role) => {
    const rights = effectiveRights([role]);
    const token = await t.token(role);
    for (const targetRole of STAFF) {
      const held = effectiveRights([targetRole]);
      const lacking = [...held].some((right) => right !== 'financeNonRefundable' && !rights.has(right));
      if (!lacking) continue;
      const id = t.userIds.a[targetRole];
      const before = await stored(user, id);
      const count = await rows(user);
      const tries = [
        t.http.patch(url('user', `/${id}`)).set(bearer(token)).send({ email: { value: `taken-${role}@evil.test` } }),
        t.http.patch(url('user', `/${id}`)).set(bearer(token)).send({ security: { password: { value: 'taken over 123' } } }),
        t.http.patch(url('user', `/${id}`)).set(bearer(token)).send({ _projectSpecific: { rights: ['third-party'] } }),
        t.http.patch(url('user', `/${id}`)).set(bearer(token)).send({ accessRef: [{ accessModel: 'page', accessScope: 'view' }] }),
        t.http.post(url('user', `/${id}/archive`)).set(bearer(token)),
        t.http.delete(url('user', `/${id}`)).set(bearer(token)),
        t.http.post(url('user', `/${id}/duplicate`)).set(bearer(token)),
        t.http.post(url('user', '/import/patch')).set(bearer(token)).send({ import: { headers: ['_id', 'email.value'], rows: [[id, `taken-${role}@evil.test`]] } }),
      ];
      for (const response of await Promise.all(tries.map((request) => request))) {
        expect([400, 403, 404, 422], `${role} on ${targetRole}: ${JSON.stringify(response.body)}`).toContain(response.status);
        counted('act on person');
      }
      expect(await stored(user, id), `${role} changed ${targetRole}`).toEqual(before);
      expect(await rows(user)).toBe(count);
    }
  });

  const people = allResources().filter((def) => def.holdsRights);

  it.each(ROLES)('%s cannot change any field of anyone holding a right they lack, by patch or import/patch', async (role) => {
    const rights = effectiveRights([role]);
    const token = await t.token(role);
    for (const def of people) {
      for (const targetRole of STAFF) {
        const held = effectiveRights([targetRole]);
        if (![...held].some((right) => right !== 'financeNonRefundable' && !rights.has(right))) continue;
        const id = t.userIds.a[targetRole];
        const before = await stored(def, id);
        for (const [path, field] of fieldsByPath(def)) {
          // fields the role may not write at all are refused whoever holds them (above)
          if (!canWriteField(field, rights) || field.readOnly || field.kind === 'object') continue;
          const value = attempt(field, getPath(before, path));
          if (value === undefined) continue;
          const body: Record<string, unknown> = {};
          setPath(body, path, value);
          const patched = await t.http.patch(url(def.name, `/${id}`)).set(bearer(token)).send(body);
          expect(patched.status, `${role} on ${targetRole}'s ${path}: ${JSON.stringify(patched.body)}`).toBe(403);
          counted('every field of a person');
          if (field.import) {
            const imported = await t.http.post(url(def.name, '/import/patch')).set(bearer(token)).send({ import: { headers: ['_id', path], rows: [[id, KINDS[field.kind].toCsv(value, field)]] } });
            expect([403, 422], `${role} imports ${targetRole}'s ${path}: ${JSON.stringify(imported.body)}`).toContain(imported.status);
            counted('every field of a person');
          }
        }
        expect(await stored(def, id), `${role} changed ${targetRole}`).toEqual(before);
      }
    }
  });

  it.each(ROLES.filter((role) => role !== 'company'))('%s cannot start bulk runs', async (role) => {
    const response = await t.http.post('/api/company/finance/bulk').set(bearer(await t.token(role))).send({ action: 'sync', paymentIds: [] });
    expect(response.status).toBe(403);
    counted('bulk');
  });
});
