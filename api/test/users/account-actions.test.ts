import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { newId } from '../../src/common/object-id';
import { bulkInsert } from '../../src/database/bulk-insert';
import { DEMO_PASSWORD } from '../../src/demo/sign-ins';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { createUser, readUser } from './users-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (userId: string, action: string) => `/api/company/user/${userId}/${action}`;

describe('tag (bracelet) link and unlink', () => {
  it('links only when none is linked and unlinks only when one is, answering data.bracelet', async () => {
    const id = await createUser(t);
    const token = await t.token('super');
    const linked = await t.http.post(url(id, 'bracelet/link')).set(bearer(token)).send({ tag: 'TAG-0042' });
    expect(linked.status).toBe(200);
    expect(linked.body.data.bracelet).toEqual({ state: { id: 'linked' }, tag: { value: 'TAG-0042' } });
    const again = await t.http.post(url(id, 'bracelet/link')).set(bearer(token)).send({ tag: 'TAG-0043' });
    expect(again.status).toBe(409);
    const unlinked = await t.http.post(url(id, 'bracelet/unlink')).set(bearer(token));
    expect(unlinked.body.data.bracelet.state.id).toBe('unlinked');
    expect((await t.http.post(url(id, 'bracelet/unlink')).set(bearer(token))).status).toBe(409);
    expect((await t.http.post(url(id, 'bracelet/link')).set(bearer(token)).send({})).status).toBe(400);
  });

  it('refuses company and user admins', async () => {
    const id = await createUser(t);
    for (const role of ['company', 'user'] as const) {
      expect((await t.http.post(url(id, 'bracelet/link')).set(bearer(await t.token(role))).send({ tag: 'T1' })).status).toBe(403);
    }
    expect((await readUser(t, id)).bracelet).toBeUndefined();
  });
});

describe('global password card', () => {
  it('changes your own password when the current one is right and the new one fits the company minimum', async () => {
    const me = t.userIds.a.super;
    const token = await t.token('super');
    const wrong = await t.http.post(url(me, 'password')).set(bearer(token)).send({ currentPassword: 'not-it', newPassword: 'long enough one' });
    expect(wrong.status).toBe(400);
    const short = await t.http.post(url(me, 'password')).set(bearer(token)).send({ currentPassword: DEMO_PASSWORD, newPassword: 'short' });
    expect(short.body.message).toBe('Password is too short, enter at least 8 characters');
    const long = await t.http.post(url(me, 'password')).set(bearer(token)).send({ currentPassword: DEMO_PASSWORD, newPassword: 'x'.repeat(101) });
    expect(long.body.message).toBe('Password is too long, you can enter up to 100 characters');
    const changed = await t.http.post(url(me, 'password')).set(bearer(token)).send({ currentPassword: DEMO_PASSWORD, newPassword: 'a brand new password' });
    expect(changed.status).toBe(200);
    const signIn = await t.http.post('/api/auth/login').send({ email: t.emailOf('super'), password: 'a brand new password' });
    expect(signIn.status).toBe(200);
  });

  it("refuses another user's page and non-super admins", async () => {
    const other = await createUser(t);
    expect((await t.http.post(url(other, 'password')).set(bearer(await t.token('super'))).send({ currentPassword: 'x', newPassword: 'yyyyyyyyyy' })).status).toBe(403);
    const companyAdmin = t.userIds.a.company;
    const refused = await t.http.post(url(companyAdmin, 'password')).set(bearer(await t.token('company'))).send({ currentPassword: DEMO_PASSWORD, newPassword: 'another password' });
    expect(refused.status).toBe(403);
  });
});

describe('batch add of access rights', () => {
  it('adds existing ids once, separated by commas or whitespace, and says when none was added', async () => {
    const token = await t.token('super');
    const page = async (name: string) => (await t.http.post('/api/company/model/page').set(bearer(token)).send({ name: { full: name } })).body._id as string;
    const [one, two] = [await page('Page one'), await page('Page two')];
    const id = await createUser(t);
    const response = await t.http.post(url(id, 'access/batch')).set(bearer(token))
      .send({ accessModel: 'page', accessScope: 'edit', ids: `${one}, ${two}\n${one} cccccccccccccccccccccccc not-an-id` });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.added).toBe(2);
    expect((await readUser(t, id)).accessRef).toEqual([
      { accessModel: 'page', accessScope: 'edit', accessId: one },
      { accessModel: 'page', accessScope: 'edit', accessId: two },
    ]);
    const none = await t.http.post(url(id, 'access/batch')).set(bearer(token)).send({ accessModel: 'page', accessScope: 'edit', ids: `${one} cccccccccccccccccccccccc` });
    expect(none.body).toMatchObject({ added: 0, message: 'Added no rights' });
    expect((await t.http.post(url(id, 'access/batch')).set(bearer(token)).send({ accessModel: 'location', accessScope: 'edit', ids: one })).status).toBe(400);
    expect((await t.http.post(url(id, 'access/batch')).set(bearer(token)).send({ accessModel: 'page', accessScope: 'manage', ids: one })).status).toBe(400);
  });

  it('refuses company admins', async () => {
    const id = await createUser(t);
    const response = await t.http.post(url(id, 'access/batch')).set(bearer(await t.token('company'))).send({ accessModel: 'page', accessScope: 'view', ids: 'x' });
    expect(response.status).toBe(403);
  });
});

describe('push tokens card', () => {
  it("lists the user's push tokens and removes one for super admins; company and user admins are refused", async () => {
    const id = await createUser(t);
    const [tokenId, otherId] = [newId(), newId()];
    await bulkInsert(t.db, findResource('pushToken')!, [
      { id: tokenId, companyId: t.companies.a, doc: { token: 'ExponentPushToken[card-one]', expoSlug: 'demo-app', userRef: { userId: id }, meta: { createdAt: 1 } } },
      { id: otherId, companyId: t.companies.a, doc: { token: 'ExponentPushToken[card-two]', userRef: { userId: id }, meta: { createdAt: 2 } } },
    ]);
    const listed = async (role: 'super' | 'company' | 'user') => t.http.get('/api/company/model/pushToken').query({ 'userRef.userId': id }).set(bearer(await t.token(role)));
    const bySuper = await listed('super');
    expect(bySuper.status).toBe(200);
    expect(bySuper.body.map((token: { token: string }) => token.token).sort()).toEqual(['ExponentPushToken[card-one]', 'ExponentPushToken[card-two]']);
    for (const role of ['company', 'user'] as const) {
      expect((await listed(role)).status).toBe(403);
      expect((await t.http.delete(`/api/company/model/pushToken/${tokenId}`).set(bearer(await t.token(role)))).status).toBe(403);
    }
    expect((await t.http.delete(`/api/company/model/pushToken/${tokenId}`).set(bearer(await t.token('super')))).status).toBe(200);
    expect((await listed('super')).body.map((token: { _id: string }) => token._id)).toEqual([otherId]);
  });
});

describe("'Other' card: sign out everywhere", () => {
  it("ends every session of the user for super admins, keeping the super admin's own", async () => {
    const signIn = async () => (await t.http.post('/api/auth/login').send({ email: t.emailOf('merchant'), password: DEMO_PASSWORD })).body.token as string;
    const [phone, laptop] = [await signIn(), await signIn()];
    const superToken = await t.token('super');
    const response = await t.http.post(url(t.userIds.a.merchant, 'sessions/end')).set(bearer(superToken));
    expect(response.status).toBe(200);
    expect(response.body.data.ended).toBeGreaterThanOrEqual(2);
    for (const token of [phone, laptop]) expect((await t.http.get('/api/auth/me').set(bearer(token))).status).toBe(401);
    expect((await t.http.post(url(t.userIds.a.super, 'sessions/end')).set(bearer(superToken))).status).toBe(200);
    expect((await t.http.get('/api/auth/me').set(bearer(superToken))).status).toBe(200);
  });

  it('refuses company and user admins, and leaves the sessions open', async () => {
    const token = (await t.http.post('/api/auth/login').send({ email: t.emailOf('event'), password: DEMO_PASSWORD })).body.token as string;
    for (const role of ['company', 'user'] as const) {
      expect((await t.http.post(url(t.userIds.a.event, 'sessions/end')).set(bearer(await t.token(role)))).status).toBe(403);
    }
    expect((await t.http.get('/api/auth/me').set(bearer(token))).status).toBe(200);
  });
});
