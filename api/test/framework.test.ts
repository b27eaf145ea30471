import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access, defineResource, f, metaFields, registerResource } from '@backoffice/resources';
import { applyResourceDdl } from '../src/database/resource-ddl';
import { pendingResourceStatements } from '../scripts/generate-migration';
import { referenceTargetsThroughApi } from './support/sample-record';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the resource framework', () => {
  it('has committed migrations for every definition', () => {
    expect(pendingResourceStatements()).toEqual([]);
  });

  it('gives a new definition a working API, with nothing else written', async () => {
    const gadget = defineResource({
      name: 'gadget',
      label: 'Gadget',
      scope: 'company',
      titlePath: 'name.full',
      fields: [
        f.text('name.full', { required: true, max: 20, indexed: true, searchable: true, sortable: true }),
        f.integer('stock', { min: 0, indexed: true }),
        ...metaFields(),
      ],
      list: { columns: ['name.full'], defaultSort: [{ field: 'name.full', order: 'asc' }], searchable: ['name.full'] },
      access: access({ read: ['merchant'], write: ['merchant'] }),
      archivable: true,
    });
    registerResource(gadget);
    await applyResourceDdl(t.db, gadget);
    const token = await t.token('merchant');
    const created = await t.http.post('/api/company/model/gadget').set(bearer(token)).send({ name: { full: 'Sprocket' }, stock: 3 });
    expect(created.status).toBe(201);
    expect((await t.http.post('/api/company/model/gadget').set(bearer(token)).send({ name: { full: 'Gear' }, stock: -1 })).body.errors).toEqual([
      { field: 'stock', message: 'stock must be at least 0' },
    ]);
    const listed = await t.http.get('/api/company/model/gadget').query({ 'stock_gte': '1', q: 'sprock' }).set(bearer(token));
    expect(listed.body.map((record: { name: { full: string } }) => record.name.full)).toEqual(['Sprocket']);
    expect((await t.http.post(`/api/company/model/gadget/${created.body._id}/archive`).set(bearer(token))).body.meta.archived).toBe(true);
    expect((await t.http.get('/api/company/model/gadget').set(bearer(await t.token('finance')))).status).toBe(403);
    const docs = await t.http.get('/api/docs-json');
    expect(docs.body.paths['/api/company/model/gadget/{id}']).toBeDefined();
    // an indexed field gets a typed column and an index; a column-only field the column alone
    const columns = await t.db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'gadget' ORDER BY column_name`);
    expect(columns.map((column) => column.column_name)).toEqual(expect.arrayContaining(['name_full', 'stock']));
    const indexes = await t.db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'gadget' ORDER BY indexname`);
    expect(indexes.map((index) => index.indexname)).toEqual([
      'gadget_company_idx', 'gadget_meta_archived_idx', 'gadget_name_full_idx', 'gadget_pkey', 'gadget_search_idx', 'gadget_stock_idx',
    ]);
  });

  it('writes payments and audit entries with only the indexes their lists use', async () => {
    const indexes = async (table: string) =>
      (await t.db.query<{ indexname: string }>('SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1 ORDER BY indexname', [table])).map((index) => index.indexname);
    expect(await indexes('payment')).toEqual([
      'payment_bank_queue_idx', 'payment_company_idx', 'payment_pkey', 'payment_refund_of_idx', 'payment_refundable_idx',
      'payment_state_put_at_unix_idx', 'payment_user_ref_user_id_idx',
    ]);
    expect(await indexes('audit_log')).toEqual([
      'audit_log_actor_ref_user_id_idx', 'audit_log_at_unix_idx', 'audit_log_company_idx', 'audit_log_pkey', 'audit_log_record_id_idx',
    ]);
  });
});

describe('OpenAPI description', () => {
  it('describes every resource route with schemas from the definitions', async () => {
    const response = await t.http.get('/api/docs-json');
    expect(response.status).toBe(200);
    const { paths, components } = response.body;
    expect(paths['/api/auth/login'].post).toBeDefined();
    // a list offers _populate where its model has references to populate
    expect(paths['/api/company/model/product'].get.parameters.map((p: { name: string }) => p.name)).toContain('_populate');
    expect(components.schemas.merchant.properties.name.properties.full.maxLength).toBe(50);
    expect(components.schemas.user.properties.security?.properties?.password).toBeUndefined();
    expect(paths['/api/company/model/{model}']).toBeUndefined();
  });
});

describe('timeslot delete rule', () => {
  it("refuses to delete a timeslot with guests or of kind 'mux' (409) and deletes an empty one", async () => {
    const token = await t.token('event');
    const existing = await referenceTargetsThroughApi(t, await t.token('company'), ['event', 'eventGuest']);
    const base = { name: { full: 'Morning' }, start: { unix: 1_700_000_000 }, end: { unix: 1_700_003_600 }, eventRef: { eventId: existing.get('event') } };
    const create = async (extra: object) => (await t.http.post('/api/company/model/timeslot').set(bearer(token)).send({ ...base, ...extra })).body._id;
    const withGuests = await create({ eventGuestRef: [{ eventGuestId: existing.get('eventGuest') }] });
    const mux = await create({ kind: 'mux' });
    const empty = await create({});
    expect((await t.http.delete(`/api/company/model/timeslot/${withGuests}`).set(bearer(token))).status).toBe(409);
    expect((await t.http.delete(`/api/company/model/timeslot/${mux}`).set(bearer(token))).status).toBe(409);
    expect((await t.http.delete(`/api/company/model/timeslot/${empty}`).set(bearer(token))).status).toBe(200);
    expect((await t.http.get(`/api/company/model/timeslot/${withGuests}`).set(bearer(token))).status).toBe(200);
  });
});
