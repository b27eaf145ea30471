import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { hashPassword, verifyPassword } from '../src/auth/passwords';
import { newId } from '../src/common/object-id';
import { bulkInsert } from '../src/database/bulk-insert';
import { staffDoc } from '../src/demo/staff';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;
const location = (name: string) => ({ name: { full: name }, url: name.toLowerCase().replace(/\W/g, '-') });

describe('third-party users', () => {
  it('read only the items their access entries name, and nothing of other models', async () => {
    const admin = await t.token('event');
    const seen = (await t.http.post(url('location')).set(bearer(admin)).send(location('Main stage'))).body._id;
    const hidden = (await t.http.post(url('location')).set(bearer(admin)).send(location('Backstage'))).body._id;
    const doc = staffDoc('partner@third.test', 'Pat', 'Partner', await hashPassword('partner-password'), ['third-party']);
    doc.accessRef = [{ accessModel: 'location', accessScope: 'view', accessId: seen }];
    await bulkInsert(t.db, findResource('user')!, [{ id: newId(), companyId: t.companies.a, doc }]);
    const login = await t.http.post('/api/auth/login').send({ email: 'partner@third.test', password: 'partner-password' });
    const token = login.body.token;

    const listed = await t.http.get(url('location')).set(bearer(token));
    expect(listed.status).toBe(200);
    expect(listed.body.map((record: { _id: string }) => record._id)).toEqual([seen]);
    expect((await t.http.get(url('location', `/${hidden}`)).set(bearer(token))).status).toBe(404);
    expect((await t.http.patch(url('location', `/${seen}`)).set(bearer(token)).send({ city: 'Utrecht' })).status).toBe(403);
    expect((await t.http.post(url('location')).set(bearer(token)).send(location('Mine'))).status).toBe(403);
    expect((await t.http.get(url('merchant')).set(bearer(token))).status).toBe(403);
  });
});

describe('super admin right', () => {
  it('can be granted by super admins only', async () => {
    const target = t.userIds.a.event;
    const grant = { _projectSpecific: { rights: ['super'] } };
    const refused = await t.http.patch(url('user', `/${target}`)).set(bearer(await t.token('company'))).send(grant);
    expect(refused.status).toBe(403);
    const thirdParty = await t.http.patch(url('user', `/${target}`)).set(bearer(await t.token('company'))).send({ _projectSpecific: { rights: ['third-party'] } });
    expect(thirdParty.status).toBe(200);
    const granted = await t.http.patch(url('user', `/${target}`)).set(bearer(await t.token('super'))).send(grant);
    expect(granted.status).toBe(200);
  });
});

describe('user passwords', () => {
  it('stores a password written through the API as an argon2id hash and keeps it when other fields change', async () => {
    const token = await t.token('company');
    const storedPassword = async (id: string) =>
      (await t.db.query<{ value: string }>(`SELECT doc #>> '{security,password,value}' AS value FROM "user" WHERE id = $1`, [id]))[0].value;
    const created = await t.http.post(url('user')).set(bearer(token)).send({ email: { value: 'hashed@example.test' }, security: { password: { value: 'first secret 1' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id;
    const first = await storedPassword(id);
    expect(first).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(first, 'first secret 1')).toBe(true);

    await t.http.patch(url('user', `/${id}`)).set(bearer(token)).send({ name: { first: 'Hash' } }).expect(200);
    expect(await storedPassword(id)).toBe(first);

    await t.http.patch(url('user', `/${id}`)).set(bearer(token)).send({ security: { password: { value: 'second secret 2' } } }).expect(200);
    const second = await storedPassword(id);
    expect(second).not.toBe(first);
    expect(await verifyPassword(second, 'second secret 2')).toBe(true);
  });
});

describe('template delete rule', () => {
  it('refuses while the subject is filled and deletes once it is cleared', async () => {
    const token = await t.token('company');
    const created = await t.http.post(url('template')).set(bearer(token)).send({
      name: { full: 'Welcome' }, format: 'communication-mail-text-plain', subject: { en: 'Welcome!' }, content: { en: 'Hello' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id;
    const refused = await t.http.delete(url('template', `/${id}`)).set(bearer(token));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cannot remove template, please clear subject first');
    await t.http.patch(url('template', `/${id}`)).set(bearer(token)).send({ subject: { en: '' } });
    expect((await t.http.delete(url('template', `/${id}`)).set(bearer(token))).status).toBe(200);
  });
});
