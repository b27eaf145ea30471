import type { Doc } from '../paths';

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
