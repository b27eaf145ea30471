import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutsideServiceId } from '@backoffice/resources';
import { OUTSIDE_SERVICES, outsideService } from '../../src/settings/outside-services';
import { CommunicationSender } from '../../src/communication/delivery/communication-sender';
import { recipientOfUser } from '../../src/communication/delivery/audience';
import { payment, read, user } from '../finance/finance-fixtures';
import { waitFor } from '../support/wait-for';
import { type TestApp, bearer, startTestApp } from '../support/test-app';

/**
 * A service the installation does not use is switched off, never faked: its features answer 409 naming it and
 * change nothing, and the admin learns which are off from /api/auth/me.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const switchOff = (id: OutsideServiceId) => {
  process.env[outsideService(id).switch] = 'false';
};
afterEach(() => {
  for (const service of OUTSIDE_SERVICES) delete process.env[service.switch];
});

const refusedAsOff = (response: { status: number; body: { message?: string; reason?: string } }, id: OutsideServiceId) => {
  expect(response.status).toBe(409);
  expect(response.body).toMatchObject({ message: outsideService(id).offMessage, reason: 'service-off' });
};

describe('services switched off', () => {
  it('are named with their message to every signed-in admin', async () => {
    const me = () => t.http.get('/api/auth/me').set(bearer(token));
    const token = await t.token('event');
    expect((await me()).body.servicesOff).toEqual([]);
    switchOff('sms');
    switchOff('moneybird');
    expect((await me()).body.servicesOff).toEqual([
      { service: 'moneybird', message: 'Accounting (Moneybird) is not configured for this installation' },
      { service: 'sms', message: 'SMS is not configured for this installation' },
    ]);
  });

  it('pay.nl: refunds, syncs and bank account look-ups through it answer 409 and change nothing; refunds by bank file still work', async () => {
    const token = await t.token('finance');
    const userId = await user(t);
    const id = await payment(t, { userId, cents: 5000, left: 1234, transactionId: 'EX-7000-0000-0001' });
    switchOff('paynl');
    refusedAsOff(await t.http.post(`/api/company/finance/payment/${id}/refund`).set(bearer(token)), 'paynl');
    refusedAsOff(await t.http.post(`/api/company/finance/payment/${id}/sync`).set(bearer(token)), 'paynl');
    refusedAsOff(await t.http.post(`/api/company/finance/user/${userId}/fetch-iban`).set(bearer(token)), 'paynl');
    const company = await t.token('company');
    for (const action of ['refund', 'sync', 'fetch-iban']) {
      refusedAsOff(await t.http.post('/api/company/finance/bulk').set(bearer(company)).send({ action, paymentIds: [id], userIds: [userId] }), 'paynl');
    }
    expect((await read(t, 'payment', id)).amountLeft).toEqual({ cents: 1234 });
    expect((await t.http.post('/api/company/finance/bulk').set(bearer(company)).send({ action: 'relink', userIds: [userId] })).status).toBeLessThan(300);
  });

  it('Moneybird, the locker company and image suggestions answer 409 naming themselves', async () => {
    for (const id of ['moneybird', 'lockerCompany', 'aiImage'] as const) switchOff(id);
    const merchant = await t.http.post('/api/company/model/merchant').set(bearer(await t.token('merchant'))).send({ name: { full: 'Off Bar' } });
    refusedAsOff(await t.http.post(`/api/company/merchant/${merchant.body._id}/export/invoice`).set(bearer(await t.token('super'))).send({ from: 1_700_000_000, to: 1_700_086_400, confirm: true }), 'moneybird');
    refusedAsOff(await t.http.get('/api/company/locker-company/event').set(bearer(await t.token('merchant'))), 'lockerCompany');
    refusedAsOff(await t.http.post('/api/image/ai/prompt/blob').set(bearer(await t.token('merchant'))).send({ prompt: 'Fries', n: 1 }), 'aiImage');
  });

  it('mail, SMS and push: previews, resends, push tests and batches answer 409 naming the channel; automatic sends are declined', async () => {
    const token = await t.token('company');
    const template = (format: string) => ({ format, name: { full: format }, subject: { en: 'Hi {{ user.name.first }}' }, content: { en: 'Hello there' } });
    const sendPreview = (format: string) => t.http.post('/api/company/template/send-preview').set(bearer(token)).send({ template: template(format) });
    for (const [id, format] of [['mailgun', 'communication-mail-html-modern-2021'], ['sms', 'communication-sms-text-plain'], ['expoPush', 'communication-notification-text-plain']] as const) {
      switchOff(id);
      refusedAsOff(await sendPreview(format), id);
      const saved = await t.http.post('/api/company/model/template').set(bearer(token)).send(template(format));
      refusedAsOff(await t.http.post('/api/company/batch').set(bearer(token)).send({ templateId: saved.body._id, group: { option: 'age-18-plus' } }), id);
      delete process.env[outsideService(id).switch];
    }
    switchOff('expoPush');
    refusedAsOff(await t.http.post('/api/company/communication/push-notification').set(bearer(token)).send({ to: 'ExponentPushToken[off]', title: 'x' }), 'expoPush');
    switchOff('mailgun');
    const sender = t.app.get(CommunicationSender);
    const actor = { userId: t.userIds.a.company, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['company'] as const), access: [], thirdParty: false };
    const [outcome] = await sender.sendTemplate(actor as never, { ...template('communication-mail-html-modern-2021'), id: null }, [recipientOfUser(t.userIds.a.user, { name: { full: 'Uma' }, email: { value: 'uma@example.test' } })]);
    expect(outcome).toMatchObject({ state: 'declined', reason: 'service-off' });
  });

  it('a running batch whose channel is switched off pauses, naming why, and sends nothing', async () => {
    const token = await t.token('super');
    const saved = await t.http.post('/api/company/model/template').set(bearer(token)).send({ format: 'communication-mail-text-plain', name: { full: 'Off batch' }, subject: { en: 'News' }, content: { en: 'Hello' } });
    const batch = await t.http.post('/api/company/batch').set(bearer(token)).send({ templateId: saved.body._id, group: { option: 'manual-json', value: '[{"email":"someone@example.test"}]' } });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    await t.db.query(`UPDATE batch SET runner = 'running' WHERE id = $1`, [batch.body._id]);
    switchOff('mailgun');
    const status = await waitFor(() => t.http.get(`/api/company/batch/${batch.body._id}`).set(bearer(token)).then((response) => response.body), (body) => body.runner === 'paused');
    expect(status).toMatchObject({ runner: 'paused', pauseReason: 'service-off: Mail is not configured for this installation', counts: { done: 0 } });
  });
});

