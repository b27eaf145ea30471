import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { createUser, readUser } from './users-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const IDENTITY = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const url = (path = '') => `/api/company/user-age-verification${path}`;
const toReview = () => createUser(t, { name: { full: 'To Review' }, birthday: { date: '2000-01-02' }, image: { identity: IDENTITY } });

describe('age verification', () => {
  it('lists users with an identity picture whose birthday is not verified, and not the others', async () => {
    const pending = await toReview();
    const verified = await createUser(t, { image: { identity: IDENTITY }, birthdayVerified: true });
    const noPicture = await createUser(t);
    const response = await t.http.get(url()).set(bearer(await t.token('user')));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const ids = response.body.data.map((user: { _id: string }) => user._id);
    expect(ids).toContain(pending);
    expect(ids).not.toContain(verified);
    expect(ids).not.toContain(noPicture);
    expect(response.body.data.find((user: { _id: string }) => user._id === pending)).toMatchObject({ name: { full: 'To Review' }, birthday: { date: '2000-01-02' }, image: { identity: IDENTITY } });
  });

  it('accepts: birthdayVerified true and the toast text', async () => {
    const id = await toReview();
    const response = await t.http.post(url(`/${id}/accept`)).set(bearer(await t.token('user')));
    expect(response.status).toBe(200);
    expect(response.body.data.message).toBe('User birthday verified');
    expect((await readUser(t, id)).birthdayVerified).toBe(true);
  });

  it('rejects: birthdayVerified false and the identity picture cleared', async () => {
    const id = await toReview();
    const response = await t.http.post(url(`/${id}/reject`)).set(bearer(await t.token('company')));
    expect(response.status).toBe(200);
    expect(response.body.data.message).toBe('User birthday rejected');
    const user = await readUser(t, id);
    expect(user.birthdayVerified).toBe(false);
    expect(user.image?.identity ?? null).toBeNull();
  });

  it('skips: nothing changes', async () => {
    const id = await toReview();
    const response = await t.http.post(url(`/${id}/skip`)).set(bearer(await t.token('user')));
    expect(response.status).toBe(200);
    expect(response.body.data.message).toBe('User skipped');
    const user = await readUser(t, id);
    expect(user.birthdayVerified ?? null).toBeNull();
    expect(user.image.identity).toBe(IDENTITY);
  });

  it('names the template of the role when the company has one', async () => {
    const token = await t.token('company');
    const template = await t.http.post('/api/company/model/template').set(bearer(token))
      .send({ name: { full: 'Birthday accepted' }, role: 'userBirthdayVerifyAccept', format: 'communication-mail-text-plain' });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const response = await t.http.post(url(`/${await toReview()}/accept`)).set(bearer(token));
    expect(response.body.data.templateId).toBe(template.body._id);
    const rejected = await t.http.post(url(`/${await toReview()}/reject`)).set(bearer(token));
    expect(rejected.body.data.templateId).toBeNull();
  });

  it('refuses finance, event and merchant admins, and another company answers 404', async () => {
    const id = await toReview();
    for (const role of ['finance', 'event', 'merchant'] as const) {
      expect((await t.http.get(url()).set(bearer(await t.token(role)))).status).toBe(403);
      expect((await t.http.post(url(`/${id}/accept`)).set(bearer(await t.token(role)))).status).toBe(403);
    }
    expect((await t.http.post(url(`/${id}/accept`)).set(bearer(await t.token('user', 'b')))).status).toBe(404);
    expect((await readUser(t, id)).birthdayVerified ?? null).toBeNull();
  });
});
