import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchMessageId } from '../../src/communication/channels/mailgun-batch';
import { FAKE_MAILGUN } from '../../src/communication/channels/mailgun-fake';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { MAIL_FORMAT, PUSH_FORMAT, SMS_FORMAT, createTemplate, eventWithGuests, insertUsers, person, waitForRunner } from './batch-fixtures';

/**
 * Hand-offs that got no answer (the provider took the messages, or not, and we cannot tell): against fakes whose logs
 * lag as the real ones do, an item is neither sent again nor marked before the provider's log is complete, is settled
 * from the log after that, and goes to a person when the log cannot settle it.
 */
const MAIL_LAG_MS = 1500;
const MAIL_WINDOW_MS = 4000;
const SMS_WINDOW_MS = 3000;

let t: TestApp;
beforeAll(async () => {
  Object.assign(process.env, { MAILGUN_FAKE_EVENTS: 'off', SMS_FAKE_EVENTS: 'off', MAILGUN_FAKE_EVENTS_LAG_MS: String(MAIL_LAG_MS), MAILGUN_SETTLE_WINDOW_MS: String(MAIL_WINDOW_MS), SMS_SETTLE_WINDOW_MS: String(SMS_WINDOW_MS) });
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
  for (const name of ['MAILGUN_FAKE_EVENTS', 'SMS_FAKE_EVENTS', 'MAILGUN_FAKE_EVENTS_LAG_MS', 'MAILGUN_SETTLE_WINDOW_MS', 'SMS_SETTLE_WINDOW_MS', 'OUTSIDE_TIMEOUT_MS']) delete process.env[name];
});

const control = (base: string | undefined, path: string, body?: unknown) =>
  fetch(`${base}/_fake/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const mailgun = (path: string, body?: unknown) => control(process.env.MAILGUN_URL, path, body);
const sms = (path: string, body?: unknown) => control(process.env.SMS_URL, path, body);
const expo = (path: string, body?: unknown) => control(process.env.EXPO_PUSH_URL, path, body);
beforeEach(async () => {
  await Promise.all([mailgun('reset'), sms('reset'), expo('reset')]);
});

const mailsTo = async (label: string) => ((await (await fetch(`${process.env.MAILGUN_URL}/_fake/mails`)).json()) as { to: string }[]).map((mail) => mail.to).filter((to) => to.startsWith(label.toLowerCase())).sort();
const expected = (label: string, count: number) => Array.from({ length: count }, (_, n) => `${label.toLowerCase()}.${n}@visitor.test`).sort();

interface ItemRow {
  seq: number;
  state: string;
  reason: string | null;
  claim_id: string;
  settles_at: Date | null;
  provider_id: string | null;
}
const itemsOf = (batchId: string) => t.db.query<ItemRow>('SELECT seq, state, reason, claim_id, settles_at, provider_id FROM batch_item WHERE batch_id = $1 ORDER BY seq', [batchId]);
const waitingForLog = (rows: ItemRow[]) => rows.length > 0 && rows.every((row) => row.state === 'executing' && row.settles_at !== null);
const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

async function batchOf(label: string, count: number, format: string, extra: (n: number) => Record<string, unknown> = () => ({})) {
  const users = await insertUsers(t, Array.from({ length: count }, (_, n) => person(`${label} ${n}`, extra(n))));
  const eventId = await eventWithGuests(t, users);
  const templateId = await createTemplate(t, format, 'Hello {{ user.name.full }}', 'Dear {{ user.name.full }}');
  const token = await t.token('super');
  const created = await t.http.post('/api/company/batch').set(bearer(token)).send({ group: { option: 'users-by-event', value: eventId }, templateId });
  expect(created.status).toBe(201);
  return { token, batchId: created.body._id as string, users, templateId };
}
const run = (token: string, batchId: string) => t.http.post(`/api/company/batch/${batchId}/run`).set(bearer(token)).send({});
const statusOf = async (token: string, batchId: string) => (await t.http.get(`/api/company/batch/${batchId}`).set(bearer(token))).body;

/** Runs the batch while the provider takes each call but answers after our timeout, then answers in time again. */
async function runWithoutAnswers(token: string, batchId: string, latency: (ms: number) => Promise<unknown>, settled = waitingForLog): Promise<ItemRow[]> {
  process.env.OUTSIDE_TIMEOUT_MS = '300';
  await latency(900);
  try {
    await run(token, batchId);
    return await waitFor(() => itemsOf(batchId), settled, 20_000);
  } finally {
    delete process.env.OUTSIDE_TIMEOUT_MS;
    await latency(0);
  }
}
const mailLatency = (ms: number) => mailgun(`latency?ms=${ms}`);

async function acceptedEventsUnder(claimId: string): Promise<number> {
  const query = new URLSearchParams({ event: 'accepted', 'message-id': batchMessageId(claimId, FAKE_MAILGUN.domain) });
  const page = await fetch(`${process.env.MAILGUN_URL}/${FAKE_MAILGUN.domain}/events?${query}`, { headers: { Authorization: `Basic ${Buffer.from(`api:${FAKE_MAILGUN.apiKey}`).toString('base64')}` } });
  return ((await page.json()) as { items: unknown[] }).items.length;
}

describe('mail whose hand-off got no answer', () => {
  it("goes to a person when Mailgun's log has none of it and Mailgun is not yet known to keep our Message-Id", async () => {
    // first in this file: no earlier call has shown that Mailgun answers the Message-Id we give a call
    const { token, batchId } = await batchOf('Unproven', 2, MAIL_FORMAT);
    await mailgun('fail-next', { status: 'drop' });
    await run(token, batchId);
    await waitFor(() => itemsOf(batchId), waitingForLog, 20_000);
    const rows = await waitFor(() => itemsOf(batchId), (current) => current.every((row) => row.state === 'uncertain'), MAIL_WINDOW_MS + 15_000);
    expect(rows.map((row) => [row.state, row.reason])).toEqual([['uncertain', 'provider-log-unclear'], ['uncertain', 'provider-log-unclear']]);
    expect(await mailsTo('Unproven')).toEqual([]);
  }, 60_000);

  it("is neither sent again nor marked before Mailgun's log is complete, and is marked done from it after", async () => {
    const { token, batchId, templateId } = await batchOf('Unanswered', 3, MAIL_FORMAT);
    const rows = await runWithoutAnswers(token, batchId, mailLatency);
    const claimId = rows[0].claim_id;
    const settlesAt = Math.min(...rows.map((row) => row.settles_at!.getTime()));
    // Mailgun took the call; asked at once, its log would not show it yet (a recovery asking now would send it again)
    expect(await mailsTo('Unanswered')).toEqual(expected('Unanswered', 3));
    expect(await acceptedEventsUnder(claimId)).toBe(0);
    const paused = await statusOf(token, batchId);
    expect(paused).toMatchObject({ runner: 'paused', counts: { executing: 3, done: 0, ready: 0 } });
    expect(paused.settlingUntil).toBeGreaterThan(Date.now() / 1000);

    // running the batch again sends nothing of it: the items wait for the log, still executing
    await run(token, batchId);
    await sleepUntil(settlesAt - 1500);
    expect(await acceptedEventsUnder(claimId)).toBe(3);
    expect(Date.now()).toBeLessThan(settlesAt);
    expect((await itemsOf(batchId)).map((row) => row.state)).toEqual(['executing', 'executing', 'executing']);
    expect(await mailsTo('Unanswered')).toEqual(expected('Unanswered', 3));

    const done = await waitForRunner(t, token, batchId, ['completed'], MAIL_WINDOW_MS + 15_000);
    expect(done.counts).toMatchObject({ done: 3, executing: 0, ready: 0, uncertain: 0 });
    expect(done.settlingUntil).toBeNull();
    expect((await itemsOf(batchId)).map((row) => row.provider_id)).toEqual(['recovered-after-interruption', 'recovered-after-interruption', 'recovered-after-interruption']);
    expect(await mailsTo('Unanswered')).toEqual(expected('Unanswered', 3));
    const records = await t.http.get(`/api/company/model/communicationMail?templateRef.templateId=${templateId}`).set(bearer(token));
    expect(records.body).toHaveLength(3);
  }, 60_000);

  it("goes back to the queue after the window when Mailgun's log shows it never arrived, and is sent once", async () => {
    // a call answered in time shows that Mailgun keeps the Message-Id we give: "not in the log" then means "not taken"
    const proof = await batchOf('Answered', 1, MAIL_FORMAT);
    await run(proof.token, proof.batchId);
    await waitForRunner(t, proof.token, proof.batchId, ['completed']);

    const { token, batchId } = await batchOf('Dropped', 2, MAIL_FORMAT);
    await mailgun('fail-next', { status: 'drop' });
    await run(token, batchId);
    const rows = await waitFor(() => itemsOf(batchId), waitingForLog, 20_000);
    await run(token, batchId);
    await sleepUntil(Math.min(...rows.map((row) => row.settles_at!.getTime())) - 1000);
    expect((await itemsOf(batchId)).map((row) => row.state)).toEqual(['executing', 'executing']);
    expect(await mailsTo('Dropped')).toEqual([]);
    expect((await waitForRunner(t, token, batchId, ['completed'], MAIL_WINDOW_MS + 15_000)).counts).toMatchObject({ done: 2, uncertain: 0 });
    expect(await mailsTo('Dropped')).toEqual(expected('Dropped', 2));
  }, 60_000);
});

describe('a person decides on uncertain items in the batch screen', () => {
  it("lists them when Mailgun's log cannot be read; mark as sent sends nothing, send again sends once more; other roles are refused", async () => {
    const { token, batchId } = await batchOf('Undecided', 3, MAIL_FORMAT);
    await runWithoutAnswers(token, batchId, mailLatency);
    await mailgun('fail-next', { status: 500, path: 'events' });
    await run(token, batchId);
    const rows = await waitFor(() => itemsOf(batchId), (current) => current.every((row) => row.state === 'uncertain'), MAIL_WINDOW_MS + 15_000);
    expect(rows.map((row) => row.reason)).toEqual(['provider-log-unreadable', 'provider-log-unreadable', 'provider-log-unreadable']);
    const status = await statusOf(token, batchId);
    expect(status).toMatchObject({ runner: 'running', counts: { uncertain: 3, executing: 0 } });

    const listed = await t.http.get(`/api/company/batch/${batchId}/items?state=uncertain`).set(bearer(token));
    expect(listed.body.map((row: { email: string }) => row.email)).toEqual(['undecided.0@visitor.test', 'undecided.1@visitor.test', 'undecided.2@visitor.test']);
    const undecided = await t.http.get('/api/company/batch/undecided').set(bearer(await t.token('company')));
    expect(undecided.body).toContainEqual(expect.objectContaining({ _id: batchId, kind: 'mail', uncertain: 3 }));

    // a signed-in user without an admin right may not decide, nor may another company's admin; nothing changes
    const email = `no-rights-${Date.now()}@example.test`;
    expect((await t.http.post('/api/company/model/user').set(bearer(await t.token('company'))).send({ email: { value: email }, name: { full: 'No Rights' }, security: { password: { value: 'a long password' } } })).status).toBe(201);
    const plain = (await t.http.post('/api/auth/login').send({ email, password: 'a long password' })).body.token as string;
    const decide = (bearerToken: string, body: object) => t.http.post(`/api/company/batch/${batchId}/decisions`).set(bearer(bearerToken)).send(body);
    expect((await decide(plain, { decision: 'send-again' })).status).toBe(403);
    expect((await t.http.get('/api/company/batch/undecided').set(bearer(plain))).status).toBe(403);
    expect((await decide(await t.token('company', 'b'), { decision: 'send-again' })).status).toBe(404);
    expect((await t.http.get('/api/company/batch/undecided').set(bearer(await t.token('company', 'b')))).body).not.toContainEqual(expect.objectContaining({ _id: batchId }));
    expect((await decide(token, { decision: 'resend' })).status).toBe(400);
    expect((await decide(token, { decision: 'mark-sent', seqs: [0] })).status).toBe(400);
    expect((await statusOf(token, batchId)).counts.uncertain).toBe(3);

    const marked = await decide(await t.token('event'), { decision: 'mark-sent', seqs: [1] });
    expect(marked.status).toBe(200);
    expect(marked.body.counts).toMatchObject({ done: 1, uncertain: 2 });
    expect((await decide(token, { decision: 'mark-sent', seqs: [1] })).status).toBe(409);
    const [first] = await t.db.query<{ reason: string; decided_by: string }>('SELECT reason, decided_by FROM batch_item WHERE batch_id = $1 AND seq = 1', [batchId]);
    expect(first).toEqual({ reason: 'marked-as-sent', decided_by: t.userIds.a.event });

    expect((await decide(token, { decision: 'send-again' })).status).toBe(200);
    const completed = await waitForRunner(t, token, batchId, ['completed']);
    expect(completed.counts).toMatchObject({ done: 3, uncertain: 0 });
    // the first recipient's mail was marked as sent: not sent again; the other two chose to get it a second time
    expect(await mailsTo('Undecided')).toEqual(['undecided.0@visitor.test', 'undecided.1@visitor.test', 'undecided.1@visitor.test', 'undecided.2@visitor.test', 'undecided.2@visitor.test']);
    expect((await t.http.get('/api/company/batch/undecided').set(bearer(token))).body).not.toContainEqual(expect.objectContaining({ _id: batchId }));
  }, 60_000);
});

describe('text messages whose hand-off got no answer', () => {
  it("are settled from MessageBird's list of messages after the window: taken ones done, the lost one sent once", async () => {
    await t.db.query(`UPDATE company SET doc = jsonb_set(doc, '{settings}', coalesce(doc->'settings', '{}') || '{"superSettings": {"smsEnabled": true}}') WHERE id = $1`, [t.companies.a]);
    const { token, batchId, templateId } = await batchOf('Texted', 3, SMS_FORMAT, (n) => ({ mobile: { countrycode: '+31', value: `61234567${n}` } }));
    // the first text's connection drops before the provider takes it; the others are taken but answered too late
    await sms('fail-next', { status: 'drop' });
    const rows = await runWithoutAnswers(token, batchId, (ms) => sms(`latency?ms=${ms}`));
    const texts = async () => ((await (await fetch(`${process.env.SMS_URL}/_fake/messages`)).json()) as { recipients: number[] }[]).map((message) => message.recipients[0]).sort();
    expect(await texts()).toEqual([31612345671, 31612345672]);
    await sleepUntil(Math.min(...rows.map((row) => row.settles_at!.getTime())) - 800);
    expect((await itemsOf(batchId)).map((row) => row.state)).toEqual(['executing', 'executing', 'executing']);
    const status = await waitForRunner(t, token, batchId, ['completed'], SMS_WINDOW_MS + 15_000);
    expect(status.counts).toMatchObject({ done: 3, uncertain: 0 });
    expect(await texts()).toEqual([31612345670, 31612345671, 31612345672]);
    expect((await itemsOf(batchId)).map((row) => row.provider_id === 'recovered-after-interruption')).toEqual([false, true, true]);
    const records = await t.http.get(`/api/company/model/communicationSms?templateRef.templateId=${templateId}`).set(bearer(token));
    expect(records.body).toHaveLength(3);
  }, 60_000);
});

/** A push batch of two users with a push token each. */
async function pushBatch(label: string) {
  const users = await insertUsers(t, [person(`${label} One`), person(`${label} Two`)]);
  const token = await t.token('super');
  for (const userId of users) await t.http.post('/api/company/model/pushToken').set(bearer(token)).send({ token: `ExponentPushToken[${userId}]`, userRef: { userId } });
  const eventId = await eventWithGuests(t, users);
  const templateId = await createTemplate(t, PUSH_FORMAT, 'Doors open', 'Hi {{ user.name.first }}');
  return { token, batchId: (await t.http.post('/api/company/batch').set(bearer(token)).send({ group: { option: 'users-by-event', value: eventId }, templateId })).body._id as string };
}
const pushes = async () => ((await (await fetch(`${process.env.EXPO_PUSH_URL}/_fake/messages`)).json()) as unknown[]).length;

describe('push notifications whose hand-off got no answer', () => {
  it('are not uncertain when the call never connected: nothing was taken, the chunk waits in the queue with the run paused', async () => {
    const { token, batchId } = await pushBatch('Pushed Unreachable');
    const expoUrl = process.env.EXPO_PUSH_URL!;
    process.env.EXPO_PUSH_URL = `http://127.0.0.1:${await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    })}`;
    try {
      await run(token, batchId);
      const paused = await waitForRunner(t, token, batchId, ['paused']);
      expect(paused.pauseReason).toMatch(/^provider-unavailable: Expo could not be reached/);
      expect(paused.counts).toMatchObject({ ready: 2, uncertain: 0, executing: 0 });
    } finally {
      process.env.EXPO_PUSH_URL = expoUrl;
    }
    await run(token, batchId);
    expect((await waitForRunner(t, token, batchId, ['completed'])).counts).toMatchObject({ done: 2 });
    expect(await pushes()).toBe(2);
  }, 60_000);

  it('go to a person at once (Expo keeps no log to ask) and are never sent again by themselves', async () => {
    const { token, batchId } = await pushBatch('Pushed Uncertain');
    const rows = await runWithoutAnswers(token, batchId, (ms) => expo(`latency?ms=${ms}`), (current) => current.length > 0 && current.every((row) => row.state === 'uncertain'));
    expect(rows.map((row) => row.reason)).toEqual(['no-provider-log', 'no-provider-log']);
    expect(await pushes()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await statusOf(token, batchId)).counts).toMatchObject({ uncertain: 2, done: 0, ready: 0 });
    expect(await pushes()).toBe(2);
    const marked = await t.http.post(`/api/company/batch/${batchId}/decisions`).set(bearer(token)).send({ decision: 'mark-sent' });
    expect(marked.body).toMatchObject({ counts: { done: 2, uncertain: 0 } });
    expect(await pushes()).toBe(2);
  }, 60_000);
});
