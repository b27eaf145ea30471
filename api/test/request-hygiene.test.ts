import type { ArgumentsHost } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KINDS, MAX_IMPORT_ROWS, RESOURCES, importFields } from '@backoffice/resources';
import { HttpExceptionFilter } from '../src/common/http-exception.filter';
import { MAX_SEARCH_LENGTH } from '../src/common/request-hygiene';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/database/open-database';
import { DEMO_PASSWORD } from '../src/demo/sign-ins';
import { payment, user } from './finance/finance-fixtures';
import { sampleValue } from './support/sample-record';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;

describe('searching', () => {
  it('matches % and _ in q literally, and refuses q on a list without searchable fields and over the maximum length', async () => {
    const token = await t.token('merchant');
    for (const name of ['100% juice', '100 juice', 'cold_brew', 'coldxbrew']) {
      expect((await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: name } })).status).toBe(201);
    }
    const names = async (q: string) => (await t.http.get(url('merchant')).query({ q }).set(bearer(token))).body.map((row: { name: { full: string } }) => row.name.full).sort();
    expect(await names('100%')).toEqual(['100% juice']);
    expect(await names('old_b')).toEqual(['cold_brew']);
    // a search the trigram indexes cannot narrow would read the whole table: three letters or digits in a row
    const bare = await t.http.get(url('merchant')).query({ q: '%%%' }).set(bearer(token));
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual([{ field: 'q', message: 'needs at least 3 letters or digits in a row' }]);
    expect((await t.http.get(url('merchant')).query({ q: 'x'.repeat(MAX_SEARCH_LENGTH) }).set(bearer(token))).status).toBe(200);
    const long = await t.http.get(url('merchant')).query({ q: 'x'.repeat(MAX_SEARCH_LENGTH + 1) }).set(bearer(token));
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'q', message: 'at most 200 characters' }]);
    const guests = await t.http.get(url('eventGuest')).query({ q: 'anna' }).set(bearer(await t.token('event')));
    expect(guests.status).toBe(400);
    expect(guests.body.errors).toEqual([{ field: 'q', message: 'this list cannot be searched' }]);
  });
});

describe('bodies and query strings', () => {
  it('names the field holding a NUL character or a lone surrogate, and refuses keys that reach a prototype', async () => {
    const token = await t.token('merchant');
    const nul = await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([{ field: 'name.full', message: 'must not contain NUL characters' }]);
    const surrogate = await t.http.post(url('merchant')).set(bearer(token)).set('Content-Type', 'application/json').send('{"name":{"full":"a\\udc00"}}');
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors).toEqual([{ field: 'name.full', message: 'must not contain lone surrogate characters' }]);
    const proto = await t.http.post(url('merchant')).set(bearer(token)).set('Content-Type', 'application/json').send('{"name":{"full":"x"},"layout":{"__proto__":{"x":1}}}');
    expect(proto.status).toBe(400);
    expect(proto.body.errors[0].field).toBe('layout.__proto__');
  });

  it('refuses a body nested deeper than 64 levels, answers 413 over the size limit and keeps room for a full import', async () => {
    const token = await t.token('merchant');
    const deep = await t.http.post(url('merchant')).set(bearer(token)).set('Content-Type', 'application/json').send(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`);
    expect(deep.status).toBe(400);
    expect(deep.body.message).toMatch(/nested deeper than 64 levels/);
    const large = await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: 'x'.repeat(1_100_000) } });
    expect(large.status).toBe(413);
    expect(large.headers['cache-control']).toBe('no-store');

    // the import wizard sends {import: {headers, rows}}: the model with the most import columns, every cell filled
    const def = [...RESOURCES].sort((a, b) => importFields(b).length - importFields(a).length)[0];
    const columns = importFields(def);
    const cells = columns.map(([path, field]) => KINDS[field.kind].toCsv(sampleValue(field) ?? 'x', { ...field, path }) || 'x'.repeat(20));
    const body = JSON.stringify({ import: { headers: columns.map(([path]) => path), rows: Array.from({ length: MAX_IMPORT_ROWS }, () => cells) } });
    console.log(`an import of ${MAX_IMPORT_ROWS} ${def.name} rows with ${columns.length} columns is ${(body.length / 1e6).toFixed(1)} MB`);
    const imported = await t.http.post(url(def.name, '/import')).query({ 'validate-only': 'true' }).set(bearer(await t.token('super'))).set('Content-Type', 'application/json').send(body);
    expect(imported.status).not.toBe(413);
    expect(imported.status).toBeLessThan(500);
  }, 120_000);

  it('refuses query parameters of the wrong shape and row numbers out of bounds', async () => {
    const token = await t.token('company');
    const refused = async (query: string, field: string) => {
      const response = await t.http.get(`${url('user')}?${query}`).set(bearer(token));
      expect(response.status, query).toBe(400);
      expect(response.body.errors[0].field, query).toBe(field);
    };
    await refused('_select[x]=1', '_select[x]');
    await refused('_sort=_id&_sort=email.value', '_sort');
    await refused('_start=99999999999999999999', '_start');
    await refused('_end=1e3', '_end');
    await refused('constructor=1', 'constructor');
    await refused('meta.createdAt_gte=99999999999999999999', 'meta.createdAt');
    const page = await t.http.get('/api/company/finance/payment?start=0&end=1000&_start=99999999999999999999').set(bearer(await t.token('finance')));
    expect(page.status).toBe(400);
  });
});

describe('answers', () => {
  it('marks every API answer no-store, errors included', async () => {
    expect((await t.http.get(url('user')).set(bearer(await t.token('company')))).headers['cache-control']).toBe('no-store');
    expect((await t.http.get(url('user'))).headers['cache-control']).toBe('no-store');
    expect((await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"email":')).headers['cache-control']).toBe('no-store');
  });

  it('lists every route of the API in the OpenAPI document', async () => {
    const document = (await t.http.get('/api/docs-json')).body as { paths: Record<string, Record<string, unknown>> };
    const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
    // the metrics scrape and the backup copy are for operators on the host, left out of the description on purpose
    const operatorsOnly = ['/api/metrics', '/api/ops/pglite-backup'];
    const routes = router.stack
      .filter((layer) => layer.route?.path.startsWith('/api/') && !layer.route.path.startsWith('/api/docs') && !operatorsOnly.includes(layer.route.path))
      .flatMap((layer) => Object.keys(layer.route!.methods).map((method) => [method, layer.route!.path] as const));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter(([method, path]) => {
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      const documented = (candidate: string) => Boolean(document.paths[candidate]?.[method]);
      // the routes of every model are documented per model, where the model offers them
      return !documented(openApiPath) && !RESOURCES.some((def) => documented(openApiPath.replace('{model}', def.name)));
    });
    expect(missing).toEqual([]);
    for (const path of ['/api/company/model/user/import', '/api/company/model/user/import/patch', '/api/company/model/user/export', '/api/company/model/user/schema']) {
      expect(document.paths[path], path).toBeDefined();
    }
  });

  it('answers refund-iban without a valid bank account with 422, and 502 only when the provider fails', async () => {
    const token = await t.token('finance');
    for (const iban of [null, 'NL00ABNA0123456789']) {
      const userId = await user(t, { iban });
      await payment(t, { userId, type: 'pin', cents: 3000, left: 500 });
      const response = await t.http.post(`/api/company/finance/user/${userId}/refund-iban`).set(bearer(token));
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ message: 'Could not refund!', reason: 'no-valid-iban' });
    }
    const userId = await user(t);
    await payment(t, { userId, cents: 2500, left: 2500, transactionId: 'EX-FAIL-0000-0009' });
    const outage = await t.http.post(`/api/company/finance/user/${userId}/refund`).set(bearer(token));
    expect(outage.status).toBe(502);
    expect(outage.body).toMatchObject({ message: 'Could not refund payments', reason: 'some-failed' });
  });

  it('answers a statement stopped by the timeout with 503 and a database refusal with 400, not 500', () => {
    const filter = new HttpExceptionFilter();
    const answer = (exception: unknown) => {
      const sent: { status?: number; body?: { message: string } } = {};
      const response = { status: (status: number) => ((sent.status = status), response), json: (body: { message: string }) => (sent.body = body) };
      filter.catch(exception, { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost);
      return sent;
    };
    expect(answer(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toMatchObject({ status: 503, body: { message: expect.stringMatching(/took too long/) } });
    expect(answer(Object.assign(new Error('bigint out of range'), { code: '22003' }))).toMatchObject({ status: 400 });
  });
});

describe('statement timeout', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))('stops a statement on the server that runs longer than STATEMENT_TIMEOUT_MS', async () => {
    const config = loadConfig({ ...process.env, STATEMENT_TIMEOUT_MS: '200' });
    const db = await openDatabase({ ...config, dataDir: null });
    try {
      await expect(db.query('SELECT pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
      await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(2)'))).rejects.toMatchObject({ code: '57014' });
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});

describe('configuration', () => {
  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
  });

  it('ignores X-Forwarded-For when no proxy is trusted, so a client cannot pick the address it is throttled by', async () => {
    const email = t.emailOf('application');
    for (let attempt = 0; attempt < 10; attempt++) {
      const failed = await t.http.post('/api/auth/login').set('X-Forwarded-For', `203.0.113.${attempt}`).send({ email, password: `wrong-${attempt}` });
      expect(failed.status).toBe(401);
    }
    const limited = await t.http.post('/api/auth/login').set('X-Forwarded-For', '198.51.100.7').send({ email, password: DEMO_PASSWORD });
    expect(limited.status).toBe(429);
  });
});
