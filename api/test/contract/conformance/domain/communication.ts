import { findResource, scheduleSlots } from '@backoffice/resources';
import { FAKE_MAILGUN, mailgunEvent, signMailgunEvent } from '../../../../src/communication/channels/mailgun-fake';
import { FAKE_SMS, smsReportUrl } from '../../../../src/communication/channels/sms-fake';
import { SMS_SIGNATURE_HEADER, signSmsWebhook } from '../../../../src/communication/webhooks/sms-signature';
import { newId } from '../../../../src/common/object-id';
import { MAIL_FORMAT, createTemplate, waitForRunner } from '../../../batch/batch-fixtures';
import { type TestApp, bearer } from '../../../support/test-app';
import type { Call } from '../calls';
import type { DomainCalls } from './world';

const SMS_WEBHOOK = 'https://hooks.example.test/api/communication/sms/webhook';
const template = (id?: string) => ({ template: { ...(id && { _id: id }), format: MAIL_FORMAT, subject: { en: 'Hello {{ user.name.first }}' }, content: { en: '<p>Dear {{ user.name.full }}</p>' } } });

/** A mail sent as a preview to the company admin, and Mailgun's report that it took it (which keeps its source). */
async function sentMail(t: TestApp, templateId: string): Promise<string> {
  const sent = await t.http.post('/api/company/template/send-preview').set(bearer(await t.token('company'))).send(template(templateId));
  const mailId: string = sent.body.outcome.recordId;
  const mails = (await (await fetch(`${process.env.MAILGUN_URL}/_fake/mails`)).json()) as { id: string; to: string; storageUrl: string; variables: Record<string, string> }[];
  const mail = mails.find((candidate) => Object.values(candidate.variables ?? {}).includes(mailId))!;
  await t.http.post('/api/communication/mail/webhook').send(mailgunEvent(mail, 'accepted', FAKE_MAILGUN.signingKey));
  return mailId;
}

/** A status report of an SMS as the provider sends it, signed for the address it is sent to. */
function smsReport(reference: string, key = FAKE_SMS.signingKey) {
  const url = smsReportUrl(SMS_WEBHOOK, { id: 'provider-message-id', reference, recipient: 31612345678 }, 'delivered');
  const query = Object.fromEntries(new URL(url).searchParams);
  return { query, headers: { [SMS_SIGNATURE_HEADER]: signSmsWebhook(url, key) }, env: { SMS_WEBHOOK_URL: SMS_WEBHOOK } };
}

export const communicationCalls: DomainCalls = async ({ t, records }) => {
  const templateId = await createTemplate(t, MAIL_FORMAT);
  const mailId = await sentMail(t, templateId);
  const untemplated = (await t.http.post('/api/company/template/send-preview').set(bearer(await t.token('company'))).send(template())).body.outcome.recordId;
  const smsId = await records.id(findResource('communicationSms')!);
  const mailEvent = (id: string) => mailgunEvent({ id: '<conformance@mg>', to: 'someone@example.test', variables: { 'communication-key': id } }, 'delivered', FAKE_MAILGUN.signingKey);
  const push = (to: string, extra: Partial<Call> = {}): Call => ({ operationId: 'sendTestPush', path: '/api/company/communication/push-notification', role: 'company', body: { to, title: 'Test', body: 'Hello' }, expect: 200, ...extra });
  const expoFails = () => fetch(`${process.env.EXPO_PUSH_URL}/_fake/fail-next`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 500 }) }).then(() => undefined);
  return [
    push('ExponentPushToken[conformance]'),
    push('ExponentPushToken[conformance]', { env: { EXPO_PUSH_ENABLED: 'false' }, expect: 409 }),
    push('ExponentPushToken[Unregistered]', { expect: 422 }),
    push('ExponentPushToken[conformance]', { before: expoFails, expect: 502 }),
    { operationId: 'mailSource', path: `/api/company/communication/mail/${mailId}/source`, expect: 200 },
    { operationId: 'mailSource', path: `/api/company/communication/mail/${untemplated}/source`, expect: 404 },
    { operationId: 'resendMail', path: `/api/company/communication/mail/${mailId}/resend`, role: 'company', expect: 200 },
    { operationId: 'resendMail', path: `/api/company/communication/mail/${untemplated}/resend`, role: 'company', expect: 409 },
    { operationId: 'templateSuggestions', path: '/api/company/template/suggestions', role: 'company', expect: 200 },
    { operationId: 'renderTemplate', path: '/api/company/template/render', role: 'company', body: template(), expect: 200 },
    { operationId: 'sendTemplatePreview', path: '/api/company/template/send-preview', role: 'company', body: template(), expect: 200 },
    { operationId: 'sendTemplatePreview', path: '/api/company/template/send-preview', role: 'company', body: template(), env: { MAILGUN_ENABLED: 'false' }, expect: 409 },
    { operationId: 'mailgunWebhook', path: '/api/communication/mail/webhook', role: null, body: mailEvent(mailId), expect: 200 },
    { operationId: 'mailgunWebhook', path: '/api/communication/mail/webhook', role: null, body: { ...mailEvent(mailId), signature: { ...signMailgunEvent(FAKE_MAILGUN.signingKey), signature: 'ab'.repeat(32) } }, expect: 403 },
    { operationId: 'mailgunWebhook', path: '/api/communication/mail/webhook', role: null, body: mailEvent(newId()), expect: 404 },
    { operationId: 'smsWebhook', path: '/api/communication/sms/webhook', role: null, ...smsReport(smsId), expect: 200 },
    { operationId: 'smsWebhook', path: '/api/communication/sms/webhook', role: null, ...smsReport(smsId, 'not-the-key'), expect: 403 },
    { operationId: 'smsWebhook', path: '/api/communication/sms/webhook', role: null, ...smsReport(newId()), expect: 404 },
  ];
};

export const batchCalls: DomainCalls = async ({ t }) => {
  const templateId = await createTemplate(t, MAIL_FORMAT);
  const manual = (label: string) => ({ option: 'manual-json', value: JSON.stringify([{ email: `${label}@visitor.test`, name: label }]) });
  const create = async (label: string) => (await t.http.post('/api/company/batch').set(bearer(await t.token('super'))).send({ templateId, group: manual(label) })).body._id as string;
  const [planned, sent, uncertain] = [await create('planned'), await create('sent'), await create('uncertain')];
  const batch = (operationId: string, path: string, expect: number, extra: Partial<Call> = {}): Call => ({ operationId, path: `/api/company/batch${path}`, expect, ...extra });
  const superToken = await t.token('super');
  return [
    batch('batchGroupOptions', '/group-options', 200, { role: 'company' }),
    batch('countBatchGroup', '/group/count', 200, { body: { group: manual('counted') } }),
    batch('batchSlots', '/slots', 200, { role: 'company' }),
    batch('createBatch', '', 201, { body: { templateId, group: manual('created') } }),
    batch('undecidedBatches', '/undecided', 200, { role: 'company' }),
    batch('batchStatus', `/${planned}`, 200),
    batch('batchItems', `/${planned}/items`, 200, { query: { _start: '0', _end: '10' } }),
    batch('batchItemPreview', `/${planned}/items/1/preview`, 200),
    batch('runBatch', `/${planned}/run`, 200, { body: { deliverAt: scheduleSlots(Date.now() / 1000)[10] } }),
    batch('runBatch', `/${sent}/run`, 200, { body: {} }),
    batch('runBatch', `/${sent}/run`, 409, { body: {}, before: async () => void (await waitForRunner(t, superToken, sent, ['completed'])) }),
    batch('pauseBatch', `/${uncertain}/pause`, 200),
    batch('pauseBatch', `/${sent}/pause`, 409),
    batch('decideBatchItems', `/${uncertain}/decisions`, 200, { body: { decision: 'mark-sent' }, before: async () => void (await t.db.query(`UPDATE batch_item SET state = 'uncertain' WHERE batch_id = $1`, [uncertain])) }),
    batch('decideBatchItems', `/${uncertain}/decisions`, 409, { body: { decision: 'mark-sent' } }),
  ];
};
