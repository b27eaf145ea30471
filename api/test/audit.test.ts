import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { auditDiff } from '../src/audit/audit-diff';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;

describe('audit log', () => {
  it('records every kind of write with actor, time, model, id and changed paths, and is read-only', async () => {
    const token = await t.token('company');
    const created = await t.http.post(url('merchant')).set(bearer(token)).send({ name: { full: 'Audited' } });
    const id = created.body._id;
    await t.http.patch(url('merchant', `/${id}`)).set(bearer(token)).send({ name: { full: 'Audited twice' } });
    await t.http.post(url('merchant', `/${id}/archive`)).set(bearer(token));
    await t.http.post(url('merchant', `/${id}/unarchive`)).set(bearer(token));
    await t.http.delete(url('merchant', `/${id}`)).set(bearer(token));

    const entries = await t.http.get(url('auditLog')).query({ recordId: id, _sort: 'at.unix', _order: 'asc' }).set(bearer(token));
    expect(entries.status).toBe(200);
    expect(entries.body.map((entry: { action: string }) => entry.action)).toEqual(['create', 'update', 'archive', 'unarchive', 'delete']);
    const update = entries.body[1];
    expect(update.actorRef.userId).toBe(t.userIds.a.company);
    expect(update.model).toBe('merchant');
    expect(update.changes).toContainEqual({ path: 'name.full', old: 'Audited', new: 'Audited twice' });
    expect(typeof update.at.unix).toBe('number');
    // a create and a delete hold the whole document
    expect(entries.body[0].changes).toEqual([{ path: '', old: null, new: expect.objectContaining({ name: { full: 'Audited' } }) }]);
    expect(entries.body[4].changes).toEqual([{ path: '', old: expect.objectContaining({ name: { full: 'Audited twice' } }), new: null }]);

    expect((await t.http.post(url('auditLog')).set(bearer(token)).send({})).status).toBe(403);
    expect((await t.http.delete(url('auditLog', `/${update._id}`)).set(bearer(token))).status).toBe(403);
    expect((await t.http.get(url('auditLog')).set(bearer(await t.token('merchant')))).status).toBe(403);
  });

  it('redacts secrets such as password hashes', () => {
    const user = findResource('user')!;
    const changes = auditDiff(user, { security: { password: { value: '$argon2id$old' } } }, { security: { password: { value: '$argon2id$new' } } });
    expect(changes).toEqual([{ path: 'security.password.value', old: '[redacted]', new: '[redacted]' }]);
    const created = { email: { value: 'a@example.test' }, security: { password: { value: '$argon2id$new' } } };
    expect(auditDiff(user, null, created)).toEqual([{ path: '', old: null, new: { email: { value: 'a@example.test' }, security: { password: { value: '[redacted]' } } } }]);
    expect(created.security.password.value).toBe('$argon2id$new');
  });
});
