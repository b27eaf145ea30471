import { randomBytes } from 'node:crypto';
import { listenFake, readJson, sendJson } from '../../merchant/fake-http';
import type { FakeService } from '../../outside/fake-services';

/**
 * A local server speaking Expo's push API: `POST /send` (one message or up to 100) answers a ticket per message,
 * `POST /getReceipts` {ids} the receipts. A token containing 'Unregistered' gets a DeviceNotRegistered ticket;
 * one containing 'LateDead' gets an ok ticket and a DeviceNotRegistered receipt; a token not shaped like
 * `ExponentPushToken[...]` is refused. Controls: GET /_fake/messages, POST /_fake/reset.
 */
export async function startExpoPushFake() {
  let messages: Record<string, unknown>[] = [];
  const receipts = new Map<string, { status: string; message?: string; details?: { error: string } }>();
  const server = await listenFake(async (request, response, url) => {
    if (url.pathname === '/_fake/messages') return sendJson(response, 200, messages);
    if (url.pathname === '/_fake/reset') {
      messages = [];
      receipts.clear();
      return sendJson(response, 200, { ok: true });
    }
    if (request.method !== 'POST') return sendJson(response, 404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
    const body = await readJson(request);
    if (url.pathname === '/send') {
      const list = (Array.isArray(body) ? body : [body]) as Record<string, unknown>[];
      if (list.length > 100) return sendJson(response, 400, { errors: [{ code: 'PUSH_TOO_MANY_NOTIFICATIONS', message: 'You are trying to send more than 100 push notifications in one request.' }] });
      const data = list.map((message) => {
        const to = String(message.to ?? '');
        messages.push(message);
        if (!/^Expo(nent)?PushToken\[.+\]$/.test(to)) return { status: 'error', message: `"${to}" is not a valid Expo push token`, details: { error: 'DeviceNotRegistered' } };
        if (to.includes('Unregistered')) return { status: 'error', message: `"${to}" is not a registered push notification recipient`, details: { error: 'DeviceNotRegistered', expoPushToken: to } };
        const id = `${randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}-${randomBytes(6).toString('hex')}`;
        receipts.set(id, to.includes('LateDead') ? { status: 'error', message: 'The device cannot receive push notifications anymore', details: { error: 'DeviceNotRegistered' } } : { status: 'ok' });
        return { status: 'ok', id };
      });
      return sendJson(response, 200, { data });
    }
    if (url.pathname === '/getReceipts') {
      const ids = ((body as { ids?: unknown[] })?.ids ?? []).map(String);
      return sendJson(response, 200, { data: Object.fromEntries(ids.filter((id) => receipts.has(id)).map((id) => [id, receipts.get(id)])) });
    }
    sendJson(response, 404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
  });
  return { url: server.origin, close: () => server.close() };
}

export const expoPushFakeService: FakeService = { name: 'Expo push', urlVariable: 'EXPO_PUSH_URL', start: startExpoPushFake };
