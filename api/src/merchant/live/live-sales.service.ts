import { Inject, Injectable } from '@nestjs/common';
import type { LiveSales, ProductSales } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import type { Doc } from '../../records/record-repository';
import type { Period } from '../period';

/** The live chart's number of time buckets between from and to (spec part 1 section 9). */
export const LIVE_BUCKETS = 730;
/** Transactions count as sold in these states (spec part 1 section 4; ACCEPTED_TRANSACTION_STATES in resources' transaction model). */
export const SOLD_STATES: readonly string[] = ['accepted', 'paid', 'completed'];

const num = (value: unknown) => Number(value ?? 0);

/**
 * The WHERE of sold transactions of a company (and a merchant) in a period, on indexed columns only;
 * parameters $1 company, $2 from, $3 to, $4 states, $5 merchant (see soldParams).
 */
export function soldWhere(merchantId: string | null, alias = 't'): string {
  const c = (column: string) => `${alias}.${column}`;
  const merchant = merchantId ? ` AND ${c('merchant_ref_merchant_id')} = $5` : '';
  return `${c('company_id')} = $1 AND ${c('state_id')} = ANY($4::text[]) AND ${c('state_put_at_unix')} >= $2 AND ${c('state_put_at_unix')} < $3${merchant}`;
}

/**
 * The same selection on merchant_sale_item (migration 0004): one row per transaction, product and charged price,
 * kept by triggers, so the product rows come from an index-only scan instead of the transaction documents.
 */
export function soldItemWhere(merchantId: string | null): string {
  return `s.company_id = $1 AND s.state_id = ANY($4::text[]) AND s.at_unix >= $2 AND s.at_unix < $3${merchantId ? ' AND s.merchant_id = $5' : ''}`;
}

export const soldParams = (companyId: string, period: Period, merchantId: string | null): unknown[] => [
  companyId,
  period.from,
  period.to,
  [...SOLD_STATES],
  ...(merchantId ? [merchantId] : []),
];

/** The items of a transaction document, whatever shape a stored document has. */
export const ITEMS = `jsonb_array_elements(CASE WHEN jsonb_typeof(t.doc -> 'productRef') = 'array' THEN t.doc -> 'productRef' ELSE '[]'::jsonb END)`;

/**
 * Live sales of a merchant (or all merchants) in a period, from SQL aggregations:
 * revenue and the 730-bucket timeline from the transactions' indexed columns alone (an index-only scan of the
 * merchant/time index), product rows from the sold items (merchant_sale_item), grouped by product and charged price
 * and by product and bucket in one pass. The two run side by side.
 */
@Injectable()
export class LiveSalesService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async read(actor: Actor, merchant: Doc | null, period: Period): Promise<LiveSales> {
    const merchantId = merchant ? String(merchant._id) : null;
    const span = period.to - period.from;
    const bucket = `(t.state_put_at_unix - $2) * ${LIVE_BUCKETS} / ${span}`;
    const params = soldParams(actor.companyId, period, merchantId);
    const where = soldWhere(merchantId);
    const [timelineRows, itemRows] = await Promise.all([
      this.reading(merchantId, (tx) =>
        tx.query<{ bucket: unknown; count: unknown; cents: unknown }>(
          `SELECT ${bucket} AS bucket, count(*) AS count, sum(t.amount_cents) AS cents FROM "transaction" t WHERE ${where} GROUP BY 1`,
          params,
        ),
      ),
      this.reading(merchantId, (tx) =>
        tx.query<{ product_id: string | null; price_cents: unknown; bucket: unknown; count: unknown; by_bucket: unknown }>(
          `SELECT product_id, price_cents, bucket, sum(item_count) AS count, GROUPING(price_cents) AS by_bucket FROM (
             SELECT s.product_id, s.price_cents, (s.at_unix - $2) * ${LIVE_BUCKETS} / ${span} AS bucket, s.item_count
             FROM merchant_sale_item s WHERE ${soldItemWhere(merchantId)}
           ) x GROUP BY GROUPING SETS ((product_id, price_cents), (product_id, bucket))`,
          params,
        ),
      ),
    ]);

    const bucketStart = (index: number) => period.from + Math.ceil((index * span) / LIVE_BUCKETS);
    const timeline = Array.from({ length: LIVE_BUCKETS }, (_, index) => ({ unix: bucketStart(index), countNumber: 0, amountCents: 0 }));
    let cents = 0;
    let count = 0;
    for (const row of timelineRows) {
      const entry = timeline[num(row.bucket)];
      entry.countNumber = num(row.count);
      entry.amountCents = num(row.cents);
      cents += entry.amountCents;
      count += entry.countNumber;
    }

    const productIds = [...new Set(itemRows.map((row) => row.product_id).filter((id): id is string => typeof id === 'string'))];
    const products = new Map((await this.products(actor.companyId, productIds)).map((product) => [String(product._id), product]));
    const rows = new Map<string, ProductSales>();
    const rowOf = (productId: string) => {
      let row = rows.get(productId);
      if (!row) {
        row = { productId, product: products.get(productId) ?? null, productCountNumber: 0, productAmountCents: 0, productPriceDifferent: false, productState: [], prices: [] };
        rows.set(productId, row);
      }
      return row;
    };
    for (const item of itemRows) {
      if (typeof item.product_id !== 'string') continue;
      const row = rowOf(item.product_id);
      if (num(item.by_bucket) === 1) {
        row.productState.push({ unix: bucketStart(num(item.bucket)), countNumber: num(item.count) });
        continue;
      }
      const current = (row.product?.price as { cents?: number } | undefined)?.cents;
      // an item without a charged price was sold at the product's price
      const charged = item.price_cents === null || item.price_cents === undefined ? (current ?? 0) : num(item.price_cents);
      const itemCount = num(item.count);
      row.productCountNumber += itemCount;
      row.productAmountCents += charged * itemCount;
      if (current !== undefined && charged !== current) row.productPriceDifferent = true;
      const price = row.prices.find((entry) => entry.cents === charged);
      if (price) {
        price.countNumber += itemCount;
        price.amountCents += charged * itemCount;
      } else row.prices.push({ cents: charged, countNumber: itemCount, amountCents: charged * itemCount });
    }
    for (const row of rows.values()) {
      row.productState.sort((a, b) => a.unix - b.unix);
      row.prices.sort((a, b) => b.countNumber - a.countNumber || a.cents - b.cents);
    }
    const productRef = [...rows.values()].sort((a, b) => b.productAmountCents - a.productAmountCents || b.productCountNumber - a.productCountNumber || a.productId.localeCompare(b.productId));
    return {
      merchant: merchant && { _id: merchant._id, id: merchant._id, name: merchant.name, nameLocalized: merchant.nameLocalized },
      from: period.from,
      to: period.to,
      bucketCount: LIVE_BUCKETS,
      bucketSeconds: span / LIVE_BUCKETS,
      transactionTotal: { cents, countNumber: count },
      productRef,
      timeline,
    };
  }

  /** Products by id with the fields the live page, CSV and invoice show, and their merchant's name. */
  async products(companyId: string, ids: readonly string[]): Promise<Doc[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<{ id: string; doc: Doc; merchant_name: string | null }>(
      `SELECT p.id, p.doc, m.name_full AS merchant_name FROM product p
       LEFT JOIN merchant m ON m.company_id = p.company_id AND m.id = p.merchant_ref_merchant_id
       WHERE p.company_id = $1 AND p.id = ANY($2::text[])`,
      [companyId, ids],
    );
    return rows.map(({ id, doc, merchant_name }) => {
      const merchantId = (doc.merchantRef as { merchantId?: string } | undefined)?.merchantId;
      const price = doc.price as { cents?: number } | undefined;
      return {
        _id: id,
        id,
        nameLocalized: doc.nameLocalized,
        price: price && { cents: price.cents, euro: typeof price.cents === 'number' ? price.cents / 100 : undefined },
        taxPercentage: doc.taxPercentage,
        type: doc.type,
        image: doc.image,
        merchantRef: { merchantId, merchant: merchant_name !== null ? { _id: merchantId, name: { full: merchant_name } } : undefined },
      };
    });
  }

  /**
   * Runs a read. Company-wide reads run in their own transaction with JIT compilation off: PostgreSQL's JIT costs
   * tens of milliseconds and only starts for large scans, which pay it back far less than it costs here.
   * A merchant's reads stay below the JIT threshold and go straight to the pool.
   */
  private reading<T>(merchantId: string | null, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    if (merchantId) return fn(this.db);
    return this.db.transaction(async (tx) => {
      await tx.query('SET LOCAL jit = off');
      return fn(tx);
    });
  }
}
