import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../bench/batch-process';
import { loadConfig } from '../src/config';
import type { Database } from '../src/database/database';
import { quote } from '../src/database/naming';
import { runMigrations } from '../src/database/migrations';
import { openDatabase } from '../src/database/open-database';
import { MAX_FAILURES } from '../src/auth/sign-in.service';
import { DEMO_PASSWORD } from '../src/demo/sign-ins';
import { createCompanyWithStaff } from '../src/demo/staff';

/**
 * Two API processes (the compiled server, as `npm start` runs it) on one PostgreSQL schema: what one process
 * knows, the other knows, because it is in the database. Needs DATABASE_URL and a build (`npm test` builds first).
 */
const MAIN = join(__dirname, '../dist/src/main.js');
const RUN = Boolean(process.env.DATABASE_URL) && existsSync(MAIN);
const schema = `test_processes_${randomBytes(4).toString('hex')}`;
let db: Database;
const processes: ApiProcess[] = [];
const urls: string[] = [];
let email: string;

const signIn = (url: string, password: string) =>
  fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe.runIf(RUN)('two API processes on one schema', () => {
  beforeAll(async () => {
    db = await openDatabase({ ...loadConfig(), dataDir: null, databaseSchema: schema });
    await runMigrations(db);
    await createCompanyWithStaff(db, `processes-${schema}`, 'Processes', (role) => `${role.toLowerCase()}-${schema}@test.test`);
    email = `company-${schema}@test.test`;
    processes.push(...(await Promise.all([0, 1].map(() => startApiProcess({ DATABASE_SCHEMA: schema })))));
    urls.push(...processes.map((api) => api.baseUrl));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((api) => api.stop()));
    if (db) {
      await db.exec(`DROP SCHEMA ${quote(schema)} CASCADE`);
      await db.close();
    }
  });

  it('takes a session made on one process on the other, and a sign-out on either ends it on both', async () => {
    const [first, second] = urls;
    const { token } = (await (await signIn(first, DEMO_PASSWORD)).json()) as { token: string };
    const me = await fetch(`${second}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((await fetch(`${second}/api/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).status).toBeLessThan(300);
    expect((await fetch(`${first}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('counts failed sign-ins across both processes', async () => {
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) expect((await signIn(urls[attempt % 2], 'wrong password')).status).toBe(401);
    expect((await signIn(urls[0], DEMO_PASSWORD)).status).toBe(429);
    expect((await signIn(urls[1], DEMO_PASSWORD)).status).toBe(429);
  });

  it('allows one image suggestion a second per user across both processes', async () => {
    const merchantAdmin = `merchant-${schema}@test.test`;
    const login = await fetch(`${urls[0]}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: merchantAdmin, password: DEMO_PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const suggest = (url: string) =>
      fetch(`${url}/api/image/ai/prompt/blob`, { method: 'POST', headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ prompt: 'Fries', n: 1 }) });
    expect((await suggest(urls[0])).status).toBe(200);
    expect((await suggest(urls[1])).status).toBe(429);
  });
});
