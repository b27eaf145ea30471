import type { MoneybirdInvoiceLine, MoneybirdSalesInvoice, MoneybirdTaxRate } from './moneybird-client';

/**
 * How we read the spec's invoice rules (spec part 1 section 9, part 2 section 9; copied to the README):
 *
 * The invoice states, for one merchant (or all) and a period, what was sold and how it was paid for.
 * - Rows 100, 101, ...: one line per product and charged unit price: amount = how many, price = the unit price incl. VAT,
 *   the product's VAT rate. Together they state the revenue and its VAT.
 * - Compensation rows settle what was already paid, so they carry negative prices:
 *   - row 300, "Already received payments": the sales paid with credit from payments the company received itself
 *     (every payment type except online, paynl). One line; it settles money, not a supply, so it is booked at the
 *     0% sales rate when the administration has one (otherwise without tax_rate_id: Moneybird then uses the
 *     placeholder product's rate).
 *   - rows 301, 302, ...: "Online payments": the sales paid with credit from online payments (paynl), one line per VAT
 *     rate of the products sold, at that rate.
 *   - rows 310, 311, ...: "Online payment fee": minus 1 % of each online line's amount, per VAT rate, at that rate.
 * - A sale is paid online when the first payment its transaction links (paymentRef) is of type paynl; a transaction
 *   without a linked payment counts as already received.
 * - Every line names the fixed placeholder product and ledger account from the configuration; contact and workflow
 *   come from the company settings.
 * - Before anything is sent, every product's VAT percentage (taxPercentage x 100) must match an active sales-invoice
 *   tax rate of the administration; otherwise nothing is sent and the answer lists 'Found {n}% BTW' per rate.
 *
 * Example: beer 21 % sold 10 x 3.50 (8 paid online, 2 with cash credit) and fries 9 % sold 4 x 4.50 (all online):
 * rows 100 Beer 10 x 3.50, 101 Fries 4 x 4.50; 300 -7.00; 301 -28.00 (21 %), 302 -18.00 (9 %); 310 -0.28 (21 %), 311 -0.18 (9 %).
 */

/** Sold items of one product at one charged price, split by how they were paid. */
export interface InvoiceSale {
  productId: string;
  name: string;
  /** the product's VAT as a fraction (0.21); deleted products count as 0 */
  taxPercentage: number;
  priceCents: number;
  count: number;
  online: boolean;
}

export interface InvoiceSettings {
  contactId: string;
  workflowId: string;
  productId: string;
  ledgerAccountId: string;
  reference: string;
  invoiceDate: string;
}

export const PRODUCT_ROW_START = 100;
export const RECEIVED_ROW = 300;
export const ONLINE_ROW_START = 301;
export const FEE_ROW_START = 310;
/** The online-payment fee: 1 % of the amount. */
export const ONLINE_FEE = 0.01;

export const UNEXPECTED_TAX_RATES = 'Unexpected Tax Rates Found';
export const foundRateMessage = (percent: number) => `Found ${percent}% BTW`;

export const percentOf = (fraction: number) => Math.round(fraction * 100);
const euros = (cents: number) => (cents / 100).toFixed(2);

/** The percentages of the sales that match no sales-invoice tax rate (sorted), empty when all match. */
export function unexpectedRates(sales: readonly InvoiceSale[], rates: readonly MoneybirdTaxRate[]): number[] {
  const known = new Set(rates.filter((rate) => rate.percentage !== null).map((rate) => Number(rate.percentage)));
  return [...new Set(sales.map((sale) => percentOf(sale.taxPercentage)))].filter((percent) => !known.has(percent)).sort((a, b) => a - b);
}

/** The Moneybird sales invoice for the sales; call unexpectedRates first (every rate must be known). */
export function buildInvoice(sales: readonly InvoiceSale[], rates: readonly MoneybirdTaxRate[], settings: InvoiceSettings): MoneybirdSalesInvoice {
  const rateId = new Map<number, string>();
  for (const rate of rates) if (rate.percentage !== null && !rateId.has(Number(rate.percentage))) rateId.set(Number(rate.percentage), String(rate.id));
  const line = (rowOrder: number, description: string, priceCents: number, amount: number, percent: number | null): MoneybirdInvoiceLine => ({
    description,
    price: euros(priceCents),
    amount: String(amount),
    ...(percent !== null && rateId.has(percent) && { tax_rate_id: rateId.get(percent) }),
    ledger_account_id: settings.ledgerAccountId,
    product_id: settings.productId,
    row_order: rowOrder,
  });

  // product rows: per product and charged price, online and received together
  const byProduct = new Map<string, InvoiceSale & { count: number }>();
  for (const sale of sales) {
    const key = `${sale.productId}\u0000${sale.priceCents}`;
    const known = byProduct.get(key);
    if (known) known.count += sale.count;
    else byProduct.set(key, { ...sale });
  }
  const products = [...byProduct.values()].sort((a, b) => a.name.localeCompare(b.name) || a.priceCents - b.priceCents);
  const details = products.map((sale, index) => line(PRODUCT_ROW_START + index, sale.name, sale.priceCents, sale.count, percentOf(sale.taxPercentage)));

  const received = sales.filter((sale) => !sale.online).reduce((sum, sale) => sum + sale.priceCents * sale.count, 0);
  if (received !== 0) details.push(line(RECEIVED_ROW, 'Already received payments', -received, 1, 0));

  const onlineByRate = new Map<number, number>();
  for (const sale of sales.filter((candidate) => candidate.online)) {
    const percent = percentOf(sale.taxPercentage);
    onlineByRate.set(percent, (onlineByRate.get(percent) ?? 0) + sale.priceCents * sale.count);
  }
  const online = [...onlineByRate.entries()].filter(([, cents]) => cents !== 0).sort(([a], [b]) => b - a);
  if (online.length > FEE_ROW_START - ONLINE_ROW_START) throw new Error(`At most ${FEE_ROW_START - ONLINE_ROW_START} VAT rates fit the online rows`);
  online.forEach(([percent, cents], index) => details.push(line(ONLINE_ROW_START + index, `Online payments ${percent}% BTW`, -cents, 1, percent)));
  online.forEach(([percent, cents], index) => {
    const fee = Math.round(cents * ONLINE_FEE);
    if (fee !== 0) details.push(line(FEE_ROW_START + index, `Online payment fee 1% (${percent}% BTW)`, -fee, 1, percent));
  });

  return {
    contact_id: settings.contactId,
    workflow_id: settings.workflowId,
    reference: settings.reference,
    invoice_date: settings.invoiceDate,
    currency: 'EUR',
    prices_are_incl_tax: true,
    details_attributes: details,
  };
}
