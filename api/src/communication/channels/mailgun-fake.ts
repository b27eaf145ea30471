import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { defaultEnv, listenFake, sendJson } from '../../merchant/fake-http';
import type { FakeService } from '../../outside/fake-services';

export const FAKE_MAILGUN = { domain: 'mg.demo-events.test', apiKey: 'fake-mailgun-key', signingKey: 'fake-mailgun-signing-key' };

/** A mail the fake took, one per recipient, as Mailgun would have sent it. */
export interface FakeMail {
  /** its Message-Id, bracketed: the caller's `h:Message-Id` when it gave one (Mailgun keeps it), else one of the fake's */
  id: string;
  /** when the fake took it (ms): its accepted event shows in the events API MAILGUN_FAKE_EVENTS_LAG_MS later */
  acceptedAt: number;
  /** where the fake keeps it, as Mailgun's storage URL */
  storageUrl: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  variables: Record<string, string>;
}

async function readForm(request: IncomingMessage): Promise<FormData> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Request('http://fake/', { method: 'POST', headers: { 'content-type': request.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
}

const emailOf = (address: string) => /<([^>]+)>/.exec(address)?.[1] ?? address.trim();
/** A Message-Id without its angle brackets, as events and the `message-id` filter carry it. */
const bare = (messageId: string) => messageId.replace(/^<|>$/g, '');
const substitute = (value: string, variables: Record<string, unknown>) => value.replace(/%recipient\.([\w-]+)%/g, (_, name: string) => String(variables[name] ?? ''));

/** Signs a webhook payload as Mailgun does: HMAC-SHA256 of timestamp + token with the signing key. */
export function signMailgunEvent(signingKey: string, timestamp = Math.floor(Date.now() / 1000), token = randomBytes(25).toString('hex')) {
  return { timestamp: String(timestamp), token, signature: createHmac('sha256', signingKey).update(`${timestamp}${token}`).digest('hex') };
}

/** The webhook body of one event for one fake mail. */
export function mailgunEvent(mail: Pick<FakeMail, 'id' | 'to' | 'variables'> & { storageUrl?: string }, event: string, signingKey: string, extra: Record<string, unknown> = {}) {
  return {
    signature: signMailgunEvent(signingKey),
    'event-data': { event, timestamp: Date.now() / 1000, id: randomBytes(11).toString('hex'), recipient: mail.to, message: { headers: { 'message-id': bare(mail.id) } }, 'user-variables': mail.variables, ...(mail.storageUrl && { storage: { url: mail.storageUrl, key: mail.storageUrl.split('/').pop() } }), ...extra },
  };
}

/**
 * Mailgun's events API, as far as the batch sender asks it: `event=accepted` with the `message-id` filter (bare, as
 * Mailgun takes it), `limit` (at most 300) and `paging.next` to the following page. As Mailgun's, its newest events
 * are not all there yet: an accepted event shows only MAILGUN_FAKE_EVENTS_LAG_MS (default 60 000) after the mail was taken.
 */
function acceptedEvents(mails: readonly FakeMail[], url: URL, host: string) {
  const lagMs = Number(process.env.MAILGUN_FAKE_EVENTS_LAG_MS ?? 60_000);
  const messageId = url.searchParams.get('message-id');
  const matching = url.searchParams.get('event') && url.searchParams.get('event') !== 'accepted'
    ? []
    : mails.filter((mail) => mail.acceptedAt + lagMs <= Date.now() && (messageId === null || bare(mail.id) === messageId));
  const limit = Math.min(300, Number(url.searchParams.get('limit') ?? 100));
  const from = Number(url.searchParams.get('page') ?? 0);
  const next = new URL(url.toString());
  next.searchParams.set('page', String(from + limit));
  return {
    items: matching.slice(from, from + limit).map((mail) => ({ event: 'accepted', timestamp: mail.acceptedAt / 1000, recipient: mail.to, message: { headers: { 'message-id': bare(mail.id) } }, 'user-variables': mail.variables })),
    paging: { next: `http://${host}${next.pathname}${next.search}` },
  };
}

/** What happens to a mail in the fake: a recipient address says so, everything else is delivered and opened. */
function eventsFor(email: string): { event: string; extra?: Record<string, unknown> }[] {
  if (email.includes('bounce')) return [{ event: 'accepted' }, { event: 'failed', extra: { severity: 'permanent', reason: 'bounce' } }];
  if (email.includes('unopened')) return [{ event: 'accepted' }, { event: 'delivered' }];
  return [{ event: 'accepted' }, { event: 'delivered' }, { event: 'opened' }];
}

/**
 * A local server speaking Mailgun's messages API (`POST /{domain}/messages`, multipart, Basic auth `api:<key>`,
 * batch sending with recipient variables) that then calls our webhook endpoint as Mailgun would: signed events
 * accepted, delivered and opened, one step every MAILGUN_FAKE_EVENT_DELAY_MS (default 1500 ms), to
 * MAILGUN_WEBHOOK_URL (default this API on PORT). Addresses with 'bounce' fail permanently, with 'unopened' stop
 * at delivered. A send's `h:Message-Id` is kept and answered as its id, as Mailgun does. Controls: GET /_fake/mails,
 * GET /_fake/mail-count (cheap to poll), POST /_fake/fail-next {status, path?} (the next send, or with path 'events'
 * the next events call, answers that status; a 429 with Retry-After: 1; status 'drop' closes the connection of a send
 * without answering or taking its mails), POST /_fake/latency?ms= (the answer to a send waits, after the mails are
 * taken), POST /_fake/reset. `GET /{domain}/events` answers accepted events by Message-Id, each only once
 * MAILGUN_FAKE_EVENTS_LAG_MS (default 60 000) has passed since its mail was taken. MAILGUN_FAKE_EVENTS=off sends no
 * webhooks.
 */
export async function startMailgunFake() {
  let mails: FakeMail[] = [];
  let failNext: { status: number | 'drop'; path: 'messages' | 'events' }[] = [];
  let latencyMs = 0;
  const timers = new Set<NodeJS.Timeout>();
  const restoreEnv = defaultEnv({ MAILGUN_DOMAIN: FAKE_MAILGUN.domain, MAILGUN_API_KEY: FAKE_MAILGUN.apiKey, MAILGUN_WEBHOOK_SIGNING_KEY: FAKE_MAILGUN.signingKey });

  const deliverEvents = (mail: FakeMail) => {
    if (process.env.MAILGUN_FAKE_EVENTS === 'off') return;
    const delay = Number(process.env.MAILGUN_FAKE_EVENT_DELAY_MS ?? 1500);
    eventsFor(mail.to).forEach(({ event, extra }, step) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        const target = process.env.MAILGUN_WEBHOOK_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/api/communication/mail/webhook`;
        const body = mailgunEvent(mail, event, process.env.MAILGUN_WEBHOOK_SIGNING_KEY ?? FAKE_MAILGUN.signingKey, extra);
        fetch(target, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).catch(() => undefined);
      }, step * delay + 50);
      timers.add(timer);
    });
  };

  const server: { origin: string; close(): Promise<void> } = await listenFake(async (request, response, url) => {
    const stored = /^\/v3\/domains\/[^/]+\/messages\/([^/]+)$/.exec(url.pathname);
    if (stored && request.method === 'GET') {
      const mail = mails.find((candidate) => candidate.storageUrl.endsWith(`/${stored[1]}`));
      if (!mail) return sendJson(response, 404, { message: 'Message not found' });
      const mime = `From: ${process.env.MAILGUN_FROM ?? 'noreply'}\r\nTo: ${mail.to}\r\nSubject: ${mail.subject}\r\nMessage-Id: ${mail.id}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${mail.html}`;
      return sendJson(response, 200, { 'body-mime': mime });
    }
    if (url.pathname.startsWith('/_fake/')) {
      if (url.pathname === '/_fake/mails') return sendJson(response, 200, mails);
      if (url.pathname === '/_fake/mail-count') return sendJson(response, 200, { count: mails.length });
      if (url.pathname === '/_fake/fail-next') {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const { status, path } = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { status?: number | 'drop'; path?: 'events' };
        failNext.push({ status: status === 'drop' ? 'drop' : Number(status ?? 500), path: path ?? 'messages' });
      } else if (url.pathname === '/_fake/latency') {
        latencyMs = Number(url.searchParams.get('ms') ?? 0);
      } else if (url.pathname === '/_fake/reset') {
        mails = [];
        failNext = [];
        latencyMs = 0;
      } else return sendJson(response, 404, { message: 'unknown fake control' });
      return sendJson(response, 200, { ok: true });
    }
    const auth = request.headers.authorization ?? '';
    if (auth !== `Basic ${Buffer.from(`api:${process.env.MAILGUN_API_KEY ?? FAKE_MAILGUN.apiKey}`).toString('base64')}`) {
      response.writeHead(401, { 'Content-Type': 'text/plain' });
      return void response.end('Forbidden');
    }
    const path = /^\/[^/]+\/events$/.test(url.pathname) && request.method === 'GET' ? 'events' : 'messages';
    const failure = failNext.find((candidate) => candidate.path === path);
    if (failure) failNext = failNext.filter((candidate) => candidate !== failure);
    if (failure?.status === 'drop') return void request.socket.destroy();
    if (failure) return sendJson(response, failure.status, { message: 'Fake failure' }, failure.status === 429 ? { 'Retry-After': '1' } : {});
    if (path === 'events') return sendJson(response, 200, acceptedEvents(mails, url, request.headers.host ?? '127.0.0.1'));
    const send = /^\/([^/]+)\/messages$/.exec(url.pathname);
    if (!send || request.method !== 'POST') return sendJson(response, 404, { message: 'Not found' });
    const form = await readForm(request);
    const to = form.getAll('to').map(String);
    const [subject, html, text] = ['subject', 'html', 'text'].map((name) => String(form.get(name) ?? ''));
    if (to.length === 0 || !subject || (!html && !text)) return sendJson(response, 400, { message: "'to', 'subject' and 'html' or 'text' are required" });
    const recipientVariables = JSON.parse(String(form.get('recipient-variables') ?? '{}')) as Record<string, Record<string, unknown>>;
    if (to.length > 1 && Object.keys(recipientVariables).length === 0) return sendJson(response, 400, { message: 'Batch sending needs recipient-variables' });
    const ownId = String(form.get('h:Message-Id') ?? '').trim();
    const id = ownId ? `<${bare(ownId)}>` : `<${new Date().toISOString().slice(0, 19).replace(/\D/g, '')}.${randomBytes(8).toString('hex')}@${send[1]}>`;
    const acceptedAt = Date.now();
    for (const address of to) {
      const email = emailOf(address);
      const own = recipientVariables[email] ?? {};
      const variables: Record<string, string> = {};
      for (const [name, value] of form.entries()) if (name.startsWith('v:')) variables[name.slice(2)] = substitute(String(value), own);
      const storageUrl = `${server.origin}/v3/domains/${send[1]}/messages/${randomBytes(12).toString('hex')}`;
      // MAILGUN_FAKE_BODIES=off keeps who got what, not the bodies (benchmarks of 100 000 mails)
      const bodies = process.env.MAILGUN_FAKE_BODIES !== 'off';
      const mail: FakeMail = { id, acceptedAt, storageUrl, to: email, subject: substitute(subject, own), html: bodies ? substitute(html, own) : '', text: bodies ? substitute(text, own) : '', variables };
      mails.push(mail);
      deliverEvents(mail);
    }
    // the mails are taken before the answer: a caller stopped meanwhile has sent them without knowing it
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    sendJson(response, 200, { id, message: 'Queued. Thank you.' });
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


export const mailgunFakeService: FakeService = { name: 'Mailgun', urlVariable: 'MAILGUN_URL', start: startMailgunFake };
