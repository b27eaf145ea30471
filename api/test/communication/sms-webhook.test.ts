import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_SMS, smsReportUrl } from '../../src/communication/channels/sms-fake';
import { recipientOfUser } from '../../src/communication/delivery/audience';
import { CommunicationSender } from '../../src/communication/delivery/communication-sender';
import { SMS_SIGNATURE_HEADER, signSmsWebhook } from '../../src/communication/webhooks/sms-signature';
import { newId } from '../../src/common/object-id';
import { type TestApp, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

let t: TestApp;
let webhook: string;
beforeAll(async () => {
  process.env.SMS_FAKE_EVENT_DELAY_MS = '100';
  t = await startTestApp();
  await t.app.listen(0, '127.0.0.1');
  webhook = `${await t.app.getUrl()}/api/communication/sms/webhook`.replace('[::1]', '127.0.0.1');
  process.env.SMS_WEBHOOK_URL = webhook;
  await t.db.query(`UPDATE company SET doc = jsonb_set(doc, '{settings}', coalesce(doc->'settings', '{}') || '{"superSettings": {"smsEnabled": true}}') WHERE id = $1`, [t.companies.a]);
});
afterAll(async () => {
  delete process.env.SMS_WEBHOOK_URL;
  delete process.env.SMS_FAKE_EVENT_DELAY_MS;
  await t.close();
});

type Doc = Record<string, any>;
const smsRecord = async (id: string) => (await t.db.query<{ doc: Doc }>('SELECT doc FROM communication_sms WHERE id = $1', [id]))[0]?.doc;
const states = (doc: Doc) => (doc.stateHistory as Doc[]).map((entry) => entry.id);

/** Sends one text through the real client to the fake and answers its record id. */
async function sendSms(mobile: string): Promise<string> {
  const actor = { userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['company'] as const), access: [], thirdParty: false };
  const recipient = { ...recipientOfUser(newId(), { name: { full: 'Texted' } }), userId: null, mobile };
  const [outcome] = await t.app.get(CommunicationSender).sendTemplate(actor as never, { format: 'communication-sms-text-plain', content: { en: 'Your locker code is 1234' }, id: null }, [recipient]);
  expect(outcome).toMatchObject({ state: 'done', recordId: expect.any(String) });
  return outcome.recordId!;
}

/** A status report for an SMS as the provider sends it, signed unless told otherwise. */
function report(smsId: string, status: string, options: { at?: Date; key?: string; signedUrl?: string; jti?: string; now?: number } = {}) {
  const url = smsReportUrl(webhook, { id: 'provider-message-id', reference: smsId, recipient: 31612345678 }, status, options.at);
  const signature = signSmsWebhook(options.signedUrl ?? url, options.key ?? FAKE_SMS.signingKey, { jti: options.jti, now: options.now });
  return { url, call: () => fetch(url, { headers: { [SMS_SIGNATURE_HEADER]: signature } }) };
}

describe('SMS delivery reports', () => {
  it('moves a text along the states the fake provider reports: sent, buffered, delivered; a number ending in 99 to delivery_failed', async () => {
    const delivered = await sendSms('+31612345678');
    const failed = await sendSms('+31612345699');
    const done = (doc: Doc | undefined) => ['delivered', 'delivery_failed'].includes(doc?.state?.id);
    expect((await waitFor(() => smsRecord(delivered), done)).state.id).toBe('delivered');
    expect(states(await smsRecord(delivered))).toEqual(['created', 'sent', 'buffered', 'delivered']);
    expect((await waitFor(() => smsRecord(failed), done)).state.id).toBe('delivery_failed');
  });

  it('never moves a state back: late and repeated reports join the history once, the state stays', async () => {
    process.env.SMS_FAKE_EVENTS = 'off';
    try {
      const id = await sendSms('+31611111111');
      const base = Date.now() + 1000;
      for (const [status, offset] of [['delivered', 30_000], ['buffered', 20_000], ['sent', 10_000], ['delivered', 40_000], ['expired', 50_000]] as const) {
        const response = await report(id, status, { at: new Date(base + offset) }).call();
        expect(response.status, await response.clone().text()).toBe(200);
      }
      const doc = await smsRecord(id);
      expect(doc.state.id).toBe('delivered');
      expect(states(doc)).toEqual(['created', 'sent', 'buffered', 'delivered', 'expired']);
      const times = (doc.stateHistory as Doc[]).map((entry) => entry.put.at.unix);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    } finally {
      delete process.env.SMS_FAKE_EVENTS;
    }
  });

  it('refuses a report without a valid signature, and changes nothing', async () => {
    process.env.SMS_FAKE_EVENTS = 'off';
    try {
      const id = await sendSms('+31622222222');
      const other = await sendSms('+31633333333');
      const refusals = [
        await report(id, 'delivered', { key: 'not-the-signing-key' }).call(),
        await fetch(report(id, 'delivered').url),
        await fetch(report(id, 'delivered').url, { headers: { [SMS_SIGNATURE_HEADER]: 'not.a.jwt' } }),
        // signed for another SMS's report: the URL hash does not match
        await report(id, 'delivered', { signedUrl: report(other, 'delivered').url }).call(),
        // expired long ago
        await report(id, 'delivered', { now: Date.now() - 3600_000 }).call(),
      ];
      for (const response of refusals) expect(response.status).toBe(403);
      expect((await refusals[0].json()).message).toBe('Refused webhook: the signature does not match');

      // a replayed signature is refused the second time
      const once = report(id, 'delivered', { jti: `replayed-${newId()}` });
      expect((await once.call()).status).toBe(200);
      const replay = await once.call();
      expect(replay.status).toBe(403);
      expect((await replay.json()).message).toBe('Refused webhook: the signature was used before');
      expect(states(await smsRecord(other))).toEqual(['created', 'sent']);
    } finally {
      delete process.env.SMS_FAKE_EVENTS;
    }
  });

  it('checks the URL as received when no public URL is configured; answers 404 for an unknown SMS and 400 without a status', async () => {
    process.env.SMS_FAKE_EVENTS = 'off';
    delete process.env.SMS_WEBHOOK_URL;
    try {
      const id = await sendSms('+31644444444');
      const url = `${webhook}?reference=${id}&status=delivered`;
      const received = await fetch(url, { headers: { [SMS_SIGNATURE_HEADER]: signSmsWebhook(url, FAKE_SMS.signingKey) } });
      expect(received.status, await received.clone().text()).toBe(200);
      expect(await received.json()).toEqual({ smsId: id, state: 'delivered' });

      const unknown = `${webhook}?reference=${newId()}&status=delivered`;
      expect((await fetch(unknown, { headers: { [SMS_SIGNATURE_HEADER]: signSmsWebhook(unknown, FAKE_SMS.signingKey) } })).status).toBe(404);
      const noStatus = `${webhook}?reference=${id}`;
      const missing = await fetch(noStatus, { headers: { [SMS_SIGNATURE_HEADER]: signSmsWebhook(noStatus, FAKE_SMS.signingKey) } });
      expect(missing.status).toBe(400);
      expect((await missing.json()).errors).toEqual([{ field: 'status', message: 'is required' }]);
    } finally {
      process.env.SMS_WEBHOOK_URL = webhook;
      delete process.env.SMS_FAKE_EVENTS;
    }
  });
});
