import { setTimeout as sleep } from 'node:timers/promises';
import { NOW, insert, payment, product, setDebtor, transactionDoc, user } from '../../../finance/finance-fixtures';
import { bearer } from '../../../support/test-app';
import type { Call } from '../calls';
import type { DomainCalls } from './world';

const PAYNL_OFF = { PAYNL_ENABLED: 'false' };
const MULTI_TICKET = 'abcdefabcdefabcdefabcdef';

export const financeCalls: DomainCalls = async ({ t }) => {
  await setDebtor(t);
  const customer = await user(t);
  const online = await payment(t, { userId: customer, cents: 5000, left: 1500 });
  const failing = await payment(t, { userId: await user(t), cents: 2500, left: 2500, transactionId: 'EX-FAIL-0000-0041' });
  const spent = await payment(t, { userId: customer, cents: 1000, left: 0 });
  const drained = await payment(t, { userId: await user(t), type: 'pin', cents: 1000, left: 0 });
  const byBank = await payment(t, { userId: await user(t), type: 'pin', cents: 3000, left: 800 });
  const noBank = await user(t, { iban: null });
  await payment(t, { userId: noBank, type: 'pin', cents: 3000, left: 800 });
  const emptyUser = await user(t);
  const failingUser = await user(t);
  await payment(t, { userId: failingUser, cents: 2500, left: 2500, transactionId: 'EX-FAIL-0000-0042' });
  const beer = await product(t, 350);
  const paid = async (extra: Record<string, unknown> = {}) => (await insert(t, 'transaction', [{ ...transactionDoc({ userId: customer, paymentIds: [online], products: [{ productId: beer, cents: 350 }] }), ...extra }]))[0];
  const unpaid = (await insert(t, 'transaction', [transactionDoc({ userId: customer, state: 'accepted', products: [{ productId: beer, cents: 350 }] })]))[0];
  const [eventId] = await insert(t, 'event', [{ name: { full: 'Festival' } }]);
  const [guestId] = await insert(t, 'eventGuest', [{ eventRef: { eventId }, userRef: { userId: customer }, meta: { archived: false } }]);
  const ticket = await paid({ eventGuestRef: { eventGuestId: guestId }, eventMultiTicketRef: { eventMultiTicketId: MULTI_TICKET } });
  const friendEmail = `friend-${Date.now()}@example.test`;
  await user(t, { email: friendEmail });
  const relinkUsers = await Promise.all(Array.from({ length: 6 }, () => user(t)));
  const bankPayments = await Promise.all(Array.from({ length: 2 }, async () => payment(t, { userId: await user(t), type: 'pin', cents: 1000, left: 1000 })));
  const finance = (operationId: string, path: string, expect: number, extra: Partial<Call> = {}): Call => ({ operationId, path: `/api/company/finance${path}`, role: 'finance', expect, ...extra });
  const company = (operationId: string, path: string, expect: number, extra: Partial<Call> = {}): Call => finance(operationId, path, expect, { role: 'company', ...extra });
  const token = bearer(await t.token('company'));
  const bankFile = async () => (await t.http.get('/api/company/finance/refund-bank-file').set(token)).body[0]?.id as string;
  const runOf = async (userIds: string[]) => (await t.http.post('/api/company/finance/bulk').set(token).send({ action: 'relink', userIds })).body.id as string;
  const period = { start: String((NOW() - 86_400) * 1000), end: String((NOW() + 3600) * 1000) };
  const ended = await runOf([emptyUser]);
  return [
    finance('financeOverview', '/overview', 200, { query: period }),
    finance('financePayments', '/payment', 200, { query: { ...period, _start: '0', _end: '10' } }),
    finance('financeTransactions', '/transaction', 200, { query: { ...period, _start: '0', _end: '10' } }),
    finance('financeProductChoices', '/product', 200, { query: { q: 'Product' } }),
    finance('refundablePayments', '/refund', 200, { query: { _start: '0', _end: '10' } }),
    finance('refundPaymentByProvider', `/payment/${online}/refund`, 200),
    finance('refundPaymentByProvider', `/payment/${spent}/refund`, 409),
    finance('refundPaymentByProvider', `/payment/${failing}/refund`, 502),
    finance('refundPaymentByIban', `/payment/${byBank}/refund-iban`, 200),
    finance('refundPaymentByIban', `/payment/${spent}/refund-iban`, 409),
    finance('syncPayment', `/payment/${online}/sync`, 200),
    finance('syncPayment', `/payment/${byBank}/sync`, 409),
    finance('syncPayment', `/payment/${failing}/sync`, 502),
    finance('refundUserByProvider', `/user/${failingUser}/refund`, 502),
    finance('refundUserByProvider', `/user/${customer}/refund`, 409, { env: PAYNL_OFF, before: async () => void (await payment(t, { userId: customer, cents: 700, left: 700 })) }),
    finance('refundUserByProvider', `/user/${customer}/refund`, 200),
    finance('refundUserByIban', `/user/${customer}/refund-iban`, 200, { before: async () => void (await payment(t, { userId: customer, type: 'pin', cents: 700, left: 700 })) }),
    finance('refundUserByIban', `/user/${emptyUser}/refund-iban`, 409),
    finance('refundUserByIban', `/user/${noBank}/refund-iban`, 422),
    finance('relinkUser', `/user/${customer}/relink`, 200),
    finance('syncUser', `/user/${customer}/sync`, 200),
    finance('syncUser', `/user/${customer}/sync`, 409, { env: PAYNL_OFF }),
    finance('syncUser', `/user/${failingUser}/sync`, 502),
    finance('fetchUserIban', `/user/${customer}/fetch-iban`, 200),
    finance('fetchUserIban', `/user/${customer}/fetch-iban`, 409, { env: PAYNL_OFF }),
    finance('fetchUserIban', `/user/${failingUser}/fetch-iban`, 502),
    finance('creditUser', `/user/${customer}/credit`, 201, { body: { cents: 500, note: 'Sorry for the wait' } }),
    finance('userBalance', `/user/${customer}/balance`, 200),
    finance('refundTransaction', `/transaction/${await paid()}/refund`, 200),
    finance('refundTransaction', `/transaction/${unpaid}/refund`, 409),
    finance('relinkTransaction', `/transaction/${await paid()}/relink`, 200),
    finance('relinkTransaction', `/transaction/${unpaid}/relink`, 409),
    finance('assignTicket', `/transaction/${ticket}/assign-email`, 200, { body: { email: friendEmail } }),
    finance('assignTicket', `/transaction/${await paid()}/assign-email`, 409, { body: { email: friendEmail } }),
    finance('setTransactionProducts', `/transaction/${await paid()}/product`, 200, { body: { productRef: [{ productId: beer }] } }),
    finance('setTransactionProducts', `/transaction/${unpaid}/product`, 409, { body: { productRef: [{ productId: beer }] } }),
    finance('addTransactionProduct', `/transaction/${await paid()}/product`, 201, { body: { productId: beer } }),
    finance('addTransactionProduct', `/transaction/${unpaid}/product`, 409, { body: { productId: beer } }),
    finance('removeTransactionProduct', `/transaction/${await paid()}/product/0`, 200),
    finance('removeTransactionProduct', `/transaction/${unpaid}/product/0`, 409),
    finance('removeTransactionProductWithoutIndex', `/transaction/${await paid()}/product`, 404, { derive: true }),
    company('startBulkRun', '/bulk', 202, { body: { action: 'relink', userIds: [customer] } }),
    company('startBulkRun', '/bulk', 409, { body: { action: 'refund-iban', filter: { refundability: 'iban' }, confirmedCount: 99_999 } }),
    company('bulkRuns', '/bulk', 200),
    company('bulkRun', `/bulk/${ended}`, 200),
    company('cancelBulkRun', '/bulk/{running}/cancel', 200),
    company('cancelBulkRun', `/bulk/${ended}/cancel`, 409, { before: () => sleep(500) }),
    company('makeRefundBankFile', '/refund-bank-file', 409, { body: { paymentIds: [drained], confirmedCount: 1, includeQueued: false } }),
    company('makeRefundBankFile', '/refund-bank-file', 201, { body: { paymentIds: bankPayments, confirmedCount: bankPayments.length, includeQueued: false } }),
    company('refundBankFiles', '/refund-bank-file', 200, { query: { _start: '0', _end: '10' } }),
    company('refundBankFile', `/refund-bank-file/{file}`, 200),
    company('downloadRefundBankFile', `/refund-bank-file/{file}/download`, 200),
  ].map((call) => resolveLater(call, { running: () => runOf(relinkUsers), file: bankFile }));
};

/** Ids only there once the calls before have run (a bank file made, a run started): filled in just before the call. */
function resolveLater(call: Call, lookups: Record<string, () => Promise<string>>): Call {
  const names = [...call.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
  if (names.length === 0) return call;
  const resolved: Call = { ...call };
  resolved.before = async () => {
    let path = call.path;
    for (const name of names) path = path.replace(`{${name}}`, await lookups[name]());
    resolved.path = path;
  };
  return resolved;
}
