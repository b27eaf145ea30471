import {
  type Schema,
  type SelfServiceMenu,
  type SelfServicePage,
  invoiceExportAnswerSchema,
  liveRegisterSchema,
  liveSalesSchema,
  lockerEventLinkSchema,
  lockerEventSchema,
  productTemplateSchema,
  jsonSchema as s,
} from '@backoffice/resources';
import { type DomainOperation, errorWith, file, ok, record, refusal } from './operations';

const merchantId = { type: 'string', description: 'a merchant id, or `all`', pattern: '^([0-9a-f]{24}|all)$' };
const unix = (description: string) => ({ schema: { type: 'integer' }, description });
const period = { from: unix('unix seconds, inclusive (alias fromUnix); default 24 hours ago'), to: unix('unix seconds, exclusive (alias toUnix); default now'), fromUnix: unix('as from'), toUnix: unix('as to') };
const noMerchant = refusal('No such merchant in your company');
const badPeriod = refusal('Only one of from and to, to before from, or a period over ten years');
const LOCKER = {
  409: refusal('The Locker Company is switched off on this installation (reason service-off)'),
  502: refusal('The Locker Company did not answer, or refused'),
};

const localized = s.record(s.string());
const menuProperties = {
  merchant: s.object({ _id: s.objectId(), name: s.string(), banner: s.nullable(s.string()) }),
  currencySymbol: s.string(),
  tabs: s.array(
    s.object({
      name: localized,
      items: s.array(s.object({ productId: s.objectId(), name: localized, description: localized, priceCents: s.integer(), image: s.nullable(s.string({ description: 'an address anyone may load' })) })),
    }),
  ),
};
const selfServiceMenu: Schema<SelfServiceMenu> = s.named('SelfServiceMenu', s.object(menuProperties));
const selfServicePage: Schema<SelfServicePage> = s.named('SelfServicePage', s.object({ ...menuProperties, menuUrl: s.string({ description: 'the signed public address of the menu' }) }));

export const MERCHANT_OPERATIONS: DomainOperation[] = [
  {
    method: 'get',
    path: '/api/company/merchant/{merchantId}/self-service',
    operationId: 'selfServicePage',
    callers: ['merchant'],
    pathParameters: { merchantId },
    answers: { 200: ok('The menu and its public address', selfServicePage), 400: refusal('`all` names no merchant'), 404: noMerchant },
  },
  {
    method: 'get',
    path: '/api/public/menu/{merchantId}/{signature}',
    operationId: 'publicSelfServiceMenu',
    callers: 'public',
    pathParameters: { merchantId: { type: 'string' }, signature: { type: 'string' } },
    answers: { 200: ok('The menu', selfServiceMenu), 404: refusal('No such menu, or the signature does not hold') },
  },
  {
    method: 'post',
    path: '/api/company/merchant',
    operationId: 'quickCreateMerchant',
    callers: ['merchant'],
    body: { schema: s.object({ nameLocalized: s.object({ full: s.object({ en: s.string({ minLength: 1 }), nl: s.string() }, { optional: ['nl'] }) }) }) },
    answers: { 201: ok('The merchant', record('merchant')), 400: refusal('No English name') },
  },
  {
    method: 'get',
    path: '/api/company/merchant/{merchantId}/product/create',
    operationId: 'productTemplate',
    callers: ['merchant'],
    pathParameters: { merchantId },
    answers: { 200: ok('The template', productTemplateSchema), 400: refusal('`all` names no merchant: a product belongs to one'), 404: noMerchant },
  },
  {
    method: 'get',
    path: '/api/company/merchant/{merchantId}/live',
    operationId: 'liveSales',
    callers: ['merchant'],
    pathParameters: { merchantId },
    query: period,
    answers: { 200: ok('The sales of the period', liveSalesSchema), 400: badPeriod, 404: noMerchant },
  },
  {
    method: 'get',
    path: '/api/company/merchant/{merchantId}/live-register',
    operationId: 'liveRegister',
    callers: ['merchant'],
    pathParameters: { merchantId },
    query: { ...period, interval: { schema: { type: 'integer', enum: [3600000, 600000, 60000] }, description: 'bar width in ms (default 600000)' } },
    answers: { 200: ok('Sold transactions per register terminal and interval', liveRegisterSchema), 400: refusal('An interval not offered, or a period as for live sales'), 404: noMerchant },
  },
  {
    method: 'get',
    path: '/api/company/merchant/{merchantId}/export/csv',
    operationId: 'merchantSalesCsv',
    callers: ['merchant'],
    pathParameters: { merchantId },
    query: period,
    answers: {
      200: { ...file('The CSV: Merchant, Name, VAT, Count, Price, Total', 'text/csv'), headers: { 'Content-Disposition': { description: 'attachment; filename Export_{merchant}_{timestamp}.csv', schema: { type: 'string' } } } },
      400: badPeriod,
      404: noMerchant,
    },
  },
  {
    method: 'post',
    path: '/api/company/merchant/{merchantId}/export/invoice',
    operationId: 'merchantInvoiceExport',
    callers: ['super'],
    idempotent: true,
    pathParameters: { merchantId },
    body: {
      schema: s.object(
        { from: s.integer(), to: s.integer(), confirm: s.anyOf(s.literal(true), s.array(s.string({ maxLength: 100 }), { maxItems: 1000 })) },
        { optional: ['from', 'to', 'confirm'] },
      ),
    },
    answers: {
      201: ok('Sent to Moneybird and recorded (model invoiceExport)', invoiceExportAnswerSchema),
      400: refusal('A period as for live sales, nothing sold in it, or the company has no Moneybird contact or workflow id'),
      404: noMerchant,
      409: errorWith("The period overlaps an earlier export (reason already-exported, with `existing`), another export of the company is under way, or Moneybird is switched off (reason service-off)"),
      422: errorWith("A product's VAT rate is not among Moneybird's (Unexpected Tax Rates Found; `unexpectedTaxRates`)"),
      429: { ...refusal('Moneybird rate-limits: try again after Retry-After seconds'), headers: { 'Retry-After': { description: 'seconds', schema: { type: 'integer' } } } },
      502: refusal('Moneybird refused (its token, plan, administration, contact or workflow) or did not answer'),
      503: refusal('Moneybird is not configured'),
    },
  },
  { method: 'get', path: '/api/company/locker-company/event', operationId: 'lockerCompanyEvents', callers: ['merchant'], answers: { 200: ok("The company's Locker Company events", s.array(lockerEventSchema)), ...LOCKER } },
  {
    method: 'get',
    path: '/api/company/locker-company/event/{eventId}',
    operationId: 'lockerCompanyEvent',
    callers: ['merchant'],
    pathParameters: { eventId: { type: 'string' } },
    answers: { 200: ok('The event and whether it is linked to the company', lockerEventLinkSchema), 404: refusal('The Locker Company has no such event'), ...LOCKER },
  },
];
