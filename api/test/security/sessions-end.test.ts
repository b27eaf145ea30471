import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIST_RIGHTS, type FieldDef, allResources, fieldsWith, importFields, setPath } from '@backoffice/resources';
import { peopleLists } from '../../src/records/person-guard';
import { sampleValue } from '../support/sample-record';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { freshEmail } from '../users/users-fixtures';

// A session ends for good when its person is archived, deleted or blocked, loses a right, or has their email or
// password changed: a token made before answers 401 after it, and still after unarchive, unblock or a new grant.
// Tried on every path that can do it (patch, import/patch, archive, delete, the admin screen's endpoints), and for
// every list of people and every rights and credential field of the registry.
let t: TestApp;
const PASSWORD = 'person password 1';
const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;
const as = async (role: 'super' | 'company') => bearer(await t.token(role));
const status = async (token: string) => (await t.http.get('/api/auth/me').set(bearer(token))).status;
const counts = new Map<string, number>();
const counted = (kind: string) => counts.set(kind, (counts.get(kind) ?? 0) + 1);
const nested = (path: string, value: unknown) => {
  const body: Record<string, unknown> = {};
  setPath(body, path, value);
  return body;
};

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  console.log(`session cases: ${[...counts].map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
  await t.close();
});

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const response = await t.http.post('/api/auth/login').send({ email, password });
  expect(response.status, `sign-in of ${email}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.token;
}

/** A new person of company a who signs in with PASSWORD. */
async function person(): Promise<{ id: string; email: string }> {
  const email = freshEmail('session');
  const created = await t.http.post(url('user')).set(await as('super')).send({ email: { value: email }, name: { full: 'Session Person' }, security: { password: { value: PASSWORD } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body._id, email };
}

/** Whether the token was ended by `act` and stays ended after `undo`, while a new sign-in works again. */
async function endsForGood(email: string, act: () => Promise<{ status: number }>, undo: () => Promise<{ status: number }>, kind: string) {
  const token = await signIn(email);
  expect(await status(token)).toBe(200);
  const acted = await act();
  expect(acted.status, `${kind}: ${JSON.stringify(acted)}`).toBeLessThan(300);
  expect(await status(token), `${kind} left the session`).toBe(401);
  const undone = await undo();
  expect(undone.status, `${kind} undone`).toBeLessThan(300);
  expect(await status(token), `${kind} undone brought the session back`).toBe(401);
  expect(await status(await signIn(email)), `${kind}: a new sign-in`).toBe(200);
  counted(kind);
}

describe('lists of people', () => {
  const lists = allResources().flatMap((def) => peopleLists(def).map((field) => [`${def.name}.${field.path}`, def, field] as const));
  const grants = new Map<string, string>(ADMIN_LIST_RIGHTS);

  it('the registry has the company lists', () => expect(lists.map(([name]) => name)).toEqual(expect.arrayContaining(['company.adminCompanyRef', 'company.userBlockedRef'])));

  it.each(lists)('%s: leaving a list that grants a right, or joining one that bars, ends every session for good (patch)', async (_name, def, field) => {
    const { id, email } = await person();
    const entries = async () => ((await t.http.get(url(def.name, `/${t.companies.a}`)).set(await as('company'))).body[field.path] ?? []).map(({ userId }: { userId: string }) => ({ userId }));
    const write = async (join: boolean) => {
      const others = (await entries()).filter((entry: { userId: string }) => entry.userId !== id);
      return t.http.patch(url(def.name, `/${t.companies.a}`)).set(await as('company')).send({ [field.path]: join ? [...others, { userId: id }] : others });
    };
    if (grants.has(field.path)) {
      expect((await write(true)).status).toBe(200);
      await endsForGood(email, () => write(false), () => write(true), 'list patch');
    } else {
      await endsForGood(email, () => write(true), () => write(false), 'list patch');
    }
  });
});

describe("the admin screen's endpoints", () => {
  type Row = { userId: string; rights: string[] };
  const matrix = async (): Promise<Row[]> => (await t.http.get('/api/company/admin/rights').set(await as('super'))).body.data.map(({ userId, rights }: Row) => ({ userId, rights }));
  const saveRights = async (id: string, row: Record<string, unknown> | null) => {
    const others = (await matrix()).filter((entry) => entry.userId !== id);
    return t.http.put('/api/company/admin/rights').set(await as('super')).send({ users: row ? [...others, { userId: id, ...row }] : others });
  };

  it('the rights matrix: a right taken', async () => {
    const { id, email } = await person();
    expect((await saveRights(id, { rights: ['finance'] })).status).toBe(200);
    await endsForGood(email, () => saveRights(id, null), () => saveRights(id, { rights: ['finance'] }), 'rights matrix');
  });

  it('the rights matrix: super taken', async () => {
    const { id, email } = await person();
    expect((await saveRights(id, { rights: [], super: true })).status).toBe(200);
    await endsForGood(email, () => saveRights(id, { rights: [], super: false }), () => saveRights(id, { rights: [], super: true }), 'rights matrix super');
  });

  it('blocked users: block, then unblock', async () => {
    const { id, email } = await person();
    await endsForGood(
      email,
      async () => t.http.post('/api/company/admin/blocked').set(await as('company')).send({ userId: id }),
      async () => t.http.delete(`/api/company/admin/blocked/${id}`).set(await as('company')),
      'blocked endpoint',
    );
  });

  it('third parties: removed, then added again', async () => {
    const { id, email } = await person();
    const add = async () => t.http.post('/api/company/admin/third-party').set(await as('company')).send({ userId: id });
    expect((await add()).status).toBeLessThan(300);
    await endsForGood(email, async () => t.http.delete(`/api/company/admin/third-party/${id}`).set(await as('company')), add, 'third-party endpoint');
  });
});

describe('the person record', () => {
  const people = allResources().filter((def) => def.holdsRights);

  /** The values one item of a rights field can take: each choice of a list of choices, or one sample entry. */
  const itemsOf = (field: FieldDef): unknown[] =>
    field.itemKind === 'enum' ? [...(field.choices ?? [])] : [(sampleValue({ ...field, min: 1 }) as unknown[])[0]];
  const rightsCases = people.flatMap((def) =>
    fieldsWith(def, (field) => field.guards === 'rights').flatMap(([path, field]) => itemsOf(field).map((item) => [`${def.name}.${path} ${JSON.stringify(item)}`, def, path, item] as const)),
  );

  it.each(rightsCases)('%s taken ends every session for good (patch)', async (_name, def, path, item) => {
    const { id, email } = await person();
    const set = async (value: unknown[]) => t.http.patch(url(def.name, `/${id}`)).set(await as('super')).send(nested(path, value));
    expect((await set([item])).status).toBe(200);
    await endsForGood(email, () => set([]), () => set([item]), 'rights field');
  });

  const credentialCases = people.flatMap((def) => fieldsWith(def, (field) => field.guards === 'credential').map(([path, field]) => [`${def.name}.${path}`, def, path, field] as const));
  const newValue = (field: FieldDef) => (field.format === 'password' ? `new password ${Date.now()}` : field.format === 'email' ? freshEmail('renamed') : sampleValue(field));
  const signInWith = (email: string, path: string, value: unknown) => (path === 'email.value' ? signIn(value as string) : signIn(email, value as string));

  it.each(credentialCases)("%s changed by an admin ends every session of the person (patch)", async (_name, def, path, field) => {
    const { id, email } = await person();
    const [phone, laptop] = [await signIn(email), await signIn(email)];
    const value = newValue(field);
    const changed = await t.http.patch(url(def.name, `/${id}`)).set(await as('company')).send(nested(path, value));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.headers['x-sessions-ended']).toBe('2');
    expect([await status(phone), await status(laptop)]).toEqual([401, 401]);
    expect(await status(await signInWith(email, path, value))).toBe(200);
    counted('credential patch');
  });

  it.each(credentialCases)("%s changed by the person ends their other sessions and keeps the one that changed it", async (_name, def, path, field) => {
    const { id, email } = await person();
    // a company admin may edit their own record
    const company = await t.http.get(url('company', `/${t.companies.a}`)).set(await as('super'));
    expect((await t.http.patch(url('company', `/${t.companies.a}`)).set(await as('super')).send({ adminCompanyRef: [...company.body.adminCompanyRef, { userId: id }] })).status).toBe(200);
    const [phone, laptop] = [await signIn(email), await signIn(email)];
    const changed = await t.http.patch(url(def.name, `/${id}`)).set(bearer(laptop)).send(nested(path, newValue(field)));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.headers['x-sessions-ended']).toBe('1');
    expect([await status(phone), await status(laptop)]).toEqual([401, 200]);
    counted('own credential patch');
  });

  const importedCredentials = credentialCases.filter(([, def, path]) => importFields(def).some(([imported]) => imported === path));

  it.each(importedCredentials)('%s changed by import/patch ends every session of the person', async (_name, def, path, field) => {
    const { id, email } = await person();
    const token = await signIn(email);
    const value = newValue(field);
    const imported = await t.http.post(url(def.name, '/import/patch')).set(await as('super')).send({ import: { headers: ['_id', path], rows: [[id, String(value)]] } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(await status(token)).toBe(401);
    expect(await status(await signInWith(email, path, value))).toBe(200);
    counted('credential import/patch');
  });

  it.each(people.filter((def) => def.archivable).map((def) => [def.name, def] as const))('%s: archive, then unarchive', async (_name, def) => {
    const { id, email } = await person();
    const archive = async (archived: boolean) => t.http.post(url(def.name, `/${id}/${archived ? 'archive' : 'unarchive'}`)).set(await as('company'));
    await endsForGood(email, () => archive(true), () => archive(false), 'archive');
    const patch = async (archived: boolean) => t.http.patch(url(def.name, `/${id}`)).set(await as('company')).send({ meta: { archived } });
    await endsForGood(email, () => patch(true), () => patch(false), 'archive patch');
  });

  it.each(people.map((def) => [def.name, def] as const))('%s: a delete ends every session', async (_name, def) => {
    const { id, email } = await person();
    await signIn(email);
    expect((await t.http.delete(url(def.name, `/${id}`)).set(await as('super'))).status).toBe(200);
    const open = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth_session WHERE user_id = $1 AND revoked_at IS NULL', [id]);
    expect(open[0].n).toBe(0);
    counted('delete');
  });

  it('a write that changes nothing of a person ends no session', async () => {
    const { id, email } = await person();
    const token = await signIn(email);
    const same = await t.http.patch(url('user', `/${id}`)).set(await as('company')).send({ email: { value: email }, name: { full: 'Session Person' } });
    expect(same.status).toBe(200);
    expect(same.headers['x-sessions-ended']).toBeUndefined();
    expect(await status(token)).toBe(200);
  });
});
