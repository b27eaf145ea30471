import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/demo/sign-ins';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('signs in with email and password, sets an httpOnly SameSite=Strict cookie, and /me tells who and what rights', async () => {
    const response = await t.http.post('/api/auth/login').send({ email: t.emailOf('finance').toUpperCase(), password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const me = await t.http.get('/api/auth/me').set(bearer(response.body.token));
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(t.emailOf('finance'));
    expect(me.body.company._id).toBe(t.companies.a);
    expect(me.body.rights).toEqual(['finance']);
    expect(me.body.companies).toBeUndefined();
  });

  it('gives company admins the five sub-rights and lists companies for super admins', async () => {
    const company = await t.http.get('/api/auth/me').set(bearer(await t.token('company')));
    expect(new Set(company.body.rights)).toEqual(new Set(['company', 'application', 'merchant', 'finance', 'user', 'event']));
    const superMe = await t.http.get('/api/auth/me').set(bearer(await t.token('super')));
    expect(superMe.body.rights).toContain('super');
    expect(superMe.body.companies.map((c: { _id: string }) => c._id)).toEqual(expect.arrayContaining([t.companies.a, t.companies.b]));
  });

  it('refuses a wrong password and a missing field with clear messages', async () => {
    const wrong = await t.http.post('/api/auth/login').send({ email: t.emailOf('user'), password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    const missing = await t.http.post('/api/auth/login').send({ email: t.emailOf('user') });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'password', message: 'password is required' }]);
  });

  it('answers 429 for an email after 10 failed sign-ins, even with the right password', async () => {
    const email = t.emailOf('event');
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await t.http.post('/api/auth/login').send({ email, password: `wrong-${attempt}` })).status).toBe(401);
    }
    const limited = await t.http.post('/api/auth/login').send({ email, password: DEMO_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many failed sign-ins/);
    const other = await t.http.post('/api/auth/login').send({ email: t.emailOf('merchant'), password: DEMO_PASSWORD });
    expect(other.status).toBe(200);
  });

  it('revokes the session on logout', async () => {
    const login = await t.http.post('/api/auth/login').send({ email: t.emailOf('application'), password: DEMO_PASSWORD });
    const token = login.body.token;
    expect((await t.http.get('/api/auth/me').set(bearer(token))).status).toBe(200);
    expect((await t.http.post('/api/auth/logout').set(bearer(token))).status).toBe(204);
    const after = await t.http.get('/api/auth/me').set(bearer(token));
    expect(after.status).toBe(401);
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const login = await t.http.post('/api/auth/login').send({ email: t.emailOf('company'), password: DEMO_PASSWORD });
    const cookie = `session=${login.body.token}`;
    const crossSite = await t.http.post('/api/company/model/merchant').set('Cookie', cookie).set('Origin', 'https://evil.test').send({ name: { full: 'X' } });
    expect(crossSite.status).toBe(403);
    const noOrigin = await t.http.post('/api/company/model/merchant').set('Cookie', cookie).send({ name: { full: 'X' } });
    expect(noOrigin.status).toBe(403);
  });

  it('needs a session for the API, but not for health', async () => {
    expect((await t.http.get('/api/company/model/merchant')).status).toBe(401);
    const health = await t.http.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  });

  it('sets security headers and never logs secrets', async () => {
    const response = await t.http.get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
