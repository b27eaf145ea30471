import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { insert, read, transactionDoc, user } from './finance-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = (id: string) => `/api/company/finance/transaction/${id}/assign-email`;
const MULTI_TICKET = 'abcdefabcdefabcdefabcdef';

const ownerOf = async (guestId: string) => (await t.db.query<{ doc: { userRef: unknown } }>('SELECT doc FROM event_guest WHERE id = $1', [guestId]))[0].doc.userRef;

let eventId: string;
beforeAll(async () => {
  [eventId] = await insert(t, 'event', [{ name: { full: 'Festival' } }]);
});

/** A buyer's paid multi-ticket transaction whose ticket (event guest) belongs to the buyer. */
async function ticket(options: { state?: string; multiTicket?: boolean } = {}) {
  const buyer = await user(t);
  const [guestId] = await insert(t, 'eventGuest', [{ eventRef: { eventId }, userRef: { userId: buyer }, meta: { archived: false } }]);
  const [transactionId] = await insert(t, 'transaction', [{
    ...transactionDoc({ userId: buyer, cents: 2500, state: options.state }),
    eventGuestRef: { eventGuestId: guestId },
    ...(options.multiTicket !== false && { eventMultiTicketRef: { eventMultiTicketId: MULTI_TICKET } }),
  }]);
  return { buyer, guestId, transactionId };
}

describe('assign a multi-ticket transaction to another email', () => {
  it("moves the ticket's event guest to the active user with that email; the buyer keeps the transaction", async () => {
    const { buyer, guestId, transactionId } = await ticket();
    const friendEmail = `Friend-${Date.now()}@example.test`;
    const friend = await user(t, { email: friendEmail });
    const response = await t.http.post(url(transactionId)).set(bearer(await t.token('finance'))).send({ email: ` ${friendEmail.toLowerCase()} ` });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ message: `Assigned the ticket to ${friendEmail}`, eventGuestId: guestId, user: { _id: friend, email: friendEmail } });
    expect(await ownerOf(guestId)).toEqual({ userId: friend });
    expect((await read(t, 'transaction', transactionId)).userRef).toEqual({ userId: buyer });
    const [audit] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE doc->>'recordId' = $1`, [guestId]);
    expect(audit.n).toBeGreaterThan(0);
  });

  it('refuses a missing or malformed email (400), an unknown one (404), and changes nothing', async () => {
    const { buyer, guestId, transactionId } = await ticket();
    const token = await t.token('finance');
    expect((await t.http.post(url(transactionId)).set(bearer(token)).send({})).status).toBe(400);
    const malformed = await t.http.post(url(transactionId)).set(bearer(token)).send({ email: 'not an email' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ field: 'email', message: 'not an email address' }]);
    const unknown = await t.http.post(url(transactionId)).set(bearer(token)).send({ email: 'nobody-here@example.test' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No active user has the email nobody-here@example.test');
    expect(await ownerOf(guestId)).toEqual({ userId: buyer });
  });

  it('refuses transactions that are not multi-ticket or not paid, and a user who is already a guest of the event', async () => {
    const token = await t.token('finance');
    const friendEmail = `friend-${Date.now()}@example.test`;
    await user(t, { email: friendEmail });
    const single = await ticket({ multiTicket: false });
    const notMulti = await t.http.post(url(single.transactionId)).set(bearer(token)).send({ email: friendEmail });
    expect(notMulti.status).toBe(409);
    expect(notMulti.body.reason).toBe('not-multi-ticket');
    const refunded = await ticket({ state: 'refunded' });
    expect((await t.http.post(url(refunded.transactionId)).set(bearer(token)).send({ email: friendEmail })).body.reason).toBe('not-paid');
    const first = await ticket();
    expect((await t.http.post(url(first.transactionId)).set(bearer(token)).send({ email: friendEmail })).status).toBe(200);
    const second = await ticket();
    const twice = await t.http.post(url(second.transactionId)).set(bearer(token)).send({ email: friendEmail });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`${friendEmail} is already a guest of this event`);
    expect(await ownerOf(second.guestId)).toEqual({ userId: second.buyer });
  });

  it('refuses user and event admins, and another company does not find the transaction', async () => {
    const { buyer, guestId, transactionId } = await ticket();
    const friendEmail = `friend-${Date.now()}-x@example.test`;
    await user(t, { email: friendEmail });
    for (const role of ['user', 'event'] as const) {
      expect((await t.http.post(url(transactionId)).set(bearer(await t.token(role))).send({ email: friendEmail })).status).toBe(403);
    }
    expect((await t.http.post(url(transactionId)).set(bearer(await t.token('finance', 'b'))).send({ email: friendEmail })).status).toBe(404);
    expect(await ownerOf(guestId)).toEqual({ userId: buyer });
  });
});
