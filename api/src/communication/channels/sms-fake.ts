import { randomBytes } from 'node:crypto';
import { defaultEnv, listenFake, readJson, sendJson } from '../../merchant/fake-http';
import type { FakeService } from '../../outside/fake-services';
import { SMS_SIGNATURE_HEADER, signSmsWebhook } from '../webhooks/sms-signature';

export const FAKE_SMS = { accessKey: 'fake-sms-access-key', signingKey: 'fake-sms-signing-key' };

/** What happens to a text in the fake: a number ending in 99 is never delivered, every other one is. */
const statusesFor = (recipient: number) => (String(recipient).endsWith('99') ? ['sent', 'buffered', 'delivery_failed'] : ['sent', 'buffered', 'delivered']);

/** The status report URL for one status of one message, as MessageBird calls it (a GET with query parameters). */
export function smsReportUrl(base: string, message: { id: string; reference: string; recipient: number }, status: string, at = new Date()): string {
  const query = new URLSearchParams({ id: message.id, reference: message.reference, recipient: String(message.recipient), status, statusDatetime: at.toISOString().replace(/\.\d{3}Z$/, '+00:00'), 'price[amount]': '0.25', 'price[currency]': 'EUR' });
  return `${base}?${query}`;
}

/**
 * A local server speaking the SMS provider's (MessageBird) `POST /messages` with `AccessKey` auth: 201 with the
 * message id, 422 for a body over 1 377 characters or no recipients. A message with a `reference` then gets its
 * status reports as MessageBird sends them: GET calls signed with `MessageBird-Signature-JWT` (SMS_WEBHOOK_SIGNING_KEY),
 * sent, buffered, delivered (delivery_failed for a number ending in 99), one every SMS_FAKE_EVENT_DELAY_MS (default
 * 1500 ms), to SMS_WEBHOOK_URL (default this API on PORT); SMS_FAKE_EVENTS=off sends none.
 * Controls: GET /_fake/messages, POST /_fake/reset.
 */
export async function startSmsFake() {
  let messages: { id: string; originator: string; recipients: number[]; body: string; reference?: string }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const restoreEnv = defaultEnv({ SMS_ACCESS_KEY: FAKE_SMS.accessKey, SMS_WEBHOOK_SIGNING_KEY: FAKE_SMS.signingKey });

  const reportStatuses = (message: { id: string; reference: string; recipient: number }) => {
    if (process.env.SMS_FAKE_EVENTS === 'off') return;
    const delay = Number(process.env.SMS_FAKE_EVENT_DELAY_MS ?? 1500);
    statusesFor(message.recipient).forEach((status, step) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        const url = smsReportUrl(process.env.SMS_WEBHOOK_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/communication/sms/webhook`, message, status);
        fetch(url, { headers: { [SMS_SIGNATURE_HEADER]: signSmsWebhook(url, process.env.SMS_WEBHOOK_SIGNING_KEY ?? FAKE_SMS.signingKey) } }).catch(() => undefined);
      }, step * delay + 50);
      timers.add(timer);
    });
  };

  const server = await listenFake(async (request, response, url) => {
    if (url.pathname === '/_fake/messages') return sendJson(response, 200, messages);
    if (url.pathname === '/_fake/reset') {
      messages = [];
      return sendJson(response, 200, { ok: true });
    }
    if (request.headers.authorization !== `AccessKey ${process.env.SMS_ACCESS_KEY ?? FAKE_SMS.accessKey}`) {
      return sendJson(response, 401, { errors: [{ code: 2, description: 'Request not allowed (incorrect access_key)' }] });
    }
    if (url.pathname !== '/messages' || request.method !== 'POST') return sendJson(response, 404, { errors: [{ code: 20, description: 'message not found' }] });
    const body = (await readJson(request)) as { originator?: string; recipients?: unknown[]; body?: string; reference?: string };
    if (!Array.isArray(body?.recipients) || body.recipients.length === 0 || typeof body.body !== 'string' || body.body.length > 1377) {
      return sendJson(response, 422, { errors: [{ code: 9, description: 'no (correct) recipients found', parameter: 'recipients' }] });
    }
    const id = randomBytes(16).toString('hex');
    const recipients = body.recipients.map(Number);
    messages.push({ id, originator: body.originator ?? '', recipients, body: body.body, reference: body.reference });
    if (typeof body.reference === 'string') for (const recipient of recipients) reportStatuses({ id, reference: body.reference, recipient });
    sendJson(response, 201, {
      id, direction: 'mt', type: 'sms', originator: body.originator, body: body.body, reference: body.reference ?? null, createdDatetime: new Date().toISOString(),
      recipients: { totalCount: recipients.length, totalSentCount: recipients.length, items: recipients.map((recipient) => ({ recipient, status: 'sent' })) },
    });
  });
  return {
    url: server.origin,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      restoreEnv();
      await server.close();
    },
  };
}

export const smsFakeService: FakeService = { name: 'SMS provider', urlVariable: 'SMS_URL', start: startSmsFake };
