import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../support/test-app';

/**
 * A consumer's client: openapi-typescript generates the types of the document, and a small program typed by them
 * (list, read, create and update of a model, a domain call) compiles with tsc.
 */
const PROGRAM = `
import type { components, paths } from './api';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Merchants = paths['/api/company/model/merchant'];
type Merchant = components['schemas']['merchant'];

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(\`https://backoffice.example\${path}\`, { method, headers: { Authorization: 'Bearer token', 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return (await response.json()) as T;
}

export async function useTheApi(): Promise<string[]> {
  const query: NonNullable<Merchants['get']['parameters']['query']> = { _start: 0, _end: 25, _sort: 'name.full', _order: 'asc', 'name.full_like': 'bar', 'meta.archived': false };
  const page = await call<Json<Merchants['get']['responses'][200]>>('GET', \`/api/company/model/merchant?\${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}\`);
  const names: string[] = page.map((merchant: Merchant) => merchant.name?.full ?? merchant._id);
  const draft: Json<Merchants['post']['requestBody']> = { name: { full: 'Main Bar' } };
  const created = await call<Json<Merchants['post']['responses'][201]>>('POST', '/api/company/model/merchant', draft);
  const read = await call<Json<paths['/api/company/model/merchant/{id}']['get']['responses'][200]>>('GET', \`/api/company/model/merchant/\${created._id}\`);
  const change: Json<paths['/api/company/model/merchant/{id}']['patch']['requestBody']> = { name: { description: 'Beside the stage' } };
  const updated = await call<Json<paths['/api/company/model/merchant/{id}']['patch']['responses'][200]>>('PATCH', \`/api/company/model/merchant/\${read.id}\`, change);
  const balance = await call<Json<paths['/api/company/finance/user/{userId}/balance']['get']['responses'][200]>>('GET', \`/api/company/finance/user/\${updated._id}/balance\`);
  const cents: number = balance.balance.cents;
  const refused = await call<Json<paths['/api/company/finance/user/{userId}/balance']['get']['responses'][404]>>('GET', '/api/company/finance/user/0/balance');
  return [...names, String(cents), refused.message];
}
`;

let t: TestApp;
let folder: string;

beforeAll(async () => {
  t = await startTestApp();
  folder = mkdtempSync(join(tmpdir(), 'api-client-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t?.close();
});

it('generates types with openapi-typescript that compile with a typed program using them', async () => {
  const document = (await t.http.get('/api/docs-json')).body;
  writeFileSync(join(folder, 'api.d.ts'), astToString(await openapiTS(document)));
  writeFileSync(join(folder, 'program.ts'), PROGRAM);
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ES2022', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], skipLibCheck: false, types: [] }, files: ['program.ts', 'api.d.ts'] }));
  const tsc = require.resolve('typescript/bin/tsc');
  const compiled = await promisify(execFile)(process.execPath, [tsc, '-p', folder]).then(() => '', (error: { stdout?: string }) => error.stdout ?? String(error));
  expect(compiled).toBe('');
}, 120_000);
