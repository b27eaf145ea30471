import type { Doc } from '../paths';
import { jsonSchema as s, type Schema } from './schema';

/** Answers of the merchant endpoints (api/src/merchant), shared by the API and the admin. */

/** One product's sales in a live-sales answer; `P` is how the reader types the product document. */
export interface ProductSales<P = Doc> {
  productId: string;
  /** the product as it is now (null when it was deleted) with its merchant's id and name */
  product: P | null;
  productCountNumber: number;
  /** what was charged for it */
  productAmountCents: number;
  /** some were charged another price than the product's current price */
  productPriceDifferent: boolean;
  /** per time bucket with sales: the bucket's start (unix seconds) and how many were sold */
  productState: { unix: number; countNumber: number }[];
  /** per charged unit price: how many and for how much */
  prices: { cents: number; countNumber: number; amountCents: number }[];
}

/** GET /api/company/merchant/:merchantId/live: sales of a period; `P` and `M` type the product and merchant documents. */
export interface LiveSales<P = Doc, M = Doc> {
  merchant: M | null;
  from: number;
  to: number;
  bucketCount: number;
  bucketSeconds: number;
  transactionTotal: { cents: number; countNumber: number };
  productRef: ProductSales<P>[];
  /** every bucket: start, sold transactions and their amount */
  timeline: { unix: number; countNumber: number; amountCents: number }[];
}

export interface LiveRegister {
  interval: number;
  from: number;
  to: number;
  /** the y-axis maximum: the interval's default, or 10 % above the largest value when that is higher */
  yMax: number;
  /** one per register terminal: its bars, `name` the bar's start in ms since the epoch and `value` the transactions sold */
  terminals: { registerTerminalId: string | null; name: string; series: { name: number; value: number }[] }[];
}

export interface LockerOption {
  id: string;
  name: string;
}

/** An event of the Locker Company with the locker sizes and rental periods it offers. */
export interface LockerEvent {
  id: string;
  name: string;
  startsAt?: string;
  endsAt?: string;
  sizes: LockerOption[];
  periods: LockerOption[];
}

const doc = s.record(s.any());
const count = s.integer({ minimum: 0 });
const cents = s.integer();

export const liveSalesSchema: Schema<LiveSales> = s.named(
  'LiveSales',
  s.object({
    merchant: s.nullable(s.ref('merchant')),
    from: s.integer(),
    to: s.integer(),
    bucketCount: count,
    bucketSeconds: s.number(),
    transactionTotal: s.object({ cents, countNumber: count }),
    productRef: s.array(
      s.object({
        productId: s.objectId(),
        product: s.nullable(doc),
        productCountNumber: count,
        productAmountCents: cents,
        productPriceDifferent: s.boolean(),
        productState: s.array(s.object({ unix: s.integer(), countNumber: count })),
        prices: s.array(s.object({ cents, countNumber: count, amountCents: cents })),
      }),
    ),
    timeline: s.array(s.object({ unix: s.integer(), countNumber: count, amountCents: cents })),
  }),
);

export const liveRegisterSchema: Schema<LiveRegister> = s.named(
  'LiveRegister',
  s.object({
    interval: s.integer(),
    from: s.integer(),
    to: s.integer(),
    yMax: s.number(),
    terminals: s.array(s.object({ registerTerminalId: s.nullable(s.objectId()), name: s.string(), series: s.array(s.object({ name: s.integer(), value: count })) })),
  }),
);

const lockerOption: Schema<LockerOption> = s.object({ id: s.string(), name: s.string() });
export const lockerEventSchema: Schema<LockerEvent> = s.named(
  'LockerEvent',
  s.object({ id: s.string(), name: s.string(), startsAt: s.string(), endsAt: s.string(), sizes: s.array(lockerOption), periods: s.array(lockerOption) }, { optional: ['startsAt', 'endsAt'] }),
);

/** GET /api/company/locker-company/event/:eventId */
export interface LockerEventLink {
  event: LockerEvent;
  linked: boolean;
  message: string | null;
}

export const lockerEventLinkSchema: Schema<LockerEventLink> = s.object({ event: lockerEventSchema, linked: s.boolean(), message: s.nullable(s.string()) });

/** GET /api/company/merchant/:merchantId/product/create: an unsaved product with the defaults, and how many the merchant has. */
export interface ProductTemplate {
  product: Doc;
  productCount: number;
  /** the confirmation to show at 24 products or more (a tablet register shows 24), else null */
  confirm: string | null;
}

export const productTemplateSchema: Schema<ProductTemplate> = s.named(
  'ProductTemplate',
  s.object({ product: s.ref('productCreate'), productCount: count, confirm: s.nullable(s.string()) }),
);

/** POST /api/company/merchant/:merchantId/export/invoice: the invoice Moneybird made and what was sent to it. */
export interface InvoiceExportAnswer {
  invoice: { id: string; reference: string; [key: string]: unknown };
  sent: { contact_id: string; workflow_id: string; reference: string; invoice_date: string; details_attributes: Doc[]; [key: string]: unknown };
}

export const invoiceExportAnswerSchema: Schema<InvoiceExportAnswer> = s.named(
  'InvoiceExport',
  s.object({
    invoice: s.object({ id: s.string(), reference: s.string() }, { open: true, keywords: { description: "Moneybird's sales invoice" } }),
    sent: s.object(
      { contact_id: s.string(), workflow_id: s.string(), reference: s.string(), invoice_date: s.string({ format: 'date' }), details_attributes: s.array(doc) },
      { open: true, keywords: { description: 'the sales invoice sent to Moneybird' } },
    ),
  }),
);
