import { GROUP_OPTIONS, SCHEDULE_SLOT_COUNT, SCHEDULE_SLOT_SECONDS } from '@backoffice/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL_GROUP_REASONS } from '../../src/communication/batch/manual-group';
import { type Role, type TestApp, bearer, startTestApp } from '../support/test-app';
import { MAIL_FORMAT, PUSH_FORMAT, anonymous, createTemplate, eventWithGuests, insertUsers, person, waitForRunner } from './batch-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const count = async (role: Role, group: Record<string, unknown>) => t.http.post('/api/company/batch/group/count').set(bearer(await t.token(role))).send({ group });
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const birthday = (yearsAgo: number, daysLater = 0) => {
  const now = new Date();
  const day = new Date(Date.UTC(now.getFullYear() - yearsAgo, now.getMonth(), now.getDate() + daysLater));
  return { birthday: { date: isoDate(day), unix: Math.floor(day.getTime() / 1000) } };
};

describe('group options and their roles', () => {
  it('lists only the options whose every role the user holds; super admins see the manual groups', async () => {
    const ids = async (role: Role) => (await t.http.get('/api/company/batch/group-options').set(bearer(await t.token(role)))).body.map((option: { id: string }) => option.id);
    const superIds = await ids('super');
    expect(superIds).toEqual(GROUP_OPTIONS.map((option) => option.id));
    const event = await ids('event');
    expect(event).toContain('users-by-event');
    expect(event).not.toContain('age-18-plus');
    expect(event).not.toContain('manual-json');
    const finance = await ids('finance');
    expect(finance).toEqual(['balance-below-50', 'balance-above-50']);
    const company = await ids('company');
    expect(company).toContain('age-21-plus');
    expect(company).not.toContain('manual-csv');
  });

  it('refuses an option from the role that lacks it (403) and an unknown option (400)', async () => {
    expect((await count('event', { option: 'balance-above-50' })).status).toBe(403);
    expect((await count('finance', { option: 'users-by-event', value: 'x' })).status).toBe(403);
    expect((await count('company', { option: 'manual-json', value: '[{"email":"a@b.test"}]' })).status).toBe(403);
    expect((await count('finance', { option: 'balance-below-50' })).status).toBe(200);
    const unknown = await count('super', { option: 'everybody' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('group.option');
  });

  it('refuses batches to a user without an admin right, and a batch with an option the role lacks', async () => {
    const templateId = await createTemplate(t, MAIL_FORMAT);
    const refused = await t.http.post('/api/company/batch').set(bearer(await t.token('event'))).send({ group: { option: 'age-18-plus' }, templateId });
    expect(refused.status).toBe(403);
  });
});

describe('group counts', () => {
  it('counts ages: under 18, exactly 18 today, 18+, 21+, 50+; users without a birthday are in none', async () => {
    const before = Object.fromEntries(await Promise.all(['age-under-18', 'age-exactly-18', 'age-18-plus', 'age-21-plus', 'age-50-plus'].map(async (option) => [option, (await count('user', { option })).body.count])));
    await insertUsers(t, [person('Kid', birthday(12)), person('Almost', birthday(18, 1)), person('Today', birthday(18)), person('Twenty', birthday(20)), person('Sixty', birthday(60)), person('Unknown')]);
    const after = async (option: string) => (await count('user', { option })).body.count - before[option];
    expect(await after('age-under-18')).toBe(2);
    expect(await after('age-exactly-18')).toBe(1);
    expect(await after('age-18-plus')).toBe(3);
    expect(await after('age-21-plus')).toBe(1);
    expect(await after('age-50-plus')).toBe(1);
  });

  it('never counts anonymous or archived users, whatever the option', async () => {
    const guests = await insertUsers(t, [person('Guest One'), anonymous('Card'), person('Gone', { meta: { archived: true } })]);
    const eventId = await eventWithGuests(t, guests);
    const response = await count('event', { option: 'users-by-event', value: eventId });
    expect(response.body).toEqual({ count: 1 });
  });

  it('counts guests of events by start day, and asks for the event of users-by-event', async () => {
    const guests = await insertUsers(t, [person('Soon A'), person('Soon B')]);
    const inTwoDays = new Date();
    inTwoDays.setDate(inTwoDays.getDate() + 2);
    inTwoDays.setHours(12, 0, 0, 0);
    await eventWithGuests(t, guests, Math.floor(inTwoDays.getTime() / 1000));
    expect((await count('event', { option: 'event-start-2' })).body.count).toBeGreaterThanOrEqual(2);
    const missing = await count('event', { option: 'users-by-event' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'group.value', message: 'is required' }]);
  });

  it('counts users by tag state', async () => {
    await insertUsers(t, [person('Tagged', { bracelet: { state: { id: 'flagged' } } }), anonymous('Anon')]);
    expect((await count('user', { option: 'users-by-tag-state', value: 'flagged' })).body).toEqual({ count: 1 });
  });
});

describe('manual groups (super admins)', () => {
  it("answers 'Invalid data' with the spec's reasons", async () => {
    const reason = async (option: string, value: string) => {
      const response = await count('super', { option, value });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Invalid data');
      return response.body.errors[0].message;
    };
    expect(await reason('manual-json', '')).toBe(MANUAL_GROUP_REASONS.nothing);
    expect(await reason('manual-json', '{not json')).toBe(MANUAL_GROUP_REASONS.nothing);
    expect(await reason('manual-json', '{"email":"a@b.test"}')).toBe(MANUAL_GROUP_REASONS.notArray);
    expect(await reason('manual-json', '[]')).toBe(MANUAL_GROUP_REASONS.empty);
    expect(await reason('manual-json', '[1, "x"]')).toBe(MANUAL_GROUP_REASONS.empty);
    expect(await reason('manual-csv', 'email,name\n')).toBe(MANUAL_GROUP_REASONS.empty);
    expect(MANUAL_GROUP_REASONS).toEqual({ nothing: 'Nothing found, please try again', notArray: 'Not an array', empty: 'We found 0 instances in the imported data' });
  });

  it('counts JSON and CSV entries, leaving out anonymous users named by id or email', async () => {
    const [anonymousId] = await insertUsers(t, [anonymous('Manualanon')]);
    const json = JSON.stringify([{ name: 'Ann', email: 'ann@x.test' }, { name: 'Bob', email: 'bob@x.test', language: 'nl' }, { modelId: anonymousId, modelName: 'user' }, { email: 'manualanon@anonymous.cashless.test' }]);
    expect((await count('super', { option: 'manual-json', value: json })).body).toEqual({ count: 2 });
    const csv = 'name,email,language\nAnn,ann@x.test,en\n\nBob,bob@x.test,nl\n';
    expect((await count('super', { option: 'manual-csv', value: csv })).body).toEqual({ count: 2 });
  });
});

describe('batch sizes', () => {
  it('defaults to 10 for mail templates and 25 for others; only super admins choose, from the listed sizes', async () => {
    const guests = await insertUsers(t, [person('Size One'), person('Size Two')]);
    const eventId = await eventWithGuests(t, guests);
    const group = { option: 'users-by-event', value: eventId };
    const mail = await createTemplate(t, MAIL_FORMAT);
    const push = await createTemplate(t, PUSH_FORMAT, 'Title', 'Body');
    const create = async (role: Role, body: Record<string, unknown>) => t.http.post('/api/company/batch').set(bearer(await t.token(role))).send({ group, ...body });
    expect((await create('event', { templateId: mail })).body).toMatchObject({ chunkSize: 10, total: 2, runner: 'paused' });
    expect((await create('event', { templateId: push })).body.chunkSize).toBe(25);
    expect((await create('event', { templateId: mail, chunkSize: 100 })).status).toBe(403);
    expect((await create('super', { templateId: mail, chunkSize: 1000 })).body.chunkSize).toBe(1000);
    const odd = await create('super', { templateId: mail, chunkSize: 7 });
    expect(odd.status).toBe(400);
    expect(odd.body.errors[0].field).toBe('chunkSize');
  });

  it('refuses an empty group and a template of another company', async () => {
    const mail = await createTemplate(t, MAIL_FORMAT);
    const empty = await t.http.post('/api/company/batch').set(bearer(await t.token('user'))).send({ group: { option: 'users-by-tag-state', value: 'no-such-state' }, templateId: mail });
    expect(empty.status).toBe(400);
    const otherCompany = await t.http.post('/api/company/batch').set(bearer(await t.token('company', 'b'))).send({ group: { option: 'age-18-plus' }, templateId: mail });
    expect(otherCompany.status).toBe(404);
  });
});

describe('planning slots', () => {
  it('offers 480 slots of 15 minutes from the next quarter hour', async () => {
    const before = Date.now() / 1000;
    const { slots } = (await t.http.get('/api/company/batch/slots').set(bearer(await t.token('user')))).body;
    expect(slots).toHaveLength(SCHEDULE_SLOT_COUNT);
    expect(slots[0] % SCHEDULE_SLOT_SECONDS).toBe(0);
    expect(slots[0]).toBeGreaterThan(before);
    expect(slots[0] - before).toBeLessThanOrEqual(SCHEDULE_SLOT_SECONDS);
    expect(slots[479] - slots[0]).toBe(479 * SCHEDULE_SLOT_SECONDS);
  });

  it('plans a batch in a slot as a planned communication, refuses other times, and a cancelled plan never sends', async () => {
    const token = await t.token('event');
    const guests = await insertUsers(t, [person('Planned One')]);
    const eventId = await eventWithGuests(t, guests);
    const templateId = await createTemplate(t, MAIL_FORMAT);
    const batch = (await t.http.post('/api/company/batch').set(bearer(token)).send({ group: { option: 'users-by-event', value: eventId }, templateId })).body;
    const { slots } = (await t.http.get('/api/company/batch/slots').set(bearer(token))).body;
    const odd = await t.http.post(`/api/company/batch/${batch._id}/run`).set(bearer(token)).send({ deliverAt: slots[3] + 60 });
    expect(odd.status).toBe(400);
    const late = await t.http.post(`/api/company/batch/${batch._id}/run`).set(bearer(token)).send({ deliverAt: slots[479] + SCHEDULE_SLOT_SECONDS });
    expect(late.status).toBe(400);
    const planned = await t.http.post(`/api/company/batch/${batch._id}/run`).set(bearer(token)).send({ deliverAt: slots[3] });
    expect(planned.status).toBe(200);
    expect(planned.body).toMatchObject({ runner: 'running', deliverAt: slots[3] });
    const task = await t.http.get(`/api/company/model/workerTask/${planned.body.workerTaskId}`).set(bearer(token));
    expect(task.body).toMatchObject({ next: slots[3], actionMethod: { nameCommon: 'scheduled-mail' } });
    expect(task.body.actionMethod.args[0]).toEqual(guests);
    const cancelled = await t.http.post(`/api/company/model/workerTask/${planned.body.workerTaskId}/archive`).set(bearer(token));
    expect(cancelled.status).toBeLessThan(300);
    await t.db.query('UPDATE batch SET deliver_at = now() WHERE id = $1', [batch._id]);
    let status = planned.body;
    for (let attempt = 0; attempt < 50 && status.runner !== 'cancelled'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await t.http.get(`/api/company/batch/${batch._id}`).set(bearer(token))).body;
    }
    expect(status.runner).toBe('cancelled');
    expect(status.counts.ready).toBe(1);
  });

  it('ends a planned batch whose planned communication is gone with its items counted as an invalid scheduled date', async () => {
    const token = await t.token('event');
    const guests = await insertUsers(t, [person('Dateless One'), person('Dateless Two')]);
    const eventId = await eventWithGuests(t, guests);
    const templateId = await createTemplate(t, MAIL_FORMAT);
    const batch = (await t.http.post('/api/company/batch').set(bearer(token)).send({ group: { option: 'users-by-event', value: eventId }, templateId })).body;
    const { slots } = (await t.http.get('/api/company/batch/slots').set(bearer(token))).body;
    const planned = (await t.http.post(`/api/company/batch/${batch._id}/run`).set(bearer(token)).send({ deliverAt: slots[0] })).body;
    expect((await t.http.delete(`/api/company/model/workerTask/${planned.workerTaskId}`).set(bearer(token))).status).toBe(200);
    await t.db.query('UPDATE batch SET deliver_at = now() WHERE id = $1', [batch._id]);
    const status = await waitForRunner(t, token, batch._id, ['completed']);
    expect(status.counts.error).toBe(2);
    expect(status.invalidScheduledDate).toBe(2);
  });
});
