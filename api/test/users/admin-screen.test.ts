import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { createUser, readCompany, readUser } from './users-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Row = { userId: string; rights: string[]; super: boolean };
const SUBS = ['application', 'merchant', 'finance', 'user', 'event'];

async function matrix(role: 'company' | 'super' = 'company'): Promise<Row[]> {
  const response = await t.http.get('/api/company/admin/rights').set(bearer(await t.token(role)));
  expect(response.status).toBe(200);
  return response.body.data;
}
const save = async (users: unknown[], role: 'company' | 'super' | 'user' = 'company') =>
  t.http.put('/api/company/admin/rights').set(bearer(await t.token(role))).send({ users });
const withRow = (rows: Row[], row: Partial<Row> & { userId: string }) => [...rows.filter((r) => r.userId !== row.userId).map(({ userId, rights }) => ({ userId, rights })), row];

describe('the admin rights matrix', () => {
  it('lists the staff with their rights; a company admin holds the five sub-rights', async () => {
    const rows = await matrix();
    const companyAdmin = rows.find((row) => row.userId === t.userIds.a.company)!;
    expect(companyAdmin.rights).toEqual(['company', ...SUBS]);
    expect(rows.find((row) => row.userId === t.userIds.a.finance)!.rights).toEqual(['finance']);
    expect(rows.find((row) => row.userId === t.userIds.a.super)!.super).toBe(true);
  });

  it('saves rights into the company admin lists; Company admin ticks its sub-rights, Non refundable stays apart', async () => {
    const person = await createUser(t, { name: { full: 'New Admin' } });
    const response = await save(withRow(await matrix(), { userId: person, rights: ['company', 'financeNonRefundable'] }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.find((row: Row) => row.userId === person).rights).toEqual(['company', ...SUBS, 'financeNonRefundable']);
    const company = await readCompany(t);
    for (const list of ['adminCompanyRef', 'adminUserRef', 'adminEventRef', 'adminFinanceNonRefundableRef']) {
      expect(company[list].map((entry: { userId: string }) => entry.userId)).toContain(person);
    }
    const lessened = await save(withRow(await matrix(), { userId: person, rights: ['merchant'] }));
    expect(lessened.body.data.find((row: Row) => row.userId === person).rights).toEqual(['merchant']);
    expect((await readCompany(t)).adminCompanyRef.map((entry: { userId: string }) => entry.userId)).not.toContain(person);
  });

  it('takes every right from users left out of the matrix', async () => {
    const person = await createUser(t);
    await save(withRow(await matrix(), { userId: person, rights: ['event'] }));
    const response = await save((await matrix()).filter((row) => row.userId !== person).map(({ userId, rights }) => ({ userId, rights })));
    expect(response.status).toBe(200);
    expect(response.body.data.map((row: Row) => row.userId)).not.toContain(person);
  });

  it('refuses unknown rights, bad ids, users of another company', async () => {
    const rows = await matrix();
    expect((await save(withRow(rows, { userId: t.userIds.a.event, rights: ['owner'] }))).status).toBe(400);
    expect((await save([{ userId: 'nope', rights: [] }])).status).toBe(400);
    const foreign = await save(withRow(rows, { userId: t.userIds.b.event, rights: ['event'] }));
    expect(foreign.status).toBe(400);
  });

  it('only super admins grant or take super', async () => {
    const person = await createUser(t);
    const rows = await matrix();
    const refused = await save(withRow(rows, { userId: person, rights: [], super: true }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only super admins may grant or take the super admin right');
    expect((await readUser(t, person))._projectSpecific?.rights ?? []).not.toContain('super');

    const granted = await save(withRow(rows, { userId: person, rights: [], super: true }), 'super');
    expect(granted.status).toBe(200);
    expect((await readUser(t, person))._projectSpecific.rights).toContain('super');
    const taken = await save(withRow(await matrix('super'), { userId: person, rights: [], super: false }), 'company');
    expect(taken.status).toBe(403);
    expect((await save(withRow(await matrix('super'), { userId: person, rights: [], super: false }), 'super')).status).toBe(200);
    expect((await readUser(t, person))._projectSpecific.rights).not.toContain('super');
  });

  it('refuses user admins and other sub-admins, reading and saving', async () => {
    for (const role of ['user', 'finance', 'event'] as const) {
      expect((await t.http.get('/api/company/admin/rights').set(bearer(await t.token(role)))).status).toBe(403);
      expect((await t.http.put('/api/company/admin/rights').set(bearer(await t.token(role))).send({ users: [] })).status).toBe(403);
    }
    expect((await matrix()).length).toBeGreaterThan(3);
  });
});

describe('third parties', () => {
  it('adds a third party, saves its access rights, lists it, and removes all after confirmation', async () => {
    const token = await t.token('company');
    const person = await createUser(t, { name: { full: 'Partner Person' } });
    const added = await t.http.post('/api/company/admin/third-party').set(bearer(token)).send({ userId: person });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data._projectSpecific.rights).toEqual(['third-party']);
    const access = [{ accessModel: 'page', accessScope: 'manage' }, { accessModel: 'location', accessScope: 'view', accessId: 'bbbbbbbbbbbbbbbbbbbbbbbb' }];
    expect((await t.http.patch(`/api/company/model/user/${person}`).set(bearer(token)).send({ accessRef: access })).status).toBe(200);
    const list = await t.http.get('/api/company/admin/third-party').set(bearer(token));
    expect(list.body.data.find((user: { _id: string }) => user._id === person).accessRef).toHaveLength(2);
    const removed = await t.http.delete(`/api/company/admin/third-party/${person}`).set(bearer(token));
    expect(removed.status).toBe(200);
    const user = await readUser(t, person);
    expect(user.accessRef).toEqual([]);
    expect(user._projectSpecific.rights).toEqual([]);
  });

  it('refuses anonymous users and user admins', async () => {
    const anonymous = await createUser(t, { email: { value: `x-${Date.now()}@anonymous-account.cashless.test` } });
    expect((await t.http.post('/api/company/admin/third-party').set(bearer(await t.token('company'))).send({ userId: anonymous })).status).toBe(400);
    const person = await createUser(t);
    expect((await t.http.post('/api/company/admin/third-party').set(bearer(await t.token('user'))).send({ userId: person })).status).toBe(403);
    expect((await t.http.get('/api/company/admin/third-party').set(bearer(await t.token('user')))).status).toBe(403);
  });
});

describe('blocked users', () => {
  it('adds and removes a blocked user with the toasts', async () => {
    const token = await t.token('company');
    const person = await createUser(t, { name: { full: 'Blocked Person' } });
    const added = await t.http.post('/api/company/admin/blocked').set(bearer(token)).send({ userId: person });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Added Blocked Person to the blocked users');
    expect(added.body.data.find((entry: { userId: string }) => entry.userId === person).user.name.full).toBe('Blocked Person');
    const removed = await t.http.delete(`/api/company/admin/blocked/${person}`).set(bearer(token));
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Removed Blocked Person from the blocked users');
    expect(removed.body.data.map((entry: { userId: string }) => entry.userId)).not.toContain(person);
  });

  it('refuses sub-admins', async () => {
    const person = await createUser(t);
    for (const role of ['finance', 'merchant'] as const) {
      expect((await t.http.post('/api/company/admin/blocked').set(bearer(await t.token(role))).send({ userId: person })).status).toBe(403);
    }
    expect((await readCompany(t)).userBlockedRef.map((entry: { userId: string }) => entry.userId)).not.toContain(person);
  });

  it('lets user admins take a customer off the list (the spec ties it to the user role), not an admin, and refuses other sub-admins', async () => {
    const customer = await createUser(t, { name: { full: 'Unblocked By User Admin' } });
    const admin = t.userIds.a.finance;
    await t.http.post('/api/company/admin/blocked').set(bearer(await t.token('company'))).send({ userId: customer });
    for (const role of ['finance', 'merchant', 'event'] as const) {
      expect((await t.http.delete(`/api/company/admin/blocked/${customer}`).set(bearer(await t.token(role)))).status, role).toBe(403);
    }
    // blocking an admin ends their sessions: the last use of the finance admin's token is above
    await t.http.post('/api/company/admin/blocked').set(bearer(await t.token('company'))).send({ userId: admin });
    const removed = await t.http.delete(`/api/company/admin/blocked/${customer}`).set(bearer(await t.token('user')));
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Removed Unblocked By User Admin from the blocked users');
    expect((await t.http.delete(`/api/company/admin/blocked/${admin}`).set(bearer(await t.token('user')))).status).toBe(403);
    const blocked = (await readCompany(t)).userBlockedRef.map((entry: { userId: string }) => entry.userId);
    expect(blocked).not.toContain(customer);
    expect(blocked).toContain(admin);
    await t.http.delete(`/api/company/admin/blocked/${admin}`).set(bearer(await t.token('company')));
  });
});
