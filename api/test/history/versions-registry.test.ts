import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allResources, getPath, resolveField, setPath } from '@backoffice/resources';
import { type ReferenceTargets, referenceTargetsThroughApi, sampleReferences } from '../support/sample-record';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { changeableText, editableSample, textValue } from './changeable-field';

// Generated from the registry: every model's reads carry a version (ETag), and its patch, delete, archive and
// unarchive refuse a stale If-Match with 412, the current version and record, leaving the record as it was.
let t: TestApp;
let superToken: string;
let targets: ReferenceTargets;
const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;
const WEAK_TAG = /^W\/"[A-Za-z0-9_-]+"$/;

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.token('super');
  targets = await referenceTargetsThroughApi(t, superToken, sampleReferences(allResources()));
});
afterAll(() => t.close());

const patchable = allResources().filter((def) => def.access.create !== false && def.access.update !== false && changeableText(def));

describe.each(patchable.map((def) => [def.name, def] as const))('versions of %s', (name, def) => {
  it('answers 412 with the current version and record to a stale If-Match on every write that takes one', async () => {
    const path = changeableText(def)!;
    const field = resolveField(def, path)!;
    const created = await t.http.post(url(name)).set(bearer(superToken)).send(editableSample(def, targets));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id;
    const read = await t.http.get(url(name, `/${id}`)).set(bearer(superToken));
    const first = read.headers.etag;
    expect(first).toMatch(WEAK_TAG);

    const change = (n: number) => {
      const body = {};
      setPath(body, path, textValue(field, n));
      return body;
    };
    const patched = await t.http.patch(url(name, `/${id}`)).set(bearer(superToken)).set('If-Match', first).send(change(1));
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const second = patched.headers.etag;
    expect(second).toMatch(WEAK_TAG);
    expect(second).not.toBe(first);
    // the version a write answers is the one the next read gives
    expect((await t.http.get(url(name, `/${id}`)).set(bearer(superToken))).headers.etag).toBe(second);

    const stale = await t.http.patch(url(name, `/${id}`)).set(bearer(superToken)).set('If-Match', first).send(change(2));
    expect(stale.status).toBe(412);
    expect(stale.body.version).toBe(second);
    expect(stale.body.record._id).toBe(id);
    expect(getPath(stale.body.record, path)).toBe(textValue(field, 1));
    const attempts = [
      ...(def.archivable ? [t.http.post(url(name, `/${id}/archive`)), t.http.post(url(name, `/${id}/unarchive`))] : []),
      ...(def.access.delete !== false ? [t.http.delete(url(name, `/${id}`))] : []),
    ];
    for (const attempt of attempts) expect((await attempt.set(bearer(superToken)).set('If-Match', first)).status).toBe(412);
    const after = await t.http.get(url(name, `/${id}`)).set(bearer(superToken));
    expect(after.headers.etag).toBe(second);

    // the current version, or none at all, writes as before
    if (def.archivable) {
      expect((await t.http.post(url(name, `/${id}/archive`)).set(bearer(superToken)).set('If-Match', second)).status).toBe(200);
      expect((await t.http.post(url(name, `/${id}/unarchive`)).set(bearer(superToken))).status).toBe(200);
    }
    expect((await t.http.patch(url(name, `/${id}`)).set(bearer(superToken)).send(change(3))).status).toBe(200);
    if (def.access.delete !== false) {
      const current = (await t.http.get(url(name, `/${id}`)).set(bearer(superToken))).headers.etag;
      expect((await t.http.delete(url(name, `/${id}`)).set(bearer(superToken)).set('If-Match', current)).status).toBe(200);
    }
  });
});

describe('versions of a record made by no create (the company)', () => {
  it('carries a version and refuses a stale If-Match', async () => {
    const token = await t.token('company');
    const first = (await t.http.get(url('company', `/${t.companies.a}`)).set(bearer(token))).headers.etag;
    expect(first).toMatch(WEAK_TAG);
    expect((await t.http.patch(url('company', `/${t.companies.a}`)).set(bearer(token)).set('If-Match', first).send({ name: { full: 'Company A, renamed' } })).status).toBe(200);
    const stale = await t.http.patch(url('company', `/${t.companies.a}`)).set(bearer(token)).set('If-Match', first).send({ name: { full: 'Company A again' } });
    expect(stale.status).toBe(412);
    expect(stale.body.record.name.full).toBe('Company A, renamed');
  });
});

describe('If-Match under concurrency', () => {
  it('lets exactly one of several writes naming the same version through, checked inside the write', async () => {
    const created = await t.http.post(url('merchant')).set(bearer(superToken)).send({ name: { full: 'Race' } });
    const version = (await t.http.get(url('merchant', `/${created.body._id}`)).set(bearer(superToken))).headers.etag;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => t.http.patch(url('merchant', `/${created.body._id}`)).set(bearer(superToken)).set('If-Match', version).send({ name: { full: `Race ${n}` } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412, 412, 412, 412, 412]);
    const winner = answers.find((answer) => answer.status === 200)!;
    for (const loser of answers.filter((answer) => answer.status === 412)) expect(loser.body.version).toBe(winner.headers.etag);
  });

  it('matches any version with *, and the version without its weak prefix', async () => {
    const created = await t.http.post(url('merchant')).set(bearer(superToken)).send({ name: { full: 'Star' } });
    const version: string = (await t.http.get(url('merchant', `/${created.body._id}`)).set(bearer(superToken))).headers.etag;
    expect((await t.http.patch(url('merchant', `/${created.body._id}`)).set(bearer(superToken)).set('If-Match', version.slice(2)).send({ name: { full: 'Star 1' } })).status).toBe(200);
    expect((await t.http.patch(url('merchant', `/${created.body._id}`)).set(bearer(superToken)).set('If-Match', '*').send({ name: { full: 'Star 2' } })).status).toBe(200);
  });
});
