import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { newId } from '../../src/common/object-id';
import { bulkInsert } from '../../src/database/bulk-insert';
import { type TestApp, bearer, startTestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (rest = '') => `/api/company/model/savedView${rest}`;
const view = (extra: Record<string, unknown> = {}) => ({ name: { full: 'Bars' }, model: 'merchant', columns: [{ path: 'name.full', width: 240 }], sort: [{ field: 'name.full', order: 'asc' }], ...extra });
const idsOf = (records: { _id: string }[]) => records.map((record) => record._id);

describe('saved views: the owner rule', () => {
  it("keeps a personal view its owner's, lets the company read a shared one, and lets only the owner change either", async () => {
    const owner = await t.token('company');
    const colleague = await t.token('merchant');
    const personal = (await t.http.post(url()).set(bearer(owner)).send({ ...view(), ownerRef: { userId: t.userIds.a.merchant } })).body;
    expect(personal.ownerRef).toEqual({ userId: t.userIds.a.company });
    const shared = (await t.http.post(url()).set(bearer(owner)).send(view({ name: { full: 'Shared bars' }, shared: true }))).body;

    expect(idsOf((await t.http.get(url()).query({ model: 'merchant' }).set(bearer(owner))).body)).toEqual(expect.arrayContaining([personal._id, shared._id]));
    const seen = await t.http.get(url()).query({ model: 'merchant' }).set(bearer(colleague));
    expect(idsOf(seen.body)).toContain(shared._id);
    expect(idsOf(seen.body)).not.toContain(personal._id);
    expect(idsOf((await t.http.get('/api/company/saved-views/merchant').set(bearer(colleague))).body)).toEqual([shared._id]);
    expect((await t.http.get(url(`/${personal._id}`)).set(bearer(colleague))).status).toBe(404);
    expect((await t.http.get(url(`/${shared._id}`)).set(bearer(colleague))).status).toBe(200);
    expect((await t.http.get(url(`/${personal._id}/history`)).set(bearer(colleague))).status).toBe(404);

    for (const write of [t.http.patch(url(`/${shared._id}`)).send({ name: { full: 'Taken' } }), t.http.delete(url(`/${shared._id}`))]) {
      expect((await write.set(bearer(colleague))).status).toBe(404);
    }
    expect((await t.http.patch(url(`/${shared._id}`)).set(bearer(owner)).send({ shared: false })).status).toBe(200);
    expect((await t.http.get(url(`/${shared._id}`)).set(bearer(colleague))).status).toBe(404);
    expect((await t.http.delete(url(`/${personal._id}`)).set(bearer(owner))).status).toBe(200);
    // a copy of a view one may read is one's own
    const copy = await t.http.post(url(`/${shared._id}/duplicate`)).set(bearer(owner));
    expect(copy.body.ownerRef).toEqual({ userId: t.userIds.a.company });
  });
});

describe('saved views: checked against the definition and the reader', () => {
  it('refuses a view of a list that does not exist or naming a field its model does not have', async () => {
    const token = await t.token('company');
    const unknownModel = await t.http.post(url()).set(bearer(token)).send(view({ model: 'gizmo' }));
    expect(unknownModel.status).toBe(400);
    expect(unknownModel.body.errors[0].field).toBe('model');
    const unknownField = await t.http.post(url()).set(bearer(token)).send(view({ columns: [{ path: 'name.full' }, { path: 'colour' }], filters: [{ field: 'flavour', operator: 'eq', value: 'x' }] }));
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors.map((error: { field: string }) => error.field)).toEqual(['columns.1.path', 'filters.0.field']);
  });

  it('leaves out, with a notice, the fields a reader may not read and those the model no longer has', async () => {
    const company = await t.token('company');
    const shared = await t.http.post(url()).set(bearer(company)).send({
      name: { full: 'Payouts' },
      model: 'user',
      shared: true,
      columns: [{ path: 'name.full', width: 200 }, { path: 'pay.iban', width: 180 }],
      filters: [{ field: 'pay.iban', operator: 'like', value: 'NL91' }],
      sort: [{ field: 'pay.iban', order: 'asc' }],
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    // a view stored before a field was taken out of the definition
    const legacy = { name: { full: 'Old' }, model: 'user', shared: true, columns: [{ path: 'name.full' }, { path: 'legacy.code' }], ownerRef: { userId: t.userIds.a.company } };
    await bulkInsert(t.db, findResource('savedView')!, [{ id: newId(), companyId: t.companies.a, doc: legacy }]);

    const asCompany = (await t.http.get('/api/company/saved-views/user').set(bearer(company))).body;
    expect(asCompany.find((one: { _id: string }) => one._id === shared.body._id)).toMatchObject({ columns: [{ path: 'name.full' }, { path: 'pay.iban' }], dropped: [] });
    const asUserAdmin = (await t.http.get('/api/company/saved-views/user').set(bearer(await t.token('user')))).body;
    expect(asUserAdmin.map((one: { name: { full: string } }) => one.name.full)).toEqual(['Old', 'Payouts']);
    expect(asUserAdmin[1]).toMatchObject({ columns: [{ path: 'name.full', width: 200 }], filters: [], sort: [], dropped: [{ path: 'pay.iban', reason: 'hidden' }] });
    expect(asUserAdmin[0]).toMatchObject({ columns: [{ path: 'name.full' }], dropped: [{ path: 'legacy.code', reason: 'unknown' }] });
    expect((await t.http.get('/api/company/saved-views/user').set(bearer(await t.token('merchant')))).status).toBe(403);
  });

  it('reads a shared view so on every path: the generic list and record, never its history but by its owner', async () => {
    const company = await t.token('company');
    const userAdmin = await t.token('user');
    const shared = await t.http.post(url()).set(bearer(company)).send({
      name: { full: 'Ibans' },
      model: 'user',
      shared: true,
      columns: [{ path: 'name.full' }, { path: 'pay.iban' }],
      filters: [{ field: 'pay.iban', operator: 'like', value: 'NL02SECRET' }],
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const id = shared.body._id as string;
    const readerSees = { columns: [{ path: 'name.full' }], filters: [], dropped: [{ path: 'pay.iban', reason: 'hidden' }] };
    const one = await t.http.get(url(`/${id}`)).set(bearer(userAdmin));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject(readerSees);
    const list = await t.http.get(url('?model=user')).set(bearer(userAdmin));
    expect(list.body.find((view: { _id: string }) => view._id === id)).toMatchObject(readerSees);
    expect(JSON.stringify([one.body, list.body])).not.toContain('NL02SECRET');
    const history = await t.http.get(url(`/${id}/history`)).set(bearer(userAdmin));
    expect([history.status, JSON.stringify(history.body)]).toEqual([404, expect.not.stringContaining('NL02SECRET')]);
    // the owner reads it whole, its history too
    expect((await t.http.get(url(`/${id}`)).set(bearer(company))).body).toMatchObject({ filters: [{ field: 'pay.iban', value: 'NL02SECRET' }], dropped: [] });
    expect((await t.http.get(url(`/${id}/history`)).set(bearer(company))).status).toBe(200);
  });
});
