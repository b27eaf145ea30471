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
 * 1500 ms), to SMS_WEBHOOK_URL (default this API on PORT); SMS_FAKE_EVENTS=off sends none. `GET /messages` lists the
 * messages taken, newest first, as MessageBird's list does: `recipient`, `from` (ISO time), `limit`, `offset`.
 * Controls: GET /_fake/messages, POST /_fake/fail-next {status, path?} (the next send, or with path 'list' the next
 * list call, answers that status, a 429 with Retry-After: 1; status 'drop' closes the connection of a send without
 * answering or taking it), POST /_fake/latency?ms= (the answer to a send waits, after the message is taken),
 * POST /_fake/reset.
 */
export async function startSmsFake() {
  let messages: { id: string; originator: string; recipients: number[]; body: string; reference?: string; createdDatetime: string }[] = [];
  let failNext: { status: number | 'drop'; path: 'send' | 'list' }[] = [];
  let latencyMs = 0;
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
    if (url.pathname === '/_fake/fail-next') {
      const { status, path } = ((await readJson(request)) ?? {}) as { status?: number | 'drop'; path?: 'list' };
      failNext.push({ status: status === 'drop' ? 'drop' : Number(status ?? 500), path: path ?? 'send' });
      return sendJson(response, 200, { ok: true });
    }
    if (url.pathname === '/_fake/latency') {
      latencyMs = Number(url.searchParams.get('ms') ?? 0);
      return sendJson(response, 200, { ok: true });
    }
    if (url.pathname === '/_fake/reset') {
      messages = [];
      failNext = [];
      latencyMs = 0;
      return sendJson(response, 200, { ok: true });
    }
    if (request.headers.authorization !== `AccessKey ${process.env.SMS_ACCESS_KEY ?? FAKE_SMS.accessKey}`) {
      return sendJson(response, 401, { errors: [{ code: 2, description: 'Request not allowed (incorrect access_key)' }] });
    }
    if (url.pathname !== '/messages' || (request.method !== 'POST' && request.method !== 'GET')) return sendJson(response, 404, { errors: [{ code: 20, description: 'message not found' }] });
    const path = request.method === 'GET' ? 'list' : 'send';
    const failure = failNext.find((candidate) => candidate.path === path);
    if (failure) failNext = failNext.filter((candidate) => candidate !== failure);
    if (failure?.status === 'drop') return void request.socket.destroy();
    if (failure) return sendJson(response, failure.status, { errors: [{ code: 99, description: 'Fake failure' }] }, failure.status === 429 ? { 'Retry-After': '1' } : {});
    if (path === 'list') {
      const recipient = url.searchParams.get('recipient');
      const from = Date.parse(url.searchParams.get('from') ?? '') || 0;
      const limit = Math.min(200, Number(url.searchParams.get('limit') ?? 20));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const matching = messages.filter((message) => (recipient === null || message.recipients.includes(Number(recipient))) && Date.parse(message.createdDatetime) >= from).reverse();
      const items = matching.slice(offset, offset + limit).map((message) => ({ id: message.id, direction: 'mt', type: 'sms', originator: message.originator, body: message.body, reference: message.reference ?? null, createdDatetime: message.createdDatetime }));
      return sendJson(response, 200, { offset, limit, count: items.length, totalCount: matching.length, items });
    }
    const body = (await readJson(request)) as { originator?: string; recipients?: unknown[]; body?: string; reference?: string };
    if (!Array.isArray(body?.recipients) || body.recipients.length === 0 || typeof body.body !== 'string' || body.body.length > 1377) {
      return sendJson(response, 422, { errors: [{ code: 9, description: 'no (correct) recipients found', parameter: 'recipients' }] });
    }
    const id = randomBytes(16).toString('hex');
    const recipients = body.recipients.map(Number);
    const createdDatetime = new Date().toISOString();
    messages.push({ id, originator: body.originator ?? '', recipients, body: body.body, reference: body.reference, createdDatetime });
    if (typeof body.reference === 'string') for (const recipient of recipients) reportStatuses({ id, reference: body.reference, recipient });
    // the message is taken before the answer: a caller that stopped waiting has sent it without knowing it
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    sendJson(response, 201, {
      id, direction: 'mt', type: 'sms', originator: body.originator, body: body.body, reference: body.reference ?? null, createdDatetime,
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
