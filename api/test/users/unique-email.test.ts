import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { createUser, freshEmail } from './users-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const activeWith = async (email: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "user" WHERE company_id = $1 AND lower(email_value) = lower($2) AND meta_archived IS NOT TRUE`, [t.companies.a, email]))[0].n;

describe('one active user per email in a company', () => {
  it('refuses a create with an email another active user has, whatever its case, naming the email', async () => {
    const email = freshEmail('taken');
    await createUser(t, { email: { value: email } });
    const response = await t.http.post('/api/company/model/user').set(bearer(await t.token('company'))).send({ email: { value: email.toUpperCase() } });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain(email);
    expect(await activeWith(email)).toBe(1);
  });

  it('refuses a patch to a taken email, and an unarchive that would make two active', async () => {
    const email = freshEmail('patch');
    const first = await createUser(t, { email: { value: email } });
    const second = await createUser(t);
    const token = await t.token('company');
    const patch = await t.http.patch(`/api/company/model/user/${second}`).set(bearer(token)).send({ email: { value: email } });
    expect(patch.status).toBe(409);
    expect(patch.body.message).toBe(`The email ${email} is already used by another user of this company`);

    expect((await t.http.post(`/api/company/model/user/${first}/archive`).set(bearer(token))).status).toBe(200);
    expect((await t.http.patch(`/api/company/model/user/${second}`).set(bearer(token)).send({ email: { value: email } })).status).toBe(200);
    const unarchive = await t.http.post(`/api/company/model/user/${first}/unarchive`).set(bearer(token));
    expect(unarchive.status).toBe(409);
    expect(await activeWith(email)).toBe(1);
  });

  it('refuses an import that repeats a taken email and writes none of its rows', async () => {
    const email = freshEmail('import');
    await createUser(t, { email: { value: email } });
    const fresh = freshEmail('import-fresh');
    const response = await t.http.post('/api/company/model/user/import').set(bearer(await t.token('company')))
      .send({ import: { headers: ['email.value', 'name.first'], rows: [[fresh, 'New'], [email, 'Again']] } });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain(email);
    expect(await activeWith(fresh)).toBe(0);
  });

  it('refuses an import whose taken email sits in a later chunk of rows, after earlier chunks were written, and keeps none', async () => {
    const email = freshEmail('import-late');
    await createUser(t, { email: { value: email } });
    const first = freshEmail('import-late-first');
    // rows are written 2 000 at a time while the next 2 000 are checked: the taken email is in the second chunk
    const rows = Array.from({ length: 2500 }, (_, index) => [index === 0 ? first : index === 2300 ? email : freshEmail(`import-late-${index}`), 'Late']);
    const response = await t.http.post('/api/company/model/user/import').set(bearer(await t.token('company'))).send({ import: { headers: ['email.value', 'name.first'], rows } });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(`The email ${email} is already used by another user of this company`);
    expect(await activeWith(first)).toBe(0);
    expect(await activeWith(email)).toBe(1);
  });

  it('never makes a second active user with one email by duplicating', async () => {
    const email = freshEmail('copy');
    const id = await createUser(t, { email: { value: email } });
    const response = await t.http.post(`/api/company/model/user/${id}/duplicate`).set(bearer(await t.token('super')));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await activeWith(email)).toBe(1);
  });

  it('lets another company use the same email', async () => {
    const email = freshEmail('tenant');
    await createUser(t, { email: { value: email } });
    const response = await t.http.post('/api/company/model/user').set(bearer(await t.token('company', 'b'))).send({ email: { value: email } });
    expect(response.status).toBe(201);
  });
});

describe('user types follow the email domain', () => {
  it('marks anonymous accounts and cards by their domain, and normal users not', async () => {
    const token = await t.token('company');
    const create = async (email: string) => (await t.http.post('/api/company/model/user').set(bearer(token)).send({ email: { value: email } })).body;
    expect((await create(`c-${Date.now()}@anonymous.cashless.test`)).email.anonymous).toBe(true);
    expect((await create(`a-${Date.now()}@anonymous-account.cashless.test`)).email.anonymous).toBe(true);
    expect((await create(freshEmail())).email.anonymous).toBe(false);
  });
});
