import { createMerchant, insertPayment, insertTransactions } from '../../../merchant/merchant-fixtures';
import type { Call } from '../calls';
import { type DomainCalls, setCompanySetting } from './world';

const FROM = 1_767_225_600;
const TO = FROM + 86_400;
const moneybird = (path: string, body: unknown) =>
  fetch(`${process.env.MONEYBIRD_URL!.replace(/\/api\/v2$/, '')}/_fake/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export const merchantCalls: DomainCalls = async ({ t }) => {
  const { merchantId, productIds: [beer] } = await createMerchant(t, 'Conformance Bar', [{ en: 'Beer', cents: 350 }]);
  const oddRates = await createMerchant(t, 'Odd Rates', [{ en: 'Old wine', cents: 500, tax: 0.06 }]);
  const online = await insertPayment(t, t.companies.a, 'paynl', 10_000);
  await insertTransactions(t, t.companies.a, [
    { merchantId, at: FROM + 100, paymentId: online, items: [[beer, 350]] },
    { merchantId: oddRates.merchantId, at: FROM + 100, items: [[oddRates.productIds[0], 500]] },
  ]);
  await setCompanySetting(t, ['settings', 'moneybird'], { contactId: '500000000000000001', workflowId: '600000000000000001' });
  const page = await t.http.get(`/api/company/merchant/${merchantId}/self-service`).set('Authorization', `Bearer ${await t.token('merchant')}`);
  const menu = new URL(page.body.menuUrl).pathname.replace(/^\/menu/, '/api/public/menu');
  const merchant = `/api/company/merchant/${merchantId}`;
  const invoice = (body: object, extra: Partial<Call> = {}): Call => ({ operationId: 'merchantInvoiceExport', path: `${merchant}/export/invoice`, body: { from: FROM, to: TO, ...body }, expect: 201, ...extra });
  return [
    { operationId: 'selfServicePage', path: `${merchant}/self-service`, role: 'merchant', expect: 200 },
    { operationId: 'publicSelfServiceMenu', path: menu, role: null, expect: 200 },
    { operationId: 'publicSelfServiceMenu', path: `/api/public/menu/${merchantId}/not-its-signature`, role: null, expect: 404 },
    { operationId: 'quickCreateMerchant', path: '/api/company/merchant', role: 'merchant', body: { nameLocalized: { full: { en: 'Quick Bar' } } }, expect: 201 },
    { operationId: 'productTemplate', path: `${merchant}/product/create`, role: 'merchant', expect: 200 },
    { operationId: 'liveSales', path: `${merchant}/live`, role: 'merchant', query: { from: String(FROM), to: String(TO) }, expect: 200 },
    { operationId: 'liveRegister', path: `${merchant}/live-register`, role: 'merchant', query: { from: String(FROM), to: String(TO), interval: '3600000' }, expect: 200 },
    { operationId: 'merchantSalesCsv', path: `${merchant}/export/csv`, role: 'merchant', query: { from: String(FROM), to: String(TO) }, expect: 200 },
    invoice({}, { before: async () => void (await moneybird('reset', {})) }),
    invoice({}, { expect: 409 }),
    invoice({ confirm: true }, { path: `/api/company/merchant/${oddRates.merchantId}/export/invoice`, expect: 422 }),
    invoice({ confirm: true }, { before: async () => void (await moneybird('fail-next', { status: 429, retryAfter: 30 })), expect: 429 }),
    invoice({ confirm: true }, { before: async () => void (await moneybird('fail-next', { status: 500 })), expect: 502 }),
    invoice({ confirm: true }, { env: { MONEYBIRD_TOKEN: '' }, expect: 503 }),
    { operationId: 'lockerCompanyEvents', path: '/api/company/locker-company/event', role: 'merchant', expect: 200 },
    { operationId: 'lockerCompanyEvents', path: '/api/company/locker-company/event', role: 'merchant', env: { LOCKER_COMPANY_ENABLED: 'false' }, expect: 409 },
    { operationId: 'lockerCompanyEvents', path: '/api/company/locker-company/event', role: 'merchant', env: { LOCKER_COMPANY_URL: 'http://127.0.0.1:9' }, expect: 502 },
    { operationId: 'lockerCompanyEvent', path: '/api/company/locker-company/event/lc-event-2026', role: 'merchant', expect: 200 },
    { operationId: 'lockerCompanyEvent', path: '/api/company/locker-company/event/lc-event-2026', role: 'merchant', env: { LOCKER_COMPANY_ENABLED: 'false' }, expect: 409 },
    { operationId: 'lockerCompanyEvent', path: '/api/company/locker-company/event/lc-event-2026', role: 'merchant', env: { LOCKER_COMPANY_URL: 'http://127.0.0.1:9' }, expect: 502 },
    { operationId: 'lockerCompanyEvent', path: '/api/company/locker-company/event/no-such-event', role: 'merchant', expect: 404 },
  ];
};
