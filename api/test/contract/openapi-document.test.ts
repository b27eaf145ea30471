import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../support/test-app';

let t: TestApp;
let document: Parameters<typeof validate>[0];

beforeAll(async () => {
  t = await startTestApp();
  const response = await t.http.get('/api/docs-json');
  expect(response.status, JSON.stringify(response.body).slice(0, 2000)).toBe(200);
  document = response.body;
});
afterAll(() => t?.close());

describe('the OpenAPI document', () => {
  it("passes @readme/openapi-parser's strict validation", async () => {
    const result = await validate(structuredClone(document), { validate: { errors: { colorize: false } } });
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });
});
