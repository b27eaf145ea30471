import 'reflect-metadata';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createApp } from '../src/create-app';
import type { Database } from '../src/database/database';
import { runMigrations } from '../src/database/migrations';
import { openDatabase } from '../src/database/open-database';
import { DEMO_PASSWORD } from '../src/demo/sign-ins';
import { createCompanyWithStaff } from '../src/demo/staff';

const SCRIPT = 'console.log("admin");'.repeat(50);
const INDEX = '<!doctype html><head><script type="module" src="/assets/index-abc123.js"></script></head><div id="root"></div>';
/** what admin/build/route-chunks.ts writes */
const ROUTE_CHUNKS = {
  signIn: ['assets/sign-in.js'],
  frame: ['assets/admin-app.js', 'assets/app-layout.css'],
  routes: { '/company/user': ['assets/user-list.js'], '/company/merchant/:id/edit': ['assets/merchant-edit.js'], '/company/merchant/product': ['assets/product-list.js'] },
  edit: ['assets/generic-edit.js'],
  list: ['assets/generic-list.js'],
};
let app: INestApplication;
let db: Database;
const staffEmail = (role: string) => `${role.toLowerCase()}@assets.test`;
let staff: Record<string, string>;
beforeAll(async () => {
  const adminDir = mkdtempSync(join(tmpdir(), 'admin-assets-'));
  mkdirSync(join(adminDir, 'assets'));
  writeFileSync(join(adminDir, 'index.html'), INDEX);
  writeFileSync(join(adminDir, 'route-chunks.json'), JSON.stringify(ROUTE_CHUNKS));
  writeFileSync(join(adminDir, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(join(adminDir, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(adminDir, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
  const config = { ...loadConfig({ ...process.env, REQUEST_LOG: 'false', SEED_DEMO: 'false', ADMIN_DIR: adminDir }), dataDir: null, databaseUrl: null };
  db = await openDatabase(config);
  await runMigrations(db);
  staff = (await createCompanyWithStaff(db, 'company-assets', 'Company', staffEmail)).userIds;
  app = await createApp(config, db);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('the admin files', () => {
  it('sends the brotli or gzip copy made at build time, cached for a year', async () => {
    const http = request(app.getHttpServer());
    const br = await http.get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip, deflate, br').buffer(true).parse(binary);
    expect([br.status, br.headers['content-encoding'], br.headers['cache-control'], br.headers.vary]).toEqual([200, 'br', 'public, max-age=31536000, immutable', 'Accept-Encoding']);
    expect(br.headers['content-type']).toMatch(/javascript/);
    const gzip = await http.get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip');
    expect([gzip.headers['content-encoding'], gzip.text]).toEqual(['gzip', SCRIPT]);
    const plain = await http.get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
    expect([plain.headers['content-encoding'], plain.text]).toEqual([undefined, SCRIPT]);
  });

  it('answers index.html for admin routes, never cached, and 404 for a missing hashed file', async () => {
    const http = request(app.getHttpServer());
    const page = await http.get('/company/user').set('Accept-Encoding', 'identity');
    expect([page.status, page.headers['cache-control'], page.headers.vary]).toEqual([200, 'no-cache', 'Cookie']);
    expect(page.text).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
    expect((await http.get('/assets/index-old999.js')).status).toBe(404);
    expect((await http.get('/assets/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
});

describe("the page names its route's files", () => {
  /** the files a visit's page has the browser fetch beside the entry */
  async function named(path: string, cookie?: string): Promise<string[]> {
    const visit = request(app.getHttpServer()).get(path);
    const page = await (cookie ? visit.set('Cookie', cookie) : visit);
    expect(page.status, path).toBe(200);
    return [...page.text.matchAll(/<link rel="(?:modulepreload|preload" as="style)" crossorigin href="([^"]+)">/g)].map(([, href]) => href);
  }
  const frame = ['/assets/admin-app.js', '/assets/app-layout.css'];

  it("signed in: the frame and the route's page, custom, generated edit or generated list; a custom route's fixed segments win over its parameters", async () => {
    const session = 'session=any-token';
    expect(await named('/company/user', session)).toEqual([...frame, '/assets/user-list.js']);
    expect(await named('/company/merchant/m1/edit', session)).toEqual([...frame, '/assets/merchant-edit.js']);
    expect(await named('/company/merchant/product', session)).toEqual([...frame, '/assets/product-list.js']);
    expect(await named('/company/location/l1/edit', session)).toEqual([...frame, '/assets/generic-edit.js']);
    expect(await named('/company/location', session)).toEqual([...frame, '/assets/generic-list.js']);
    expect(await named('/', session)).toEqual(frame);
    expect(await named('/login', session)).toEqual(['/assets/sign-in.js']);
  });

  it('without a session cookie the sign-in page, and nothing on the public menu', async () => {
    expect(await named('/company/user')).toEqual(['/assets/sign-in.js']);
    expect(await named('/')).toEqual(['/assets/sign-in.js']);
    expect(await named('/menu/m1/signature')).toEqual([]);
  });
});

describe("what a screen reads first, asked for by the page (issue 40)", () => {
  /** the requests a visit's page has the browser make ahead of the admin's code */
  async function askedAhead(path: string, cookie: string): Promise<string[]> {
    const page = await request(app.getHttpServer()).get(path).set('Cookie', cookie);
    expect(page.status, path).toBe(200);
    return [...page.text.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)" data-answer-ahead>/g)].map(([, href]) => href.replace(/&amp;/g, '&'));
  }
  async function sessionOf(role: string): Promise<string> {
    const signIn = await request(app.getHttpServer()).post('/api/auth/login').send({ email: staffEmail(role), password: DEMO_PASSWORD });
    expect(signIn.status).toBe(200);
    return `session=${signIn.body.token}`;
  }

  it("for a reader of the list: the list's opening page, which the API answers for that session", async () => {
    const company = await sessionOf('company');
    const [users] = await askedAhead('/company/user', company);
    expect(users).toBe('/api/company/model/user?_start=0&_end=25&_sort=meta.createdAt&_order=desc&meta.archived=false&email.anonymous=false');
    const answer = await request(app.getHttpServer()).get(users).set('Cookie', company);
    expect([answer.status, Array.isArray(answer.body) && answer.body.length > 0]).toEqual([200, true]);
    expect(await askedAhead('/company/merchant/product', company)).toEqual(['/api/company/model/product?_start=0&_end=25&_sort=nameLocalized.full.en&_order=asc&_populate=merchantRef.merchant']);
  });

  it("for a reader of the record: an edit screen's record", async () => {
    const company = await sessionOf('company');
    const [record] = await askedAhead(`/company/user/${staff.finance}/edit`, company);
    expect(record).toBe(`/api/company/model/user/${staff.finance}`);
    const answer = await request(app.getHttpServer()).get(record).set('Cookie', company);
    expect([answer.status, answer.body._id]).toEqual([200, staff.finance]);
    expect(await askedAhead(`/company/user/${staff.finance}/edit`, await sessionOf('finance'))).toEqual([]);
    expect(await askedAhead('/company/user/create/edit', company)).toEqual([]);
    expect(await askedAhead(`/company/event/${staff.finance}/module-timeslot/${staff.finance}/edit`, company)).toEqual([]);
  });

  it('nothing for a visitor who may not read the list, an unknown session, an address with list state, or a screen that opens on something else', async () => {
    const company = await sessionOf('company');
    expect(await askedAhead('/company/user', await sessionOf('finance'))).toEqual([]);
    expect(await askedAhead('/company/user', 'session=unknown-token')).toEqual([]);
    expect(await askedAhead('/company/user?current=2&pageSize=25', company)).toEqual([]);
    expect(await askedAhead('/company/finance/transaction', company)).toEqual([]);
  });
});

describe('security headers', () => {
  it('give the admin and the API docs the document set, and API answers the data set: nothing may run, frame or embed them', async () => {
    const http = request(app.getHttpServer());
    for (const path of ['/company/user', '/api/docs']) {
      const page = await http.get(path).redirects(1);
      expect(page.headers['content-security-policy'], path).toContain("script-src 'self'");
      expect([page.headers['x-content-type-options'], page.headers['cross-origin-opener-policy']], path).toEqual(['nosniff', 'same-origin']);
    }
    const answer = await http.get('/api/health');
    expect(answer.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=/);
  });
});
