import {
  bankFileMadeSchema,
  bankFileSchema,
  bulkRunSchema,
  bulkRunSummarySchema,
  financeOverviewSchema,
  paymentRefundSchema,
  productChoiceSchema,
  jsonSchema as s,
  ticketAssignmentSchema,
  transactionRefundSchema,
  userActionResultSchema,
  userBalanceSchema,
  userSummarySchema,
} from '@backoffice/resources';
import type { QueryParameter } from '../operation';
import { type DomainOperation, errorWith, file, ok, record, recordWith, refusal } from './operations';

const FINANCE = ['finance'] as const;
const COMPANY = ['company'] as const;
const total = { 'X-Total-Count': { description: 'the rows of the whole list', schema: { type: 'integer' } } };
const paging = (sorts?: readonly string[]): Record<string, QueryParameter> => ({
  _start: { schema: { type: 'integer', minimum: 0 } },
  _end: { schema: { type: 'integer', minimum: 0 }, description: 'at most 1000 rows a page' },
  _order: { schema: { type: 'string', enum: ['asc', 'desc'] }, description: 'default desc (newest first)' },
  ...(sorts && { _sort: { schema: { type: 'string', enum: sorts } } }),
});
const periodQuery: Record<string, QueryParameter> = {
  start: { schema: { type: 'integer', minimum: 0 }, required: true, description: 'period start, milliseconds' },
  end: { schema: { type: 'integer', minimum: 0 }, required: true, description: 'period end (inclusive), milliseconds' },
};
const refundFilterQuery: Record<string, QueryParameter> = {
  year: { schema: { anyOf: [{ type: 'integer', minimum: 2000, maximum: 2100 }, { const: 'all' }] }, description: 'default this year; all: super admins' },
  refundability: { schema: { type: 'string', enum: ['any', 'provider', 'iban', 'none'] } },
  leftover: { schema: { type: 'boolean' }, description: 'only payments with leftover credit (default true)' },
  anonymous: { schema: { type: 'string', enum: ['include', 'exclude', 'only'] }, description: 'anonymous cards; other than include: super admins' },
};
const refundFilter = s.object(
  { year: s.anyOf(s.integer(), s.literal('all')), refundability: s.enum(['any', 'provider', 'iban', 'none']), leftover: s.anyOf(s.boolean(), s.enum(['true', 'false'])), anonymous: s.enum(['include', 'exclude', 'only']) },
  { optional: ['year', 'refundability', 'leftover', 'anonymous'] },
);
const ids = s.array(s.objectId(), { minItems: 1 });
const noPayment = refusal('No such payment in your company');
const noUser = refusal('No such user in your company');
const noTransaction = refusal('No such transaction in your company');
const paynlOff = 'pay.nl is switched off on this installation (reason service-off)';
const paidOnly = 'The transaction is not paid (reason not-paid)';

const paymentRow = recordWith('payment', 'FinancePayment', { user: s.nullable(userSummarySchema) });
const transactionRow = recordWith('transaction', 'FinanceTransaction', {
  user: s.nullable(userSummarySchema),
  products: s.array(s.object({ productId: s.objectId(), count: s.integer({ minimum: 1 }), name: s.nullable(s.string()), image: s.nullable(s.string()) })),
});
const refundRow = recordWith('payment', 'RefundablePayment', {
  userRef: s.object({ userId: s.nullable(s.objectId()), user: s.record(s.any(), { description: 'the user: _id, name.full, email, pay' }) }, { optional: ['user'] }),
  refundable: s.object({ provider: s.boolean(), iban: s.boolean(), providerReason: s.string(), ibanReason: s.string() }, { optional: ['providerReason', 'ibanReason'] }),
});

const userAction = (operationId: string, path: string, refusals: Record<number, string>, idempotent = false): DomainOperation => ({
  method: 'post',
  path: `/api/company/finance/user/{userId}/${path}`,
  operationId,
  callers: FINANCE,
  idempotent,
  answers: { 200: ok('What the action did', userActionResultSchema), 404: noUser, ...Object.fromEntries(Object.entries(refusals).map(([status, text]) => [status, errorWith(text)])) },
});

export const FINANCE_OPERATIONS: DomainOperation[] = [
  { method: 'get', path: '/api/company/finance/overview', operationId: 'financeOverview', callers: FINANCE, query: periodQuery, answers: { 200: ok('The totals of the period', financeOverviewSchema), 400: refusal('start or end missing or not a time') } },
  {
    method: 'get',
    path: '/api/company/finance/payment',
    operationId: 'financePayments',
    callers: FINANCE,
    query: { ...periodQuery, ...paging() },
    answers: { 200: { ...ok("Payments of the period with their user's name", s.array(paymentRow)), headers: total }, 400: refusal('start or end missing or not a time, or _start and _end not row numbers') },
  },
  {
    method: 'get',
    path: '/api/company/finance/transaction',
    operationId: 'financeTransactions',
    callers: FINANCE,
    query: { ...periodQuery, state: { schema: { type: 'string' } }, ...paging() },
    answers: { 200: { ...ok("Transactions of the period with their user's name and products", s.array(transactionRow)), headers: total }, 400: refusal('start or end missing or not a time, or _start and _end not row numbers') },
  },
  {
    method: 'get',
    path: '/api/company/finance/product',
    operationId: 'financeProductChoices',
    callers: FINANCE,
    query: { q: { schema: { type: 'string', maxLength: 200 }, description: 'part of the English name (at least 3 letters or digits in a row)' } },
    answers: { 200: ok('At most 50 products by name', s.array(productChoiceSchema)), 400: refusal('q shorter than 3 letters or digits in a row') },
  },
  {
    method: 'get',
    path: '/api/company/finance/refund',
    operationId: 'refundablePayments',
    callers: FINANCE,
    query: { ...refundFilterQuery, ...paging(['state.put.at.unix', 'amountLeft.cents', 'amount.cents']) },
    answers: { 200: { ...ok('Completed payments with leftover credit, with whether and how each can be refunded', s.array(refundRow)), headers: total }, 400: refusal('A filter or page key of the wrong form, or one the list does not know') },
  },
  {
    method: 'post',
    path: '/api/company/finance/payment/{id}/refund',
    operationId: 'refundPaymentByProvider',
    callers: FINANCE,
    idempotent: true,
    answers: { 200: ok('Refunded', paymentRefundSchema), 404: noPayment, 409: errorWith(`The payment cannot be refunded (reason names why), or ${paynlOff}`), 502: errorWith('pay.nl refused the refund') },
  },
  {
    method: 'post',
    path: '/api/company/finance/payment/{id}/refund-iban',
    operationId: 'refundPaymentByIban',
    callers: FINANCE,
    idempotent: true,
    answers: { 200: ok('A pending refund, paid by the next refund bank file', paymentRefundSchema), 404: noPayment, 409: errorWith("The payment cannot be refunded, or the user's bank account cannot receive it (reason names why)") },
  },
  {
    method: 'post',
    path: '/api/company/finance/payment/{id}/sync',
    operationId: 'syncPayment',
    callers: FINANCE,
    answers: { 200: ok('The state read from pay.nl', userActionResultSchema), 404: noPayment, 409: errorWith(`The payment has no pay.nl transaction, or ${paynlOff}`), 502: errorWith('pay.nl did not answer') },
  },
  userAction('refundUserByProvider', 'refund', { 409: `Nothing to refund (reason nothing-left), or some refunds refused (reason some-failed), for one as ${paynlOff}`, 502: 'pay.nl failed for some payments (reason some-failed, with what was refunded)' }, true),
  userAction('refundUserByIban', 'refund-iban', { 409: 'Nothing to refund (reason nothing-left)', 422: "The user's bank account cannot receive refunds (reason names why)" }, true),
  userAction('relinkUser', 'relink', {}),
  userAction('syncUser', 'sync', { 409: paynlOff, 502: 'pay.nl did not answer' }),
  userAction('fetchUserIban', 'fetch-iban', { 409: paynlOff, 502: 'pay.nl did not answer' }),
  {
    method: 'post',
    path: '/api/company/finance/user/{userId}/credit',
    operationId: 'creditUser',
    summary: 'Give the user non-refundable credit',
    callers: ['finance', 'financeNonRefundable'],
    idempotent: true,
    body: { schema: s.object({ cents: s.integer({ minimum: 1 }), note: s.string() }, { optional: ['note'] }) },
    answers: { 201: ok('The credit payment', record('payment')), 400: refusal('cents is not a valid amount'), 404: noUser },
  },
  { method: 'get', path: '/api/company/finance/user/{userId}/balance', operationId: 'userBalance', callers: FINANCE, answers: { 200: ok('The balance', userBalanceSchema), 404: noUser } },
  {
    method: 'post',
    path: '/api/company/finance/transaction/{id}/refund',
    operationId: 'refundTransaction',
    callers: FINANCE,
    idempotent: true,
    answers: { 200: ok('Refunded to the credit it was paid from', transactionRefundSchema), 404: noTransaction, 409: errorWith(`${paidOnly}, or it is older than 30 days (reason too-old; super admins get a warning instead)`) },
  },
  { method: 'post', path: '/api/company/finance/transaction/{id}/relink', operationId: 'relinkTransaction', callers: FINANCE, answers: { 200: ok('The transaction', record('transaction')), 404: noTransaction, 409: errorWith(`${paidOnly}, or it has no user (reason no-user)`) } },
  {
    method: 'post',
    path: '/api/company/finance/transaction/{id}/assign-email',
    operationId: 'assignTicket',
    callers: FINANCE,
    body: { schema: s.object({ email: s.string({ format: 'email' }) }) },
    answers: {
      200: ok('Assigned', ticketAssignmentSchema),
      400: refusal('No valid email'),
      404: refusal('No such transaction, or no active user with that email'),
      409: errorWith('Not a paid multi-ticket transaction, no event guest, or that user is a guest of the event already (reason names which)'),
    },
  },
  {
    method: 'put',
    path: '/api/company/finance/transaction/{id}/product',
    operationId: 'setTransactionProducts',
    callers: FINANCE,
    body: { schema: s.object({ productRef: s.array(s.object({ productId: s.objectId() })) }) },
    answers: { 200: ok('The transaction', record('transaction')), 400: refusal('A product that is not one of the company'), 404: noTransaction, 409: errorWith(paidOnly) },
  },
  {
    method: 'post',
    path: '/api/company/finance/transaction/{id}/product',
    operationId: 'addTransactionProduct',
    callers: FINANCE,
    body: { schema: s.object({ productId: s.objectId() }) },
    answers: { 201: ok('The transaction', record('transaction')), 400: refusal('Not a product of the company'), 404: noTransaction, 409: errorWith(paidOnly) },
  },
  {
    method: 'delete',
    path: '/api/company/finance/transaction/{id}/product/{index}',
    operationId: 'removeTransactionProduct',
    callers: FINANCE,
    pathParameters: { index: { type: 'integer', minimum: 0 } },
    answers: { 200: ok('The transaction', record('transaction')), 404: refusal('No such transaction, or no product at that index'), 409: errorWith(paidOnly) },
  },
  {
    method: 'delete',
    path: '/api/company/finance/transaction/{id}/product',
    operationId: 'removeTransactionProductWithoutIndex',
    callers: FINANCE,
    answers: { 404: refusal("No such transaction, or (reason index-required) the product's index is missing from the path") },
  },
  {
    method: 'post',
    path: '/api/company/finance/bulk',
    operationId: 'startBulkRun',
    callers: COMPANY,
    idempotent: true,
    body: {
      schema: s.object(
        { action: s.enum(['refund', 'refund-iban', 'sync', 'relink', 'fetch-iban']), paymentIds: ids, userIds: ids, filter: refundFilter, confirmedCount: s.integer({ minimum: 0 }) },
        { optional: ['paymentIds', 'userIds', 'filter', 'confirmedCount'] },
      ),
    },
    answers: { 202: ok('Started: its rows run in the background', bulkRunSchema), 400: refusal('An unknown action, or neither ids nor a filter'), 409: errorWith('The selection changed since it was confirmed (reason selection-changed)') },
  },
  { method: 'get', path: '/api/company/finance/bulk', operationId: 'bulkRuns', callers: COMPANY, answers: { 200: ok('The runs still running or ended within a day, newest first, without their rows', s.array(bulkRunSummarySchema)) } },
  {
    method: 'post',
    path: '/api/company/finance/bulk/{id}/cancel',
    operationId: 'cancelBulkRun',
    callers: COMPANY,
    answers: { 200: ok('Cancelled: it stops between two rows, the rest left ready', bulkRunSchema), 404: refusal('No such bulk run in your company'), 409: errorWith('The run has ended (reason: its status)') },
  },
  { method: 'get', path: '/api/company/finance/bulk/{id}', operationId: 'bulkRun', callers: COMPANY, answers: { 200: ok('The run and its rows', bulkRunSchema), 404: refusal('No such bulk run in your company') } },
  {
    method: 'post',
    path: '/api/company/finance/refund-bank-file',
    operationId: 'makeRefundBankFile',
    callers: COMPANY,
    idempotent: true,
    body: {
      schema: s.object(
        { paymentIds: ids, filter: refundFilter, confirmedCount: s.integer({ minimum: 0 }), includeQueued: s.boolean(), executionDate: s.string({ format: 'date' }) },
        { optional: ['paymentIds', 'filter', 'confirmedCount', 'includeQueued', 'executionDate'] },
      ),
    },
    answers: {
      201: ok('Made', bankFileMadeSchema),
      400: refusal('Neither payment ids nor a filter, or an execution date in the past'),
      409: errorWith('Nothing to refund by bank (reason nothing-to-refund), no debtor account in the company settings, or the selection changed since it was confirmed'),
    },
  },
  { method: 'get', path: '/api/company/finance/refund-bank-file', operationId: 'refundBankFiles', callers: COMPANY, query: paging(), answers: { 200: { ...ok('Newest first', s.array(bankFileSchema)), headers: total } } },
  { method: 'get', path: '/api/company/finance/refund-bank-file/{id}', operationId: 'refundBankFile', callers: COMPANY, answers: { 200: ok('The file', bankFileSchema), 404: refusal('No such bank file in your company') } },
  {
    method: 'get',
    path: '/api/company/finance/refund-bank-file/{id}/download',
    operationId: 'downloadRefundBankFile',
    callers: COMPANY,
    answers: { 200: { ...file('The SEPA XML (pain.001.001.03), or a zip of several', 'application/xml'), also: { 'application/zip': { type: 'string', contentMediaType: 'application/zip' } } }, 404: refusal('No such bank file in your company') },
  },
];
