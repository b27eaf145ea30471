import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESS_FAILURES, MAX_FAILURES } from '../src/auth/sign-in.service';
import { loadConfig } from '../src/config';
import { createApp } from '../src/create-app';
import { DEMO_PASSWORD } from '../src/demo/sign-ins';
import { type TestApp, startTestApp } from './support/test-app';

// behind a proxy on this machine, so each request can say which client it comes from
process.env.TRUST_PROXY = 'loopback';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signIn = (http: TestApp['http'], address: string, email: string, password: string) =>
  http.post('/api/auth/login').set('X-Forwarded-For', address).send({ email, password });

describe('sign-in throttling', () => {
  it('locks out the address that guessed, never the owner signing in from elsewhere', async () => {
    const email = t.emailOf('super');
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) expect((await signIn(t.http, '203.0.113.1', email, `guess-${attempt}`)).status).toBe(401);
    const guesser = await signIn(t.http, '203.0.113.1', email, DEMO_PASSWORD);
    expect(guesser.status).toBe(429);
    expect(guesser.body.message).toMatch(/^Too many failed sign-ins for this email\. Try again in \d+ minutes?\.$/);
    expect((await signIn(t.http, '198.51.100.1', email, DEMO_PASSWORD)).status).toBe(200);
    const stored = await t.db.query<{ address: string }>('SELECT DISTINCT address FROM auth_failure WHERE email = $1', [email]);
    expect(stored).toEqual([{ address: '203.0.113.1' }]);
  });

  it('throttles an address that tries many emails', async () => {
    for (let attempt = 0; attempt < MAX_ADDRESS_FAILURES; attempt++) {
      expect((await signIn(t.http, '203.0.113.2', `someone-${attempt}@nowhere.test`, 'guess')).status).toBe(401);
    }
    const next = await signIn(t.http, '203.0.113.2', t.emailOf('finance'), DEMO_PASSWORD);
    expect(next.status).toBe(429);
    expect(next.body.message).toMatch(/^Too many failed sign-ins from your network address/);
    expect((await signIn(t.http, '198.51.100.2', t.emailOf('finance'), DEMO_PASSWORD)).status).toBe(200);
  }, 120_000);

  it('answers an unknown email exactly as a wrong password', async () => {
    const unknown = await signIn(t.http, '203.0.113.3', 'nobody@nowhere.test', 'guess');
    const wrong = await signIn(t.http, '203.0.113.3', t.emailOf('merchant'), 'guess');
    expect([unknown.status, unknown.body]).toEqual([wrong.status, wrong.body]);
    expect(unknown.body).toEqual({ message: 'Invalid email or password', statusCode: 401 });
  });

  it('keeps the count in the database, so every API process refuses alike', async () => {
    const email = t.emailOf('event');
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) expect((await signIn(t.http, '203.0.113.4', email, `guess-${attempt}`)).status).toBe(401);
    const config = { ...loadConfig({ ...process.env, REQUEST_LOG: 'false', ADMIN_DIR: '/nonexistent' }), dataDir: null };
    const other: INestApplication = await createApp(config, t.db);
    try {
      expect((await signIn(request(other.getHttpServer()), '203.0.113.4', email, DEMO_PASSWORD)).status).toBe(429);
    } finally {
      await other.close();
    }
  });
});
