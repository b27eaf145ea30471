import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { listenFake, sendJson } from '../../merchant/fake-http';
import type { FakeService } from '../../outside/fake-services';

/** The Expo project a fake token belongs to: a token containing 'OtherApp' is another app's. */
export const fakeProjectOf = (token: string) => (token.includes('OtherApp') ? '@fake/other-app' : '@fake/events-app');

/** A send request the fake took: how many messages, and whether the body came gzipped. */
export interface FakeExpoRequest {
  path: string;
  messages: number;
  gzip: boolean;
}

async function readBody(request: IncomingMessage): Promise<{ body: unknown; gzip: boolean }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const gzip = request.headers['content-encoding'] === 'gzip';
  const raw = gzip ? gunzipSync(Buffer.concat(chunks)) : Buffer.concat(chunks);
  return { body: raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined, gzip };
}

const refusal = (code: string, message: string, details?: unknown) => ({ errors: [{ code, message, ...(details !== undefined && { details }) }] });

/**
 * A local server speaking Expo's push API: `POST /send` (one message or up to 100, plain or gzipped JSON) answers a
 * ticket per message, `POST /getReceipts` {ids} the receipts. Messages to tokens of more than one Expo project in one
 * request are refused as Expo does (400 PUSH_TOO_MANY_EXPERIENCE_IDS, `details` naming each project's tokens;
 * fakeProjectOf tells a token's project). A token containing 'Unregistered' gets a DeviceNotRegistered ticket; one
 * containing 'LateDead' gets an ok ticket and a DeviceNotRegistered receipt; a token not shaped like
 * `ExponentPushToken[...]` is refused. Controls: GET /_fake/messages, GET /_fake/requests, POST /_fake/fail-next
 * {status, retryAfter?} (the next send answers that status, a 429 with Retry-After), POST /_fake/latency?ms= (the
 * answer to a send waits, after the messages are taken), POST /_fake/reset.
 */
export async function startExpoPushFake() {
  let messages: Record<string, unknown>[] = [];
  let requests: FakeExpoRequest[] = [];
  let failNext: { status: number; retryAfter?: number }[] = [];
  let latencyMs = 0;
  const receipts = new Map<string, { status: string; message?: string; details?: { error: string } }>();
  const server = await listenFake(async (request, response, url) => {
    if (url.pathname === '/_fake/messages') return sendJson(response, 200, messages);
    if (url.pathname === '/_fake/requests') return sendJson(response, 200, requests);
    if (url.pathname === '/_fake/latency') {
      latencyMs = Number(url.searchParams.get('ms') ?? 0);
      return sendJson(response, 200, { ok: true });
    }
    if (url.pathname === '/_fake/fail-next') {
      failNext.push(((await readBody(request)).body ?? { status: 500 }) as { status: number; retryAfter?: number });
      return sendJson(response, 200, { ok: true });
    }
    if (url.pathname === '/_fake/reset') {
      messages = [];
      requests = [];
      failNext = [];
      latencyMs = 0;
      receipts.clear();
      return sendJson(response, 200, { ok: true });
    }
    if (request.method !== 'POST') return sendJson(response, 404, refusal('NOT_FOUND', 'Not found'));
    const { body, gzip } = await readBody(request);
    if (url.pathname === '/send') {
      const list = (Array.isArray(body) ? body : [body]) as Record<string, unknown>[];
      requests.push({ path: url.pathname, messages: list.length, gzip });
      const failure = failNext.shift();
      if (failure) return sendJson(response, failure.status, refusal('FAKE_FAILURE', 'Fake failure'), failure.retryAfter !== undefined ? { 'Retry-After': String(failure.retryAfter) } : {});
      if (list.length > 100) return sendJson(response, 400, refusal('PUSH_TOO_MANY_NOTIFICATIONS', 'You are trying to send more than 100 push notifications in one request.'));
      const tokensByProject: Record<string, string[]> = {};
      for (const message of list) (tokensByProject[fakeProjectOf(String(message.to ?? ''))] ??= []).push(String(message.to ?? ''));
      if (Object.keys(tokensByProject).length > 1) {
        return sendJson(response, 400, refusal('PUSH_TOO_MANY_EXPERIENCE_IDS', 'All push notification messages in the same request must be for the same project; separate your push notifications by project.', tokensByProject));
      }
      const data = list.map((message) => {
        const to = String(message.to ?? '');
        messages.push(message);
        if (!/^Expo(nent)?PushToken\[.+\]$/.test(to)) return { status: 'error', message: `"${to}" is not a valid Expo push token`, details: { error: 'DeviceNotRegistered' } };
        if (to.includes('Unregistered')) return { status: 'error', message: `"${to}" is not a registered push notification recipient`, details: { error: 'DeviceNotRegistered', expoPushToken: to } };
        const id = `${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(6).toString('hex')}`;
        receipts.set(id, to.includes('LateDead') ? { status: 'error', message: 'The device cannot receive push notifications anymore', details: { error: 'DeviceNotRegistered' } } : { status: 'ok' });
        return { status: 'ok', id };
      });
      // the messages are taken before the answer: a caller that stopped waiting has sent them without knowing it
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      return sendJson(response, 200, { data });
    }
    if (url.pathname === '/getReceipts') {
      const ids = ((body as { ids?: unknown[] })?.ids ?? []).map(String);
      return sendJson(response, 200, { data: Object.fromEntries(ids.filter((id) => receipts.has(id)).map((id) => [id, receipts.get(id)])) });
    }
    sendJson(response, 404, refusal('NOT_FOUND', 'Not found'));
  });
  return { url: server.origin, close: () => server.close() };
}

export const expoPushFakeService: FakeService = { name: 'Expo push', urlVariable: 'EXPO_PUSH_URL', start: startExpoPushFake };
