import { randomBytes } from 'node:crypto';
import { defaultEnv, listenFake, readJson, sendJson } from '../../merchant/fake-http';
import type { FakeService } from '../../outside/fake-services';

export const FAKE_SMS = { accessKey: 'fake-sms-access-key' };

/**
 * A local server speaking the SMS provider's (MessageBird) `POST /messages` with `AccessKey` auth: 201 with the
 * message id, 422 for a body over 1 377 characters or no recipients. Controls: GET /_fake/messages, POST /_fake/reset.
 */
export async function startSmsFake() {
  let messages: { id: string; originator: string; recipients: number[]; body: string; reference?: string }[] = [];
  const restoreEnv = defaultEnv({ SMS_ACCESS_KEY: FAKE_SMS.accessKey });
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
    sendJson(response, 201, {
      id, direction: 'mt', type: 'sms', originator: body.originator, body: body.body, reference: body.reference ?? null, createdDatetime: new Date().toISOString(),
      recipients: { totalCount: recipients.length, totalSentCount: recipients.length, items: recipients.map((recipient) => ({ recipient, status: 'sent' })) },
    });
  });
  return {
    url: server.origin,
    async close() {
      restoreEnv();
      await server.close();
    },
  };
}

export const smsFakeService: FakeService = { name: 'SMS provider', urlVariable: 'SMS_URL', start: startSmsFake };
