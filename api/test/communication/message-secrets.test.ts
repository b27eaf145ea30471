import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskCodes } from '../../src/communication/delivery/message-secrets';
import { RecordService } from '../../src/records/record.service';
import { type TestApp, bearer, startTestApp } from '../support/test-app';

/** Verification codes never stand in the SMS log as sent, whoever reads it. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('secrets in messages', () => {
  it('masks codes, not amounts, times or dates', () => {
    expect(maskCodes('Your verification code is 482913.')).toBe('Your verification code is ••••••.');
    expect(maskCodes('Code 1234, valid until 12:30 on 2026-11-27; balance € 12.50, 1500 points')).toBe('Code ••••••, valid until 12:30 on 2026-11-27; balance € 12.50, •••••• points');
  });

  it('records a message of a template that carries a code with the code masked, on every path; others as sent', async () => {
    const token = await t.token('company');
    const template = async (role: string | null) =>
      (await t.http.post('/api/company/model/template').set(bearer(token)).send({ format: 'communication-sms-text-plain', name: { full: `SMS ${role}` }, role, content: { en: 'Your code is {{ code }}' } })).body._id as string;
    const verify = await template('mobile-verify');
    const plain = await template(null);
    const records = t.app.get(RecordService);
    const actor = { userId: t.userIds.a.super, companyId: t.companies.a, homeCompanyId: t.companies.a, rights: new Set(['super'] as const), access: [], thirdParty: false };
    const sms = (templateId: string) => records.create('communicationSms', actor as never, { to: [{ phone: '+31612345678' }], templateRef: { templateId }, body: 'Your code is 482913' }, { domain: true });
    const masked = await sms(verify);
    const kept = await sms(plain);
    const read = async (id: unknown) => (await t.http.get(`/api/company/model/communicationSms/${id}`).set(bearer(token))).body.body;
    expect(await read(masked._id)).toBe('Your code is ••••••');
    expect(await read(kept._id)).toBe('Your code is 482913');
  });
});
