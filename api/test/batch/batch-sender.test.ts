import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { MAIL_FORMAT, PUSH_FORMAT, SMS_FORMAT, createTemplate, eventWithGuests, insertUsers, person, waitForRunner } from './batch-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const fake = (path: string, init?: RequestInit) => fetch(`${process.env.MAILGUN_URL}/_fake/${path}`, init);
beforeEach(async () => {
  await fake('reset', { method: 'POST' });
});
const fakeMails = async () => (await (await fake('mails')).json()) as { id: string; to: string; subject: string; html: string }[];
const failNext = (status: number) => fake('fail-next', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status }) });

/** `count` users invited to one event, and a batch of them with a mail template (chunk size as given, super). */
async function mailBatch(label: string, count: number, chunkSize?: number) {
  const users = await insertUsers(t, Array.from({ length: count }, (_, n) => person(`${label} ${n}`)));
  const eventId = await eventWithGuests(t, users);
  const templateId = await createTemplate(t, MAIL_FORMAT);
  const token = await t.token('super');
  const created = await t.http.post('/api/company/batch').set(bearer(token)).send({ group: { option: 'users-by-event', value: eventId }, templateId, ...(chunkSize && { chunkSize }) });
  expect(created.status).toBe(201);
  return { token, batchId: created.body._id as string, users, templateId };
}
const run = (token: string, batchId: string) => t.http.post(`/api/company/batch/${batchId}/run`).set(bearer(token)).send({});
const emailsOf = (label: string, mails: { to: string }[]) => mails.map((mail) => mail.to).filter((to) => to.startsWith(label.toLowerCase())).sort();
const expected = (label: string, count: number) => Array.from({ length: count }, (_, n) => `${label.toLowerCase()}.${n}@visitor.test`).sort();

describe('the batch sender', () => {
  it('sends every recipient their own rendered mail once, in chunks, and records it in the mail overview', async () => {
    const { token, batchId, templateId } = await mailBatch('Chunked', 23);
    expect((await run(token, batchId)).body.runner).toBe('running');
    const status = await waitForRunner(t, token, batchId, ['completed']);
    expect(status).toMatchObject({ total: 23, counts: { done: 23, ready: 0, executing: 0, error: 0, declined: 0 } });
    const mails = await fakeMails();
    expect(emailsOf('Chunked', mails)).toEqual(expected('Chunked', 23));
    // mail batches go in chunks of at most 10, each one Mailgun call (one message id); two workers claiming side by
    // side on the PostgreSQL server may leave a chunk short, so 23 mails take three calls or a few more
    const perCall = new Map<string, number>();
    for (const mail of mails.filter((candidate) => candidate.to.startsWith('chunked'))) perCall.set(mail.id, (perCall.get(mail.id) ?? 0) + 1);
    expect(Math.max(...perCall.values())).toBeLessThanOrEqual(10);
    expect(perCall.size).toBeGreaterThanOrEqual(3);
    expect(perCall.size).toBeLessThanOrEqual(5);
    const mail = mails.find((candidate) => candidate.to === 'chunked.7@visitor.test')!;
    expect(mail.subject).toBe('Hello Chunked 7');
    expect(mail.html).toContain('Dear Chunked 7');
    const records = await t.http.get(`/api/company/model/communicationMail?templateRef.templateId=${templateId}&_end=100`).set(bearer(token));
    expect(Number(records.headers['x-total-count'])).toBe(23);
    expect(records.body[0].state.id).toBe('mg-accepted');
    const rows = await t.http.get(`/api/company/batch/${batchId}/items?_start=0&_end=5`).set(bearer(token));
    expect(rows.headers['x-total-count']).toBe('23');
    expect(rows.body.map((row: { state: string }) => row.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
    const preview = await t.http.get(`/api/company/batch/${batchId}/items/1/preview`).set(bearer(token));
    expect(preview.body.subject).toMatch(/^Hello Chunked \d+$/);
  });

  it('pauses between chunks and resumes where it stopped', async () => {
    const { token, batchId } = await mailBatch('Paused', 20, 1);
    await fake('latency?ms=200', { method: 'POST' });
    await run(token, batchId);
    let status = (await t.http.get(`/api/company/batch/${batchId}`).set(bearer(token))).body;
    while (status.counts.done < 2) status = (await t.http.get(`/api/company/batch/${batchId}`).set(bearer(token))).body;
    expect((await t.http.post(`/api/company/batch/${batchId}/pause`).set(bearer(token))).body.runner).toBe('paused');
    // the chunk in flight finishes; then nothing moves
    await new Promise((resolve) => setTimeout(resolve, 600));
    const still = (await t.http.get(`/api/company/batch/${batchId}`).set(bearer(token))).body;
    expect(still.runner).toBe('paused');
    expect(still.counts.executing).toBe(0);
    expect(still.counts.done).toBeLessThan(20);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await t.http.get(`/api/company/batch/${batchId}`).set(bearer(token))).body.counts.done).toBe(still.counts.done);
    await run(token, batchId);
    expect((await waitForRunner(t, token, batchId, ['completed'])).counts.done).toBe(20);
    expect(emailsOf('Paused', await fakeMails())).toEqual(expected('Paused', 20));
  }, 90_000);

  it('returns the chunk to the queue and pauses after a failed call; run resumes without loss or a second mail', async () => {
    const { token, batchId } = await mailBatch('Outage', 12);
    await failNext(503);
    await run(token, batchId);
    let paused = await waitForRunner(t, token, batchId, ['paused']);
    expect(paused.pauseReason).toMatch(/^provider-unavailable/);
    // a chunk another worker loop had in flight finishes (PostgreSQL runs two); the failed one is ready again
    while (paused.counts.executing > 0) paused = (await t.http.get(`/api/company/batch/${batchId}`).set(bearer(token))).body;
    expect(paused.counts.ready).toBeGreaterThanOrEqual(10);
    expect(paused.counts.ready + paused.counts.done).toBe(12);
    expect(emailsOf('Outage', await fakeMails())).toHaveLength(paused.counts.done);
    await run(token, batchId);
    expect((await waitForRunner(t, token, batchId, ['completed'])).counts.done).toBe(12);
    expect(emailsOf('Outage', await fakeMails())).toEqual(expected('Outage', 12));
  });

  it('waits after a 429 and goes on by itself', async () => {
    const { token, batchId } = await mailBatch('Limited', 8);
    await failNext(429);
    await run(token, batchId);
    const done = await waitForRunner(t, token, batchId, ['completed', 'paused']);
    expect(done.runner).toBe('completed');
    expect(emailsOf('Limited', await fakeMails())).toEqual(expected('Limited', 8));
  });

  it('declines push notifications to users without a push token, counted as not registered for push', async () => {
    const users = await insertUsers(t, [person('Pushed One'), person('Pushed Two'), person('Tokenless')]);
    const token = await t.token('super');
    for (const userId of users.slice(0, 2)) {
      const created = await t.http.post('/api/company/model/pushToken').set(bearer(token)).send({ token: `ExponentPushToken[${userId}]`, userRef: { userId } });
      expect(created.status).toBe(201);
    }
    const eventId = await eventWithGuests(t, users);
    const templateId = await createTemplate(t, PUSH_FORMAT, 'Doors open', 'Hi {{ user.name.first }}');
    const batch = (await t.http.post('/api/company/batch').set(bearer(token)).send({ group: { option: 'users-by-event', value: eventId }, templateId })).body;
    await run(token, batch._id);
    const status = await waitForRunner(t, token, batch._id, ['completed']);
    expect(status.counts).toMatchObject({ done: 2, declined: 1 });
    expect(status.notRegisteredForPush).toBe(1);
    const declined = await t.http.get(`/api/company/batch/${batch._id}/items?state=declined`).set(bearer(token));
    expect(declined.body).toMatchObject([{ state: 'declined', reason: 'missing-push-token', name: 'Tokenless' }]);
  });

  it('sends text messages only when the company has SMS on, declines users without a mobile, and records what went out', async () => {
    const smsFake = (path: string, init?: RequestInit) => fetch(`${process.env.SMS_URL}/_fake/${path}`, init);
    await smsFake('reset', { method: 'POST' });
    const users = await insertUsers(t, [person('Texted One', { mobile: { countrycode: '+31', value: '612345671' } }), person('Texted Two', { mobile: { countrycode: '+31', value: '612345672' } }), person('Texted Nomobile')]);
    const eventId = await eventWithGuests(t, users);
    const templateId = await createTemplate(t, SMS_FORMAT, 'Doors open', 'Hi {{ user.name.full }}, doors open at eight.');
    const token = await t.token('super');
    const batchOf = async () => (await t.http.post('/api/company/batch').set(bearer(token)).send({ group: { option: 'users-by-event', value: eventId }, templateId })).body._id as string;

    const off = await batchOf();
    await run(token, off);
    expect((await waitForRunner(t, token, off, ['completed'])).counts).toMatchObject({ done: 0, declined: 3 });
    expect((await t.http.get(`/api/company/batch/${off}/items?state=declined`).set(bearer(token))).body[0]).toMatchObject({ reason: 'sms-disabled' });
    expect(await (await smsFake('messages')).json()).toEqual([]);

    await t.db.query(`UPDATE company SET doc = jsonb_set(doc, '{settings}', coalesce(doc->'settings', '{}') || '{"superSettings": {"smsEnabled": true}}') WHERE id = $1`, [t.companies.a]);
    const on = await batchOf();
    await run(token, on);
    expect((await waitForRunner(t, token, on, ['completed'])).counts).toMatchObject({ done: 2, declined: 1 });
    expect((await t.http.get(`/api/company/batch/${on}/items?state=declined`).set(bearer(token))).body).toMatchObject([{ reason: 'missing-mobile', name: 'Texted Nomobile' }]);
    const sent = (await (await smsFake('messages')).json()) as { recipients: string[]; body: string }[];
    expect(sent.map((message) => message.body).sort()).toEqual(['Hi Texted One, doors open at eight.', 'Hi Texted Two, doors open at eight.']);
    const records = await t.http.get(`/api/company/model/communicationSms?templateRef.templateId=${templateId}`).set(bearer(token));
    expect(records.body).toHaveLength(2);
    expect(records.body[0]).toMatchObject({ state: { id: expect.any(String) }, to: [{ phone: expect.stringMatching(/^\+31612345/) }] });
  });

  it('never sends to a user who became anonymous after the batch was made', async () => {
    const { token, batchId, users } = await mailBatch('Turned', 3);
    await t.db.query(`UPDATE "user" SET doc = jsonb_set(doc, '{email,anonymous}', 'true') WHERE id = $1`, [users[1]]);
    await run(token, batchId);
    const status = await waitForRunner(t, token, batchId, ['completed']);
    expect(status.counts).toMatchObject({ done: 2, error: 1 });
    expect(emailsOf('Turned', await fakeMails())).toEqual(['turned.0@visitor.test', 'turned.2@visitor.test']);
  });
});
