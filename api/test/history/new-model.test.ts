import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryEntry, access, defineResource, f, metaFields, registerResource } from '@backoffice/resources';
import { applyResourceDdl } from '../../src/database/resource-ddl';
import { type TestApp, bearer, startTestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a model defined today', () => {
  it('gets history, restore, versions, saved views, the search and the activity view with nothing of its own', async () => {
    const widget = defineResource({
      name: 'widget',
      label: 'Widget',
      labelPlural: 'Widgets',
      scope: 'company',
      titlePath: 'name.full',
      fields: [
        f.text('name.full', { label: 'Name', required: true, max: 40, indexed: true, searchable: true, sortable: true }),
        f.integer('size', { label: 'Size', min: 0 }),
        ...metaFields(),
      ],
      list: { columns: ['name.full', 'size'], defaultSort: [{ field: 'name.full', order: 'asc' }], searchable: ['name.full'] },
      access: access({ read: ['merchant'], write: ['merchant'] }),
      archivable: true,
      screens: { route: '/company/widget', generated: true },
    });
    registerResource(widget);
    await applyResourceDdl(t.db, widget);
    const token = await t.token('merchant');
    const url = (rest = '') => `/api/company/model/widget${rest}`;

    const created = await t.http.post(url()).set(bearer(token)).send({ name: { full: 'Sprocket' }, size: 3 });
    const id = created.body._id;
    const version = (await t.http.get(url(`/${id}`)).set(bearer(token))).headers.etag;
    expect((await t.http.patch(url(`/${id}`)).set(bearer(token)).set('If-Match', version).send({ size: 4 })).status).toBe(200);
    const stale = await t.http.patch(url(`/${id}`)).set(bearer(token)).set('If-Match', version).send({ size: 5 });
    expect(stale.status).toBe(412);
    expect(stale.body.record.size).toBe(4);

    const history: HistoryEntry[] = (await t.http.get(url(`/${id}/history`)).set(bearer(token))).body;
    expect(history.map((entry) => entry.door)).toEqual(['patch', 'create']);
    expect(history[0].changes).toEqual([{ path: 'size', label: 'Size', old: 3, new: 4 }]);
    const restored = await t.http.post(url(`/${id}/history/${history[1]._id}/restore`)).set(bearer(token));
    expect(restored.body.record.size).toBe(3);

    const view = await t.http.post('/api/company/model/savedView').set(bearer(token)).send({ name: { full: 'Big ones' }, model: 'widget', columns: [{ path: 'size', width: 90 }], sort: [{ field: 'size', order: 'desc' }] });
    expect(view.status, JSON.stringify(view.body)).toBe(201);
    expect((await t.http.post('/api/company/model/savedView').set(bearer(token)).send({ name: { full: 'Bad' }, model: 'widget', columns: [{ path: 'colour' }] })).status).toBe(400);
    expect((await t.http.get('/api/company/saved-views/widget').set(bearer(token))).body).toMatchObject([{ name: { full: 'Big ones' }, dropped: [] }]);

    const found = await t.http.get('/api/company/search').query({ q: 'sprock' }).set(bearer(token));
    expect(found.body.groups).toEqual([{ model: 'widget', label: 'Widgets', records: [{ _id: id, title: 'Sprocket', archived: false }] }]);
    const activity = await t.http.get('/api/company/activity').query({ model: 'widget' }).set(bearer(await t.token('company')));
    expect(activity.body.map((entry: { door: string }) => entry.door)).toEqual(['restore', 'patch', 'create']);
  });
});
