import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { signMailgunEvent, mailgunEvent, FAKE_MAILGUN } from '../../src/communication/channels/mailgun-fake';
import { CommunicationSender } from '../../src/communication/delivery/communication-sender';
import { recipientOfUser } from '../../src/communication/delivery/audience';
import { newId } from '../../src/common/object-id';
import { bulkInsert } from '../../src/database/bulk-insert';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

let t: TestApp;
beforeAll(async () => {
  process.env.MAILGUN_FAKE_EVENT_DELAY_MS = '100';
  t = await startTestApp();
  await t.app.listen(0, '127.0.0.1');
  process.env.MAILGUN_WEBHOOK_URL = `${await t.app.getUrl()}/api/communication/mail/webhook`.replace('[::1]', '127.0.0.1');
});
afterAll(async () => {
  delete process.env.MAILGUN_WEBHOOK_URL;
  delete process.env.MAILGUN_FAKE_EVENT_DELAY_MS;
  await t.close();
});

type Doc = Record<string, any>;
const fake = (path: string) => fetch(`${process.env.MAILGUN_URL}${path}`).then((response) => response.json());
const mailsTo = async (email: string) => ((await fake('/_fake/mails')) as Doc[]).filter((mail) => mail.to === email);
const mailRecord = async (id: string) => (await t.db.query<{ doc: Doc }>('SELECT doc FROM communication_mail WHERE id = $1', [id]))[0]?.doc;

let serial = 0;
async function user(options: { anonymous?: boolean; email?: string } = {}): Promise<string> {
  const id = newId();
  const n = ++serial;
  await bulkInsert(t.db, findResource('user')!, [{ id, companyId: t.companies.a, doc: {
    name: { first: 'Mia', last: `Jansen ${n}`, full: `Mia Jansen ${n}` },
    email: { value: options.email ?? `mia-${n}-${id.slice(-6)}@example.test`, valid: true, anonymous: options.anonymous ?? false },
    info: { language: 'nl' },
    meta: { archived: false, createdAt: Math.floor(Date.now() / 1000) },
  } }]);
  return id;
}

const modern = {
  format: 'communication-mail-html-modern-2021',
  subject: { en: 'Hello {{ user.name.first }}', nl: 'Hallo {{ user.name.first }}' },
  content: { en: '<p>Welcome at {{ company.name }}</p>', nl: '<p>Welkom bij {{ company.name }}</p>' },
  footer: { en: '<p>Footer</p>', nl: '<p>Voet</p>' },
};

const firstNameOfStaff = async () => (await t.db.query<{ first: string }>(`SELECT doc->'name'->>'first' AS first FROM "user" WHERE id = $1`, [t.userIds.a.company]))[0].first;

describe('preview and send preview', () => {
  it('renders the form value for the signed-in user in the spec shape, and a syntax error names the line', async () => {
    const token = await t.token('company');
    const preview = await t.http.post('/api/company/template/render').set(bearer(token)).send({ template: modern });
    expect(preview.status).toBe(200);
    expect(preview.body.data[0].data).toMatchObject({ subject: `Hello ${await firstNameOfStaff()}`, html: expect.stringContaining('Welcome at Company A'), rendered: { kind: 'mail', text: expect.stringContaining('Welcome at Company A') } });
    const broken = await t.http.post('/api/company/template/render').set(bearer(token)).send({ template: { ...modern, content: { en: 'line one\n{% for x in %}' } } });
    expect(broken.status).toBe(400);
    expect(broken.body.errors).toEqual([{ field: 'content.en', message: expect.stringMatching(/^content\.en line 2: /) }]);
  });

  it('sends the preview to the signed-in user through Mailgun, records it, and the webhooks move it to Opened', async () => {
    const response = await t.http.post('/api/company/template/send-preview').set(bearer(await t.token('company'))).send({ template: modern });
    expect(response.status).toBe(200);
    const { recordId } = response.body.outcome;
    const sent = await mailsTo(t.emailOf('company'));
    expect(sent).toHaveLength(1);
    const subject = `Hello ${await firstNameOfStaff()}`;
    expect(sent[0]).toMatchObject({ subject, variables: { 'communication-key': recordId } });
    expect(sent[0].html).toContain('Welcome at Company A');
    const opened = await waitFor(() => mailRecord(recordId), (doc) => doc?.state.id === 'mg-opened');
    expect(opened.state.id).toBe('mg-opened');
    expect(opened.stateHistory.map((entry: Doc) => entry.id)).toEqual(['created', 'mg-accepted', 'mg-delivered', 'mg-opened']);
    expect(opened).toMatchObject({ subject, to: [{ email: t.emailOf('company') }], publicId: expect.stringMatching(/^<.+@mg\.demo-events\.test>$/) });

    // the stored source, for super admins only
    const source = await t.http.get(`/api/company/communication/mail/${recordId}/source`).set(bearer(await t.token('super')));
    expect(source.status).toBe(200);
    expect(source.body.source).toContain(`Subject: ${subject}`);
    expect((await t.http.get(`/api/company/communication/mail/${recordId}/source`).set(bearer(await t.token('company')))).status).toBe(403);
    const listed = await t.http.get(`/api/company/model/communicationMail/${recordId}`).set(bearer(await t.token('company')));
    expect(listed.body.source?.url).toBeUndefined();
  });

  it('refuses preview and sending without a session', async () => {
    const noToken = await t.http.post('/api/company/template/send-preview').send({ template: modern });
    expect(noToken.status).toBe(401);
  });
});

describe('Mailgun webhooks', () => {
  const post = (body: object) => t.http.post('/api/communication/mail/webhook').send(body);
  const event = (mailId: string, name: string, extra: Record<string, unknown> = {}, signature = signMailgunEvent(FAKE_MAILGUN.signingKey)) => ({
    ...mailgunEvent({ id: '<x@mg>', to: 'someone@example.test', variables: { 'communication-key': mailId } }, name, FAKE_MAILGUN.signingKey, extra),
    signature,
  });
  let mailId: string;

  beforeAll(async () => {
    const userId = await user({ email: 'unopened-webhook@example.test' });
    const sender = t.app.get(CommunicationSender);
    const [recipient] = [recipientOfUser(userId, { name: { full: 'Webhook' }, email: { value: 'unopened-webhook@example.test' } })];
    const actor = { userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['company'] as const), access: [], thirdParty: false };
    const [outcome] = await sender.sendTemplate(actor as never, { ...modern, id: null }, [recipient]);
    mailId = outcome.recordId!;
    await waitFor(() => mailRecord(mailId), (doc) => doc?.state.id === 'mg-delivered');
  });

  it('refuses a wrong signature, an old timestamp and a reused token, and changes nothing', async () => {
    const before = await mailRecord(mailId);
    const wrong = await post(event(mailId, 'opened', {}, { ...signMailgunEvent(FAKE_MAILGUN.signingKey), signature: 'ab'.repeat(32) }));
    expect(wrong.status).toBe(403);
    const old = await post(event(mailId, 'opened', {}, signMailgunEvent(FAKE_MAILGUN.signingKey, Math.floor(Date.now() / 1000) - 3600)));
    expect(old.status).toBe(403);
    expect(old.body.message).toContain('too old');
    const once = event(mailId, 'delivered');
    expect((await post(once)).status).toBe(200);
    const replay = await post(once);
    expect(replay.status).toBe(403);
    expect(replay.body.message).toContain('used before');
    expect((await post({ nonsense: true })).status).toBe(403);
    expect((await mailRecord(mailId)).state).toEqual(before.state);
  });

  it('moves forward on each event, never back on late or duplicate ones, and keeps each state once in the history', async () => {
    expect((await post(event(mailId, 'clicked'))).body).toEqual({ mailId, state: 'mg-clicked' });
    expect((await post(event(mailId, 'opened'))).status).toBe(200);
    expect((await post(event(mailId, 'delivered'))).status).toBe(200);
    expect((await post(event(mailId, 'failed', { severity: 'temporary' }))).body.state).toBeNull();
    const doc = await mailRecord(mailId);
    expect(doc.state.id).toBe('mg-clicked');
    expect(doc.stateHistory.map((entry: Doc) => entry.id).sort()).toEqual(['created', 'mg-accepted', 'mg-clicked', 'mg-delivered', 'mg-opened']);
    const unknown = await post(event(newId(), 'delivered'));
    expect(unknown.status).toBe(404);
  });
});

describe('who may be sent to, and who may set triggers', () => {
  it('never sends to anonymous users, whatever the path', async () => {
    const anonymousId = await user({ anonymous: true, email: 'anon-card@anonymous.test' });
    const sender = t.app.get(CommunicationSender);
    const actor = { userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['super'] as const), access: [], thirdParty: false };
    const recipient = recipientOfUser(anonymousId, { email: { value: 'anon-card@anonymous.test', anonymous: true } });
    for (const format of ['communication-mail-html-modern-2021', 'communication-sms-text-plain', 'communication-notification-text-plain']) {
      const [outcome] = await sender.sendTemplate(actor as never, { ...modern, format, id: null }, [recipient]);
      expect(outcome).toMatchObject({ state: 'declined', reason: 'anonymous', recordId: null });
    }
    expect(await mailsTo('anon-card@anonymous.test')).toHaveLength(0);
    const records = await t.db.query("SELECT id FROM communication_mail WHERE doc->'to' @> $1::jsonb", [JSON.stringify([{ email: 'anon-card@anonymous.test' }])]);
    expect(records).toHaveLength(0);
  });

  it('keeps SMS off unless the super settings turn it on', async () => {
    const sender = t.app.get(CommunicationSender);
    const actor = { userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['company'] as const), access: [], thirdParty: false };
    const recipient = { ...recipientOfUser(await user(), { name: { full: 'Sms' } }), mobile: '+31612345678' };
    const sms = { ...modern, format: 'communication-sms-text-plain', content: { en: 'Hi {{ user.name.full }}' }, id: null };
    expect((await sender.sendTemplate(actor as never, sms, [recipient]))[0]).toMatchObject({ state: 'declined', reason: 'sms-disabled' });
    await t.db.query(`UPDATE company SET doc = jsonb_set(doc, '{settings}', coalesce(doc->'settings', '{}') || '{"superSettings": {"smsEnabled": true}}') WHERE id = $1`, [t.companies.a]);
    const [sent] = await sender.sendTemplate(actor as never, sms, [recipient]);
    expect(sent).toMatchObject({ state: 'done', recordId: expect.any(String) });
    const [record] = await t.db.query<{ doc: Doc }>('SELECT doc FROM communication_sms WHERE id = $1', [sent.recordId]);
    expect(record.doc).toMatchObject({ body: 'Hi Sms', to: [{ phone: '+31612345678' }], state: { id: 'sent' } });
    expect(record.doc.stateHistory.map((entry: Doc) => entry.id)).toEqual(['created', 'sent']);
  });

  it('refuses company-level triggers from a company admin, allows them for super admins, and refuses templates that do not parse', async () => {
    const create = (role: string, token: string, content = '<p>Hi</p>') =>
      t.http.post('/api/company/model/template').set(bearer(token)).send({ name: { full: `T ${role}` }, format: 'communication-mail-html-modern-2021', role, content: { en: content } });
    const company = await t.token('company');
    for (const role of ['company-created', 'account-removal-request', 'tag-flag-notification', 'device-status-update']) {
      const refused = await create(role, company);
      expect(refused.status, role).toBe(403);
    }
    expect((await create('balance-low', company)).status).toBe(201);
    const superCreated = await create('company-created', await t.token('super'));
    expect(superCreated.status).toBe(201);
    const patched = await t.http.patch(`/api/company/model/template/${superCreated.body._id}`).set(bearer(company)).send({ name: { full: 'Renamed' } });
    expect(patched.status).toBe(200);
    const moved = await t.http.patch(`/api/company/model/template/${(await create('balance-low', company)).body._id}`).set(bearer(company)).send({ role: 'device-status-update' });
    expect(moved.status).toBe(403);
    const broken = await create('balance-low', company, '<p>\n{{ user.name | nope }}</p>');
    expect(broken.status).toBe(400);
    expect(broken.body.errors).toEqual([{ field: 'content.en', message: expect.stringContaining('content.en line 2') }]);
  });
});

describe('push notifications', () => {
  it('sends to every live token of the user; DeviceNotRegistered, in the ticket or later in the receipt, removes the token', async () => {
    const userId = await user();
    const tokens = ['ExponentPushToken[alive]', 'ExponentPushToken[Unregistered-1]', 'ExponentPushToken[LateDead-1]'];
    await bulkInsert(t.db, findResource('pushToken')!, tokens.map((token) => ({ id: newId(), companyId: t.companies.a, doc: { token, userRef: { userId } } })));
    const sender = t.app.get(CommunicationSender);
    const actor = { userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['company'] as const), access: [], thirdParty: false };
    const recipient = recipientOfUser(userId, { name: { full: 'Pushed' }, email: { value: 'pushed@example.test' } });
    const notification = { format: 'communication-notification-text-plain', subject: { en: 'Hi {{ user.name.full }}' }, content: { en: 'Body' }, data: { en: '{"action":"Open","urlParts":{"kind":"tab-open","value":"wallet"}}' }, id: null };
    process.env.EXPO_RECEIPT_DELAY_MS = '300';
    const [outcome] = await sender.sendTemplate(actor as never, notification, [recipient]);
    delete process.env.EXPO_RECEIPT_DELAY_MS;
    expect(outcome.state).toBe('done');
    const left = async () => (await t.db.query<{ doc: Doc }>('SELECT doc FROM push_token WHERE user_ref_user_id = $1', [userId])).map((row) => row.doc.token).sort();
    expect(await left()).toEqual(['ExponentPushToken[LateDead-1]', 'ExponentPushToken[alive]']);
    expect(await waitFor(left, (tokens) => tokens.length === 1)).toEqual(['ExponentPushToken[alive]']);
    const sent = (await fetch(`${process.env.EXPO_PUSH_URL}/_fake/messages`).then((response) => response.json())) as Doc[];
    expect(sent.find((message) => message.to === 'ExponentPushToken[alive]')).toMatchObject({ title: 'Hi Pushed', body: 'Body', data: { action: 'Open', urlParts: { kind: 'tab-open', value: 'wallet' } } });
    const [none] = await sender.sendTemplate(actor as never, notification, [recipientOfUser(await user(), {})]);
    expect(none).toMatchObject({ state: 'declined', reason: 'missing-push-token' });
  });
});

describe('push test and resend', () => {
  it("sends a test push through Expo: 'Sent test message!', or 'Could not send test message' when Expo refuses the token", async () => {
    const token = await t.token('company');
    const ok = await t.http.post('/api/company/communication/push-notification').set(bearer(token)).send({ to: 'ExponentPushToken[abc]', title: 'Hi', body: 'Test', channelId: 'news', data: '{"a":1}' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Sent test message!');
    const messages = (await fetch(`${process.env.EXPO_PUSH_URL}/_fake/messages`).then((response) => response.json())) as Doc[];
    expect(messages.at(-1)).toMatchObject({ to: 'ExponentPushToken[abc]', title: 'Hi', body: 'Test', ttl: 5, channelId: 'news', data: { a: 1 } });
    const dead = await t.http.post('/api/company/communication/push-notification').set(bearer(token)).send({ to: 'ExponentPushToken[Unregistered]' });
    expect(dead.status).toBe(422);
    expect(dead.body).toMatchObject({ message: 'Could not send test message', code: 'DeviceNotRegistered' });
    const bad = await t.http.post('/api/company/communication/push-notification').set(bearer(token)).send({ to: '', channelId: 'loud', ttl: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: Doc) => error.field).sort()).toEqual(['channelId', 'to', 'ttl']);
  });

  it('resends a mail from its template to its user, and refuses a mail without a template', async () => {
    const token = await t.token('company');
    const template = await t.http.post('/api/company/model/template').set(bearer(token)).send({ name: { full: 'Resend me' }, ...modern });
    const userId = await user({ email: 'unopened-resend@example.test' });
    const sender = t.app.get(CommunicationSender);
    const actor = { userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['company'] as const), access: [], thirdParty: false };
    const recipient = recipientOfUser(userId, { name: { full: 'Resend' }, email: { value: 'unopened-resend@example.test' } });
    const [first] = await sender.sendTemplate(actor as never, { ...modern, id: template.body._id }, [recipient]);
    const resent = await t.http.post(`/api/company/communication/mail/${first.recordId}/resend`).set(bearer(token));
    expect(resent.status).toBe(200);
    expect(resent.body.outcome.recordId).not.toBe(first.recordId);
    expect(await mailsTo('unopened-resend@example.test')).toHaveLength(2);
    const [noTemplate] = await sender.sendTemplate(actor as never, { ...modern, id: null }, [recipient]);
    const refused = await t.http.post(`/api/company/communication/mail/${noTemplate.recordId}/resend`).set(bearer(token));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('We could not resend mail to Resend!');

    // a signed-in user without an admin right may not resend, nor may another company's admin
    const email = `no-rights-${Date.now()}@example.test`;
    const created = await t.http.post('/api/company/model/user').set(bearer(token)).send({ email: { value: email }, name: { full: 'No Rights' }, security: { password: { value: 'a long password' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plain = (await t.http.post('/api/auth/login').send({ email, password: 'a long password' })).body.token as string;
    expect((await t.http.post(`/api/company/communication/mail/${first.recordId}/resend`).set(bearer(plain))).status).toBe(403);
    expect((await t.http.post(`/api/company/communication/mail/${first.recordId}/resend`).set(bearer(await t.token('company', 'b')))).status).toBe(404);
    expect(await mailsTo('unopened-resend@example.test')).toHaveLength(3);
  });
});
