import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESOURCES, fieldsWith, findResource } from '@backoffice/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/common/object-id';
import { bulkInsert } from '../src/database/bulk-insert';
import { migrationsDir } from '../src/database/migrations';
import { type TestApp, bearer, startTestApp } from './support/test-app';

/**
 * Fields the definitions derive (`derive`) hold on every way a record is written: create, patch, import and
 * import/patch, through the one write pipeline; and the migration fills what was stored without them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const read = async (id: string) => (await t.http.get(`/api/company/model/user/${id}`).set(bearer(await t.token('super')))).body;
const rowOf = (headers: string[], values: Record<string, string>) => headers.map((header) => values[header] ?? '');

describe('derived fields', () => {
  it('are declared only where the registry has them (a new model gets the rule by declaring it)', () => {
    const derived = RESOURCES.flatMap((def) => fieldsWith(def, (field) => field.derive !== undefined).map(([path]) => `${def.name}.${path}`));
    expect(derived.sort()).toEqual(['communicationMail.recipients', 'communicationSms.recipients', 'user.birthday.unix', 'user.email.anonymous', 'user.name.full']);
  });

  it('hold on create, patch, import and import/patch', async () => {
    const token = await t.token('company');
    const suffix = newId().slice(-6);
    const expected = { name: { full: 'Ada Lovelace' }, birthday: { unix: Date.UTC(1990, 4, 6) / 1000 }, email: { anonymous: false } };

    const created = await t.http.post('/api/company/model/user').set(bearer(token)).send({ name: { first: 'Ada', last: 'Lovelace' }, email: { value: `ada-${suffix}@example.test` }, birthday: { date: '1990-05-06' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject(expected);

    const patched = await t.http.patch(`/api/company/model/user/${created.body._id}`).set(bearer(token)).send({ name: { last: 'King' }, email: { value: `card-${suffix}@anonymous.cashless.test` }, birthday: { date: '' } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ name: { full: 'Ada King' }, email: { anonymous: true }, birthday: { unix: null } });

    const headers = ['name.first', 'name.last', 'email.value', 'birthday.date'];
    const imported = await t.http.post('/api/company/model/user/import').set(bearer(token)).send({ import: { headers, rows: [rowOf(headers, { 'name.first': 'Grace', 'name.last': 'Hopper', 'email.value': `grace-${suffix}@example.test`, 'birthday.date': '1990-05-06' })] } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [grace] = (await t.db.query<{ id: string }>('SELECT id FROM "user" WHERE email_value = $1', [`grace-${suffix}@example.test`]));
    expect(await read(grace.id)).toMatchObject({ name: { full: 'Grace Hopper' }, birthday: { unix: Date.UTC(1990, 4, 6) / 1000 }, email: { anonymous: false } });

    const patchHeaders = ['_id', 'name.first'];
    const importPatched = await t.http.post('/api/company/model/user/import/patch').set(bearer(await t.token('super'))).send({ import: { headers: patchHeaders, rows: [[grace.id, 'Admiral']] } });
    expect(importPatched.status, JSON.stringify(importPatched.body)).toBe(200);
    expect((await read(grace.id)).name.full).toBe('Admiral Hopper');
    // found by the last name they were given
    const found = await t.http.get('/api/company/model/user').query({ q: 'Hopper' }).set(bearer(token));
    expect(found.body.map((user: { _id: string }) => user._id)).toContain(grace.id);
  });

  it('let the mail log be searched by its recipients’ names and addresses', async () => {
    const token = await t.token('company');
    const preview = await t.http.post('/api/company/template/send-preview').set(bearer(token)).send({ template: { format: 'communication-mail-text-plain', subject: { en: 'Hello' }, content: { en: 'Hi' } } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const local = t.emailOf('company').split('@')[0];
    const found = await t.http.get('/api/company/model/communicationMail').query({ q: local }).set(bearer(token));
    expect(found.body.map((mail: { _id: string }) => mail._id)).toContain(preview.body.outcome.recordId);
    expect(found.body[0].recipients).toContain(t.emailOf('company'));
  });

  it('keeps a full name given without first or last names', async () => {
    const created = await t.http.post('/api/company/model/user').set(bearer(await t.token('company'))).send({ name: { full: 'Only Full' }, email: { value: `only-${newId().slice(-6)}@example.test` } });
    expect(created.body.name).toEqual({ full: 'Only Full' });
  });

  it('are filled by the migration where they were stored without them', async () => {
    const id = newId();
    await bulkInsert(t.db, findResource('user')!, [{ id, companyId: t.companies.a, doc: { name: { first: ' Mary ', last: 'Shelley' }, email: { value: `mary-${id}@example.test`, anonymous: false } } }]);
    const migration = readFileSync(join(migrationsDir(), '0037_user_full_names.sql'), 'utf8');
    await t.db.exec(migration);
    const [row] = await t.db.query<{ full: string }>(`SELECT doc #>> '{name,full}' AS full FROM "user" WHERE id = $1`, [id]);
    expect(row.full).toBe('Mary Shelley');
  });
});
