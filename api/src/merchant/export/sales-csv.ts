import type { LiveSales } from '@backoffice/resources';
import { toCsv } from './csv';

export const CSV_COLUMNS = ['Merchant', 'Name', 'VAT', 'Count', 'Price', 'Total'] as const;
export const TOKEN_TOTAL_COLUMN = 'Token Total';

export interface CurrencySettings {
  currencySymbol?: string;
  currencyExchangeRate?: number;
}

const euros = (cents: number) => (cents / 100).toFixed(2);
const isEuro = (symbol: string | undefined) => !symbol || ['€', 'EUR', 'eur', 'euro', 'Euro'].includes(symbol.trim());
const percent = (fraction: unknown) => (typeof fraction === 'number' ? `${Math.round(fraction * 100)}%` : '');

/**
 * The sales export: one row per product and charged price with Merchant, Name, VAT, Count, Price (euros) and
 * Total (euros), plus Token Total (total divided by the exchange rate) when the company's currency is not the euro.
 */
export function salesCsv(sales: LiveSales, currency: CurrencySettings, fallbackMerchant: string): string {
  const tokens = !isEuro(currency.currencySymbol);
  const rate = currency.currencyExchangeRate && currency.currencyExchangeRate > 0 ? currency.currencyExchangeRate : 1;
  const header: string[] = [...CSV_COLUMNS, ...(tokens ? [TOKEN_TOTAL_COLUMN] : [])];
  const rows: (string | number)[][] = [header];
  for (const row of sales.productRef) {
    const product = row.product as { nameLocalized?: { full?: { en?: string } }; taxPercentage?: number; merchantRef?: { merchant?: { name?: { full?: string } } } } | null;
    const merchant = product?.merchantRef?.merchant?.name?.full ?? fallbackMerchant;
    const name = product?.nameLocalized?.full?.en ?? `Deleted product ${row.productId}`;
    for (const price of row.prices) {
      const line: (string | number)[] = [merchant, name, percent(product?.taxPercentage), price.countNumber, euros(price.cents), euros(price.amountCents)];
      if (tokens) line.push((price.amountCents / 100 / rate).toFixed(2));
      rows.push(line);
    }
  }
  return toCsv(rows);
}

/** `Export_{merchant name}_{yyyy-MM-dd_HH-mm-ss}.csv` (UTC). */
export function csvFileName(merchant: string, at = new Date()): string {
  const stamp = at.toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-');
  const safe = merchant.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').trim() || 'Merchant';
  return `Export_${safe}_${stamp}.csv`;
}
