import { ANONYMOUS_ACCOUNT_DOMAIN } from '@backoffice/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_REMINDER_LEAD_SECONDS } from '../../src/communication/triggers/event-reminder-trigger';
import { LowBalanceTrigger } from '../../src/communication/triggers/low-balance-trigger';
import { TimeslotNearbyTrigger } from '../../src/communication/triggers/timeslot-nearby-trigger';
import { TriggerChecks } from '../../src/communication/triggers/trigger-checks';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { drainedTriggerChecks } from '../support/trigger-checks';
import { NOW, insert, paymentDoc, payment, transactionDoc, user, userDoc } from '../finance/finance-fixtures';
import { createUser, freshEmail } from '../users/users-fixtures';
import { uploadedImage } from '../support/uploaded-image';

let t: TestApp;
beforeAll(async () => {
  process.env.TRIGGER_POLL_MS = '200';
  t = await startTestApp();
});
afterAll(async () => {
  delete process.env.TRIGGER_POLL_MS;
  await t.close();
});

type Doc = Record<string, any>;
const mailsOf = async (userId: string, subject?: string) =>
  (await t.db.query<{ id: string; doc: Doc }>(`SELECT id, doc FROM communication_mail WHERE doc->'to' @> $1::jsonb ORDER BY id`, [JSON.stringify([{ userRef: { userId } }])]))
    .map((row): Doc => ({ ...row.doc, _id: row.id }))
    .filter((doc) => subject === undefined || doc.subject === subject);
/** The HTML Mailgun (the fake) was handed for a mail record. */
const htmlOf = async (mailId: string) => ((await (await fetch(`${process.env.MAILGUN_URL}/_fake/mails`)).json()) as Doc[]).find((sent) => sent.variables['communication-key'] === mailId)?.html as string | undefined;
const sentCauses = (role: string) => t.db.query<{ cause: string; user_id: string }>('SELECT cause, user_id FROM communication_trigger_sent WHERE company_id = $1 AND role = $2', [t.companies.a, role]);
const waitingChecks = (kind: string) => t.db.query<{ subject: string; payload: Doc; due_at: Date }>('SELECT subject, payload, due_at FROM communication_trigger_check WHERE company_id = $1 AND kind = $2', [t.companies.a, kind]);

const drained = () => drainedTriggerChecks(t);
const actorA = () => ({ userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['company'] as const), access: [], thirdParty: false }) as never;

async function template(role: string, subject: string, content = '<p>{{ user.name.full }}</p>') {
  const response = await t.http.post('/api/company/model/template').set(bearer(await t.token('company'))).send({
    name: { full: subject }, role, format: 'communication-mail-html-modern-2021', subject: { en: subject }, content: { en: content },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

const anonymousUser = () => insert(t, 'user', [userDoc({ email: `anon-${Date.now()}-${Math.random().toString(36).slice(2)}@${ANONYMOUS_ACCOUNT_DOMAIN}`, anonymous: true })]).then(([id]) => id);

describe("'Low balance' trigger", () => {
  it('sends the balance-low templates when a transaction takes the balance below 15 euro, once per transaction', async () => {
    await template('balance-low', 'Your balance is low', '<p>You have € {{ user.balance.euro }} left</p>');
    const userId = await user(t);
    await payment(t, { userId, cents: 2500, left: 2500 });
    const token = await t.token('company');
    const first = await t.http.post('/api/company/model/transaction').set(bearer(token)).send(transactionDoc({ userId, cents: 500 }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await drained();
    expect(await mailsOf(userId)).toHaveLength(0); // € 20 left

    const second = await t.http.post('/api/company/model/transaction').set(bearer(token)).send(transactionDoc({ userId, cents: 1000 }));
    expect(second.status).toBe(201);
    await drained();
    const mails = await mailsOf(userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Your balance is low', templateRef: { templateId: expect.any(String) } });

    // the same cause again (the transaction edited, a repeated check) sends nothing more
    await t.http.patch(`/api/company/model/transaction/${second.body._id}`).set(bearer(token)).send({ name: { full: 'Bar: two beers' } });
    await drained();
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
    await template('timeslot-registered-nearby', 'Two timeslots close together', '<p>{{ timeslot.name.full }} / {{ otherTimeslot.name.full }}</p>');
    const userId = await user(t);
    const [eventId] = await insert(t, 'event', [{ name: { full: 'Festival' } }]);
    const [guestA, guestB] = await insert(t, 'eventGuest', [{ eventRef: { eventId }, userRef: { userId } }, { eventRef: { eventId }, userRef: { userId } }]);
    const start = NOW() + 86400;
    const slot = (name: string, from: number, guests: string[]) => ({ name: { full: name }, eventRef: { eventId }, start: { unix: from }, end: { unix: from + 3600 }, count: { number: 10 }, eventGuestRef: guests.map((eventGuestId) => ({ eventGuestId })) });
    const [, near, far] = await insert(t, 'timeslot', [slot('Workshop A', start, [guestA]), slot('Workshop B', start + 3600 + 20 * 60, []), slot('Workshop C', start + 6 * 3600, [])]);
    const token = await t.token('company');

    const farAway = await t.http.patch(`/api/company/model/timeslot/${far}`).set(bearer(token)).send({ eventGuestRef: [{ eventGuestId: guestB }] });
    expect(farAway.status, JSON.stringify(farAway.body)).toBe(200);
    await drained();
    expect(await mailsOf(userId)).toHaveLength(0);

    const close = await t.http.patch(`/api/company/model/timeslot/${near}`).set(bearer(token)).send({ eventGuestRef: [{ eventGuestId: guestB }] });
    expect(close.status).toBe(200);
    await drained();
    const mails = await mailsOf(userId);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Two timeslots close together');
    expect(await t.app.get(TimeslotNearbyTrigger).check(actorA(), near, [guestB])).toBe(0);
  });
});

describe("'User is registered' trigger", () => {
  it('greets a person created by any path once (create, import), and never an anonymous account', async () => {
    await template('user-registered', 'Welcome', '<p>Welcome {{ user.name.full }} at {{ company.name }}</p>');
    const created = await createUser(t, { name: { full: 'New Person' } });
    await drained();
    expect(await mailsOf(created, 'Welcome')).toHaveLength(1);

    // a later edit is no new registration
    await t.http.patch(`/api/company/model/user/${created}`).set(bearer(await t.token('company'))).send({ name: { full: 'New Person Renamed' } });
    await drained();
    expect(await mailsOf(created, 'Welcome')).toHaveLength(1);

    const imported = await t.http.post('/api/company/model/user/import').set(bearer(await t.token('company')))
      .send({ import: { headers: ['email.value', 'name.first'], rows: [[freshEmail('import-a'), 'Ann'], [freshEmail('import-b'), 'Bob'], [`card-${Date.now()}@${ANONYMOUS_ACCOUNT_DOMAIN}`, 'Anon']] } });
    expect(imported.status, JSON.stringify(imported.body)).toBeLessThan(300);
    await drained();
    const rows = await t.db.query<{ id: string; anonymous: boolean }>(`SELECT id, (doc #>> '{email,anonymous}')::boolean AS anonymous FROM "user" WHERE company_id = $1 AND doc #>> '{name,first}' = ANY($2::text[])`, [t.companies.a, ['Ann', 'Bob', 'Anon']]);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect((await mailsOf(row.id, 'Welcome')).length, row.id).toBe(row.anonymous ? 0 : 1);
    expect((await sentCauses('user-registered')).map((sent) => sent.user_id)).not.toContain(rows.find((row) => row.anonymous)!.id);
  });
});

describe('event registration and reminder', () => {
  it("sends 'Event registration' once per guest, with the event, whatever writes the guest; never to an anonymous user", async () => {
    await template('event-guest-registered', 'You are registered', '<p>See you at {{ event.name.full }}</p>');
    const [eventId] = await insert(t, 'event', [{ name: { full: 'Summer Festival' }, duration: { start: { unix: NOW() + 3600 } } }]);
    const userId = await user(t);
    const token = await t.token('event');
    const guest = await t.http.post('/api/company/model/eventGuest').set(bearer(token)).send({ eventRef: { eventId }, userRef: { userId } });
    expect(guest.status, JSON.stringify(guest.body)).toBe(201);
    await drained();
    const mails = await mailsOf(userId, 'You are registered');
    expect(mails).toHaveLength(1);
    expect(await htmlOf(mails[0]._id)).toContain('See you at Summer Festival');

    await t.http.patch(`/api/company/model/eventGuest/${guest.body._id}`).set(bearer(token)).send({ card: { line1: 'VIP' } });
    await drained();
    expect(await mailsOf(userId, 'You are registered')).toHaveLength(1);

    const anonymousId = await anonymousUser();
    const anonymousGuest = await t.http.post('/api/company/model/eventGuest').set(bearer(token)).send({ eventRef: { eventId }, userRef: { userId: anonymousId } });
    expect(anonymousGuest.status).toBe(201);
    await drained();
    expect(await mailsOf(anonymousId)).toHaveLength(0);
    expect((await sentCauses('event-guest-registered')).map((sent) => sent.cause)).toEqual([guest.body._id]);
  });

  it("reminds each guest 24 hours before the event starts, follows a moved event, and never for a registration inside those 24 hours", async () => {
    await template('event-reminder', 'Tomorrow', '<p>{{ event.name.full }} starts soon</p>');
    const start = NOW() + 3 * 86400;
    const [eventId] = await insert(t, 'event', [{ name: { full: 'Autumn Fair' }, duration: { start: { unix: start } } }]);
    const [soonId] = await insert(t, 'event', [{ name: { full: 'Tonight' }, duration: { start: { unix: NOW() + 2 * 3600 } } }]);
    const userId = await user(t);
    const token = await t.token('event');
    const guest = await t.http.post('/api/company/model/eventGuest').set(bearer(token)).send({ eventRef: { eventId }, userRef: { userId } });
    const soon = await t.http.post('/api/company/model/eventGuest').set(bearer(token)).send({ eventRef: { eventId: soonId }, userRef: { userId } });
    expect([guest.status, soon.status]).toEqual([201, 201]);
    await drained();
    expect(await mailsOf(userId, 'Tomorrow')).toHaveLength(0);
    const [waiting] = await waitingChecks('event-reminder');
    expect(waiting).toMatchObject({ subject: guest.body._id, payload: { start } });
    expect(waiting.due_at.getTime()).toBe((start - EVENT_REMINDER_LEAD_SECONDS) * 1000);
    expect(await waitingChecks('event-reminder')).toHaveLength(1);

    // the event moves a day later: the waiting reminder moves with it
    const moved = start + 86400;
    expect((await t.http.patch(`/api/company/model/event/${eventId}`).set(bearer(token)).send({ duration: { start: { unix: moved } } })).status).toBe(200);
    const [rescheduled] = await waitingChecks('event-reminder');
    expect(rescheduled.payload).toEqual({ start: moved });
    expect(rescheduled.due_at.getTime()).toBe((moved - EVENT_REMINDER_LEAD_SECONDS) * 1000);

    // the time comes (moved forward here): one reminder, and a repeated check of the same start sends none
    await t.db.query(`UPDATE communication_trigger_check SET due_at = now() WHERE kind = 'event-reminder'`);
    await drained();
    const reminders = await mailsOf(userId, 'Tomorrow');
    expect(reminders).toHaveLength(1);
    expect(await htmlOf(reminders[0]._id)).toContain('Autumn Fair starts soon');
    await t.app.get(TriggerChecks).schedule(t.db, actorA() as { userId: string; companyId: string }, [{ kind: 'event-reminder', subject: guest.body._id, payload: { start: moved } }]);
    await drained();
    expect(await mailsOf(userId, 'Tomorrow')).toHaveLength(1);
  });
});

describe('payment triggers', () => {
  it("sends 'Payment completed' once when a payment completes, by a finance action or a generic write; never to an anonymous user", async () => {
    await template('payment-completed', 'Thanks for your payment', '<p>We received € {{ payment.amount.euro }}</p>');
    const userId = await user(t);
    const finance = await t.token('finance');
    const credit = await t.http.post(`/api/company/finance/user/${userId}/credit`).set(bearer(finance)).send({ cents: 1250, note: 'Compensation' });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    await drained();
    const [mail] = await mailsOf(userId, 'Thanks for your payment');
    expect(await htmlOf(mail._id)).toContain('We received € 12.50');

    // a pending payment sends nothing until it completes; edits after that send nothing more
    const pending = await t.http.post('/api/company/model/payment').set(bearer(finance)).send({ name: { full: 'Cash at the bar' }, paymentType: 'cash', state: { id: 'pending' }, amount: { cents: 2000 }, userRef: { userId } });
    expect(pending.status, JSON.stringify(pending.body)).toBe(201);
    await drained();
    expect(await mailsOf(userId, 'Thanks for your payment')).toHaveLength(1);
    const superToken = await t.token('super');
    const completed = await t.http.patch(`/api/company/model/payment/${pending.body._id}`).set(bearer(superToken)).send({ state: { id: 'completed' } });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    await drained();
    expect(await mailsOf(userId, 'Thanks for your payment')).toHaveLength(2);
    await t.http.patch(`/api/company/model/payment/${pending.body._id}`).set(bearer(superToken)).send({ note: 'checked' });
    await drained();
    expect(await mailsOf(userId, 'Thanks for your payment')).toHaveLength(2);

    const anonymousId = await anonymousUser();
    expect((await t.http.post(`/api/company/finance/user/${anonymousId}/credit`).set(bearer(finance)).send({ cents: 500, note: 'Card' })).status).toBe(201);
    await drained();
    expect(await mailsOf(anonymousId)).toHaveLength(0);
    expect((await sentCauses('payment-completed')).map((sent) => sent.user_id)).not.toContain(anonymousId);
  });

  it("sends 'Payment refunded' once when a refund completes; a bank refund waiting for its bank file sends nothing yet", async () => {
    await template('payment-refunded', 'Your refund', '<p>We paid back € {{ payment.amount.euro }}</p>');
    const userId = await insert(t, 'user', [userDoc()]).then(([id]) => id);
    const [byProvider, byBank] = await insert(t, 'payment', [paymentDoc({ userId, cents: 3000, left: 1800 }), paymentDoc({ userId, type: 'cash', cents: 1000 })]);
    const finance = await t.token('finance');
    const refund = await t.http.post(`/api/company/finance/payment/${byProvider}/refund`).set(bearer(finance));
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await drained();
    const mails = await mailsOf(userId, 'Your refund');
    expect(mails).toHaveLength(1);
    expect(await htmlOf(mails[0]._id)).toContain('We paid back € 18.00');
    const [sent] = await sentCauses('payment-refunded');
    expect(sent).toMatchObject({ user_id: userId });

    const bank = await t.http.post(`/api/company/finance/payment/${byBank}/refund-iban`).set(bearer(finance));
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    await drained();
    expect(await mailsOf(userId, 'Your refund')).toHaveLength(1);
  });

  it("sends one 'Payment refunded' per person for a bank file: one transfer, one message, with its whole amount", async () => {
    await t.http.patch(`/api/company/model/company/${t.companies.a}`).set(bearer(await t.token('company'))).send({ settings: { bank: { debtorName: 'Company A', debtorIban: 'NL91ABNA0417164300', debtorBic: 'ABNANL2A' } } });
    const [first, second] = await insert(t, 'user', [userDoc(), userDoc()]);
    const payments = await insert(t, 'payment', [
      ...[700, 500, 300].map((cents) => paymentDoc({ userId: first, type: 'pin', cents })),
      paymentDoc({ userId: second, type: 'pin', cents: 250 }),
    ]);
    const made = await t.http.post('/api/company/finance/refund-bank-file').set(bearer(await t.token('company'))).send({ paymentIds: payments, includeQueued: false, confirmedCount: payments.length });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await drained();
    const toFirst = await mailsOf(first, 'Your refund');
    expect(toFirst).toHaveLength(1);
    expect(await htmlOf(toFirst[0]._id)).toContain('We paid back € 15.00');
    expect(await mailsOf(second, 'Your refund')).toHaveLength(1);
  });
});

describe('age verification triggers', () => {
  it('sends the accept or reject template once per decision', async () => {
    await template('userBirthdayVerifyAccept', 'Your age is verified');
    await template('userBirthdayVerifyReject', 'Your age could not be verified');
    const id = await createUser(t, { birthday: { date: '2000-01-02' }, image: { identity: await uploadedImage(t, await t.token('company')) } });
    const token = await t.token('user');
    const decide = (decision: string) => t.http.post(`/api/company/user-age-verification/${id}/${decision}`).set(bearer(token));
    expect((await decide('reject')).status).toBe(200);
    await drained();
    expect(await mailsOf(id, 'Your age could not be verified')).toHaveLength(1);
    expect((await decide('accept')).status).toBe(200);
    await drained();
    expect((await decide('accept')).status).toBe(200); // already accepted: no new decision
    await drained();
    expect(await mailsOf(id, 'Your age is verified')).toHaveLength(1);
    expect(await mailsOf(id, 'Your age could not be verified')).toHaveLength(1);
  });
});
