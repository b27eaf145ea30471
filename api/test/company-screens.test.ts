import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { hashPassword } from '../src/auth/passwords';
import { newId } from '../src/common/object-id';
import { bulkInsert } from '../src/database/bulk-insert';
import { staffDoc } from '../src/demo/staff';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;

async function thirdParty(email: string, accessRef: unknown[]): Promise<string> {
  const doc = staffDoc(email, 'Pat', 'Partner', await hashPassword('partner-password'), ['third-party']);
  doc.accessRef = accessRef;
  await bulkInsert(t.db, findResource('user')!, [{ id: newId(), companyId: t.companies.a, doc }]);
  return (await t.http.post('/api/auth/login').send({ email, password: 'partner-password' })).body.token;
}

describe('dashboard', () => {
  it('answers a third party only the models of their access entries, and create only for manage or publish', async () => {
    const admin = await t.token('company');
    for (const name of ['Zebra page', 'Alpha page']) await t.http.post(url('page')).set(bearer(admin)).send({ name: { full: name } }).expect(201);
    await t.http.post(url('location')).set(bearer(admin)).send({ name: { full: 'Hall' }, url: 'hall' }).expect(201);

    const viewer = await thirdParty('viewer@third.test', [{ accessModel: 'page', accessScope: 'view', accessId: null }]);
    const seen = await t.http.get('/api/company/dashboard').set(bearer(viewer));
    expect(seen.status).toBe(200);
    expect(seen.body.tabs.map((tab: { model: string }) => tab.model)).toEqual(['page']);
    const pages = seen.body.tabs[0];
    expect(pages).toMatchObject({ area: 'application', canCreate: false, total: 2 });
    expect(pages.records.map((record: { name: { full: string } }) => record.name.full)).toEqual(['Alpha page', 'Zebra page']);

    const manager = await thirdParty('manager@third.test', [
      { accessModel: 'event', accessScope: 'manage', accessId: null },
      { accessModel: 'page', accessScope: 'view', accessId: null },
    ]);
    const managed = (await t.http.get('/api/company/dashboard').set(bearer(manager))).body.tabs;
    expect(managed.map((tab: { model: string; canCreate: boolean }) => [tab.model, tab.canCreate])).toEqual([['page', false], ['event', true]]);

    const companyAdmin = (await t.http.get('/api/company/dashboard').set(bearer(admin))).body.tabs;
    expect(companyAdmin.map((tab: { model: string }) => tab.model)).toEqual(['page', 'location', 'event', 'video', 'merchant']);
    expect(companyAdmin.every((tab: { canCreate: boolean }) => tab.canCreate)).toBe(true);

    const nobody = await thirdParty('nobody@third.test', []);
    expect((await t.http.get('/api/company/dashboard').set(bearer(nobody))).body.tabs).toEqual([]);
  });

  it('hands the blocks editor a short-lived token of its own that signs the user in', async () => {
    const session = await t.token('application');
    const answer = await t.http.post('/api/company/dashboard/editor-token').set(bearer(session));
    expect(answer.status).toBe(201);
    expect(answer.body.token).not.toBe(session);
    const lifetime = Date.parse(answer.body.expires) - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
    expect((await t.http.get(url('page')).set(bearer(answer.body.token))).status).toBe(200);
  });
});

describe('visitor cards', () => {
  let fairs = 0;
  async function eventWithGuests(token: string) {
    const eventId = (await t.http.post(url('event')).set(bearer(token)).send({ name: { full: 'Career fair' } })).body._id;
    // one active user per email: each fair's guests are people of their own
    const fair = ++fairs;
    const users = [
      { name: { first: 'Ada', last: 'Lovelace', full: 'Ada Lovelace' }, email: { value: `ada-${fair}@guest.test` } },
      { name: { first: 'Bob', last: 'Brown', full: 'Bob Brown' }, email: { value: `bob-${fair}@guest.test` } },
      { name: { last: 'Nofirst', full: 'Nofirst' }, email: { value: `nofirst-${fair}@guest.test` } },
    ];
    const admin = await t.token('company');
    const userIds = [];
    for (const user of users) userIds.push((await t.http.post(url('user')).set(bearer(admin)).send(user).expect(201)).body._id);
    const guestIds = [];
    for (const userId of userIds) {
      const guest = await t.http.post(url('eventGuest')).set(bearer(token)).send({ eventRef: { eventId }, userRef: { userId }, module: { interview: { answer: [{ questionId: 'q1', value: 'Analytical Engines' }] } } });
      expect(guest.status, JSON.stringify(guest.body)).toBe(201);
      guestIds.push(guest.body._id);
    }
    return { eventId, guestIds };
  }

  it('lists cards of guests with a first name, keeps their state on the guest, and Print all marks only approved cards', async () => {
    const token = await t.token('event');
    const { eventId, guestIds } = await eventWithGuests(token);
    const cards = (await t.http.get(`/api/company/device/${eventId}/cards`).set(bearer(token)).expect(200)).body;
    expect(cards.map((card: { line1: string }) => card.line1)).toEqual(['Ada Lovelace', 'Bob Brown']);
    expect(cards[0]).toMatchObject({ found: true, line2: 'Analytical Engines', isApproved: true, isPrinted: false });
    expect(cards[0].qrValue).toContain('EMAIL:ada-1@guest.test');

    // another printer changes Bob's card: not approved, other line 1
    await t.http.patch(url('eventGuest', `/${guestIds[1]}`)).set(bearer(await t.token('company'))).send({ card: { isApproved: false, line1: 'Robert Brown' } }).expect(200);
    const printed = await t.http.post(`/api/company/device/${eventId}/print-all`).set(bearer(token));
    expect(printed.status).toBe(200);
    expect(printed.body.printed).toEqual([guestIds[0]]);
    const after = (await t.http.get(`/api/company/device/${eventId}/cards`).set(bearer(token))).body;
    expect(after.map((card: { line1: string; isPrinted: boolean }) => [card.line1, card.isPrinted])).toEqual([['Ada Lovelace', true], ['Robert Brown', false]]);
  });

  it('refuses admins without the event right and answers 404 for an unknown event', async () => {
    const { eventId } = await eventWithGuests(await t.token('event'));
    expect((await t.http.get(`/api/company/device/${eventId}/cards`).set(bearer(await t.token('merchant')))).status).toBe(403);
    expect((await t.http.post(`/api/company/device/${eventId}/print-all`).set(bearer(await t.token('finance')))).status).toBe(403);
    expect((await t.http.get(`/api/company/device/${newId()}/cards`).set(bearer(await t.token('event')))).status).toBe(404);
    expect((await t.http.get(`/api/company/device/${eventId}/cards`).set(bearer(await t.token('event', 'b')))).status).toBe(404);
  });
});

describe('company profile', () => {
  it("gives other admins only What's New, in the profile answer and in the company record", async () => {
    const userAdmin = await t.token('user');
    const profile = await t.http.get('/api/company/profile').set(bearer(userAdmin));
    expect(profile.status).toBe(200);
    expect(profile.body.tabs).toEqual(['whatsNew']);
    expect(Object.keys(profile.body.company)).toEqual(['_id']);
    const record = (await t.http.get(url('company', `/${t.companies.a}`)).set(bearer(userAdmin))).body;
    expect(record.settings?.authentication).toBeUndefined();
    expect(record.application).toBeUndefined();

    const refused = await t.http.patch('/api/company/profile/general').set(bearer(userAdmin)).send({ settings: { selfService: true } });
    expect(refused.status).toBe(403);
    expect((await t.http.patch('/api/company/profile/app').set(bearer(userAdmin)).send({ application: { store: { title: 'x' } } })).status).toBe(403);
  });

  it('lets company admins read and write General and App settings, and only super admins the Super settings', async () => {
    const admin = await t.token('company');
    expect((await t.http.get('/api/company/profile').set(bearer(admin))).body.tabs).toEqual(['whatsNew', 'general', 'app']);
    const saved = await t.http.patch('/api/company/profile/general').set(bearer(admin)).send({
      settings: { authentication: { email: { active: true }, linkedIn: { active: false } }, payment: { cupRetourPolicy: 'max-5-per-order' }, userPasswordMinLength: 10 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.company.settings).toMatchObject({ payment: { cupRetourPolicy: 'max-5-per-order' }, userPasswordMinLength: 10 });

    const wrongTab = await t.http.patch('/api/company/profile/general').set(bearer(admin)).send({ application: { store: { title: 'x' } } });
    expect(wrongTab.status).toBe(400);
    expect(wrongTab.body.message).toContain('application.store.title');
    const badValue = await t.http.patch('/api/company/profile/general').set(bearer(admin)).send({ settings: { payment: { cupRetourPolicy: 'free-cups' } } });
    expect(badValue.status).toBe(400);
    const noGoogle = await t.http.patch('/api/company/profile/general').set(bearer(admin)).send({ settings: { authentication: { google: { active: false } } } });
    expect(noGoogle.status).toBe(400);
    expect(noGoogle.body.message).toBe('Google sign-in is always needed for super accounts');

    expect((await t.http.patch('/api/company/profile/super').set(bearer(admin)).send({ settings: { superSettings: { beta: true } } })).status).toBe(403);
    const superAdmin = await t.token('super');
    expect((await t.http.get('/api/company/profile').set(bearer(superAdmin))).body.tabs).toEqual(['whatsNew', 'general', 'app', 'super']);
    const superSaved = await t.http.patch('/api/company/profile/super').set(bearer(superAdmin)).send({ settings: { superSettings: { beta: true } } });
    expect(superSaved.status).toBe(200);
    expect(superSaved.body.company.settings.superSettings).toEqual({ beta: true });
  });

  it("lists What's New newest first with the date taken from the id", async () => {
    const superAdmin = await t.token('super');
    await t.http.post(url('companyUpdate')).set(bearer(superAdmin)).send({ name: { full: 'Maps', tag: 'feature' }, content: { en: 'Maps!', nl: 'Kaarten!' } }).expect(201);
    const items = (await t.http.get('/api/company/profile').set(bearer(await t.token('event')))).body.whatsNew;
    expect(items[0]).toMatchObject({ name: { full: 'Maps', tag: 'feature' }, content: { en: 'Maps!', nl: 'Kaarten!' } });
    expect(Math.abs(items[0].createdAt - Date.now() / 1000)).toBeLessThan(120);
  });
});

describe('manual search', () => {
  it('finds manuals by title, description and content for every admin, and only super admins write them', async () => {
    const superAdmin = await t.token('super');
    const manuals = [
      { name: { full: 'Print visitor cards', description: 'Cards for guests', tag: ['Events', '2'] }, content: { en: '<p>Choose the event</p>' } },
      { name: { full: 'Refund a payment', description: 'Money back', tag: ['Finance', '1'] }, content: { en: '<p>Use the bank file</p>' } },
    ];
    for (const manual of manuals) await t.http.post(url('tutorial')).set(bearer(superAdmin)).send(manual).expect(201);
    const reader = await t.token('merchant');
    const search = async (q: string) => (await t.http.get(url('tutorial')).query({ q }).set(bearer(reader)).expect(200)).body.map((manual: { name: { full: string } }) => manual.name.full);
    expect(await search('visitor')).toEqual(['Print visitor cards']);
    expect(await search('money')).toEqual(['Refund a payment']);
    expect(await search('bank file')).toEqual(['Refund a payment']);
    expect((await t.http.post(url('tutorial')).set(bearer(await t.token('company'))).send(manuals[0])).status).toBe(403);
  });
});
