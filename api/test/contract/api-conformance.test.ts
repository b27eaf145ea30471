import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allResources } from '@backoffice/resources';
import { modelOperations } from '../../src/openapi/model-operations';
import { referenceTargetsThroughApi, sampleReferences } from '../support/sample-record';
import { type TestApp, startTestApp } from '../support/test-app';
import { DocumentCheck } from './conformance/document-check';
import { domainCalls } from './conformance/domain-calls';
import { ModelRecords, modelSuccessCalls } from './conformance/model-calls';
import { modelRefusalCalls } from './conformance/model-refusal-calls';
import { ConformanceRunner } from './conformance/runner';

/**
 * Every documented operation of every model (from the registry) and every domain route is called: its success and
 * each refusal it documents, each answer checked against the document (status, media type, body). A change that
 * makes the code and the document disagree fails here.
 */
let t: TestApp;
let check: DocumentCheck;
let runner: ConformanceRunner;
let records: ModelRecords;

beforeAll(async () => {
  t = await startTestApp();
  const document = await t.http.get('/api/docs-json');
  expect(document.status, document.text.slice(0, 500)).toBe(200);
  check = new DocumentCheck(document.body);
  runner = new ConformanceRunner(t, check, ConformanceRunner.contractsOf(allResources().flatMap(modelOperations)));
  records = new ModelRecords(t, await referenceTargetsThroughApi(t, await t.token('super'), sampleReferences(allResources())));
}, 300_000);
afterAll(() => t?.close());

describe('live answers against the OpenAPI document', () => {
  it.each(allResources().map((def) => [def.name, def] as const))('every operation of %s', async (_, def) => {
    await runner.run([...(await modelSuccessCalls(def, records)), ...(await modelRefusalCalls(def, records, t))]);
  }, 300_000);

  it('every domain route', async () => {
    await runner.run(await domainCalls(t, records));
  }, 600_000);

  it('showed every documented status of every operation, each answer as documented', () => {
    const conforming = check.checked - check.mismatches.length;
    console.log(`OpenAPI: ${check.operations.size} documented operations; ${check.checked} live answers checked, ${conforming} conforming`);
    expect({ wrongStatus: runner.wrongStatus, mismatches: check.mismatches, unshown: check.unshown() }).toEqual({ wrongStatus: [], mismatches: [], unshown: [] });
  });
});
