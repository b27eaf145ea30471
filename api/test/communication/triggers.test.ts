import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LowBalanceTrigger } from '../../src/communication/triggers/low-balance-trigger';
import { TimeslotNearbyTrigger } from '../../src/communication/triggers/timeslot-nearby-trigger';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { insert, payment, transactionDoc, user } from '../finance/finance-fixtures';

let t: TestApp;
beforeAll(async () => {
  process.env.TRIGGER_POLL_MS = '200';
  t = await startTestApp();
});
afterAll(async () => {
  delete process.env.TRIGGER_POLL_MS;
  await t.close();
});

const mailsOf = async (userId: string) =>
  (await t.db.query<{ doc: Record<string, any> }>(`SELECT doc FROM communication_mail WHERE doc->'to' @> $1::jsonb ORDER BY id`, [JSON.stringify([{ userRef: { userId } }])])).map((row) => row.doc);
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));
const actorA = () => ({ userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['company'] as const), access: [], thirdParty: false }) as never;

async function template(role: string, subject: string) {
  const response = await t.http.post('/api/company/model/template').set(bearer(await t.token('company'))).send({
    name: { full: subject }, role, format: 'communication-mail-html-modern-2021', subject: { en: subject }, content: { en: '<p>You have € {{ user.balance.euro }} left; {{ timeslot.name.full }} / {{ otherTimeslot.name.full }}</p>' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

describe("'Low balance' trigger", () => {
  it('sends the balance-low templates when a transaction takes the balance below 15 euro, once per transaction', async () => {
    await template('balance-low', 'Your balance is low');
    const userId = await user(t);
    await payment(t, { userId, cents: 2500, left: 2500 });
    const token = await t.token('company');
    const first = await t.http.post('/api/company/model/transaction').set(bearer(token)).send(transactionDoc({ userId, cents: 500 }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await settle();
    expect(await mailsOf(userId)).toHaveLength(0); // € 20 left

    const second = await t.http.post('/api/company/model/transaction').set(bearer(token)).send(transactionDoc({ userId, cents: 1000 }));
    expect(second.status).toBe(201);
    await settle();
    const mails = await mailsOf(userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Your balance is low', templateRef: { templateId: expect.any(String) } });

    // the same cause again (the transaction edited, a repeated check) sends nothing more
    await t.http.patch(`/api/company/model/transaction/${second.body._id}`).set(bearer(token)).send({ name: { full: 'Bar: two beers' } });
    await settle();
    expect(await t.app.get(LowBalanceTrigger).check(actorA(), userId)).toBe(0);
    expect(await mailsOf(userId)).toHaveLength(1);

    // a new purchase while the balance stays low is a new cause
    await insert(t, 'transaction', [transactionDoc({ userId, cents: 100 })]);
    expect(await t.app.get(LowBalanceTrigger).check(actorA(), userId)).toBe(1);
    expect(await mailsOf(userId)).toHaveLength(2);
  });
});

describe('timeslot trigger', () => {
  it('sends when a user registers for a timeslot within 30 minutes of another of theirs, once per registration', async () => {
    await template('timeslot-registered-nearby', 'Two timeslots close together');
    const userId = await user(t);
    const [eventId] = await insert(t, 'event', [{ name: { full: 'Festival' } }]);
    const [guestA, guestB] = await insert(t, 'eventGuest', [{ eventRef: { eventId }, userRef: { userId } }, { eventRef: { eventId }, userRef: { userId } }]);
    const start = Math.floor(Date.now() / 1000) + 86400;
    const slot = (name: string, from: number, guests: string[]) => ({ name: { full: name }, eventRef: { eventId }, start: { unix: from }, end: { unix: from + 3600 }, count: { number: 10 }, eventGuestRef: guests.map((eventGuestId) => ({ eventGuestId })) });
    const [, near, far] = await insert(t, 'timeslot', [slot('Workshop A', start, [guestA]), slot('Workshop B', start + 3600 + 20 * 60, []), slot('Workshop C', start + 6 * 3600, [])]);
    const token = await t.token('company');

    const farAway = await t.http.patch(`/api/company/model/timeslot/${far}`).set(bearer(token)).send({ eventGuestRef: [{ eventGuestId: guestB }] });
    expect(farAway.status, JSON.stringify(farAway.body)).toBe(200);
    await settle();
    expect(await mailsOf(userId)).toHaveLength(0);

    const close = await t.http.patch(`/api/company/model/timeslot/${near}`).set(bearer(token)).send({ eventGuestRef: [{ eventGuestId: guestB }] });
    expect(close.status).toBe(200);
    await settle();
    const mails = await mailsOf(userId);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Two timeslots close together');
    expect(await t.app.get(TimeslotNearbyTrigger).check(actorA(), near, [guestB])).toBe(0);
  });
});
