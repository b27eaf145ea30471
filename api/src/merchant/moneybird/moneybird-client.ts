import { retryAfterSeconds } from '../../outside/retry-after';
import { type MoneybirdConfig, moneybirdConfig, outsideTimeoutMs } from '../merchant-config';

/** A tax rate as Moneybird answers it (API v2, GET /{administration_id}/tax_rates.json). */
export interface MoneybirdTaxRate {
  id: string;
  name: string;
  /** a number or a decimal string ("21.0"); null for rates without percentage */
  percentage: number | string | null;
  tax_rate_type: string;
  active: boolean;
}

export interface MoneybirdInvoiceLine {
  description: string;
  /** euros incl. tax (prices_are_incl_tax), as a decimal string "12.50" */
  price: string;
  /** quantity, as Moneybird's decimal string */
  amount: string;
  tax_rate_id?: string;
  ledger_account_id: string;
  product_id: string;
  row_order: number;
}

export interface MoneybirdSalesInvoice {
  contact_id: string;
  workflow_id: string;
  reference: string;
  invoice_date: string;
  currency: 'EUR';
  prices_are_incl_tax: true;
  details_attributes: MoneybirdInvoiceLine[];
}

export interface MoneybirdCreatedInvoice {
  id: string;
  invoice_id: string | null;
  state: string;
  url?: string;
  reference: string;
  total_price_incl_tax?: string;
}

export type MoneybirdProblem = 'not-configured' | 'unauthorized' | 'payment-required' | 'not-found' | 'unprocessable' | 'rate-limited' | 'unavailable';

/** A refusal or failure of Moneybird with a message an admin can act on. */
export class MoneybirdError extends Error {
  constructor(
    readonly problem: MoneybirdProblem,
    message: string,
    /** seconds to wait before trying again (429) */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** Moneybird's error bodies: `{error: "text", symbolic: {...}}` or, for 422, `{error: {field: ["problem"]}}`. */
function describeError(body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    return Object.entries(error as Record<string, unknown>)
      .map(([field, problems]) => `${field} ${Array.isArray(problems) ? problems.join(', ') : String(problems)}`)
      .join('; ');
  }
  return typeof body === 'string' && body ? body : 'no details given';
}

/** The real client for Moneybird's documented API v2: bearer token, JSON, `/{administration_id}/<resource>.json`. */
export class MoneybirdClient {
  constructor(private readonly config: () => MoneybirdConfig = () => moneybirdConfig()) {}

  /** The fixed ids every invoice line carries; refuses when the deployment has not configured them. */
  lineIds(): { productId: string; ledgerAccountId: string } {
    const { placeholderProductId, ledgerAccountId } = this.config();
    const missing = [!placeholderProductId && 'MONEYBIRD_PLACEHOLDER_PRODUCT_ID', !ledgerAccountId && 'MONEYBIRD_LEDGER_ACCOUNT_ID'].filter(Boolean);
    if (missing.length > 0) throw new MoneybirdError('not-configured', `Moneybird is not configured: set ${missing.join(' and ')}`);
    return { productId: placeholderProductId!, ledgerAccountId: ledgerAccountId! };
  }

  /** The active sales-invoice tax rates of the administration. */
  async salesTaxRates(): Promise<MoneybirdTaxRate[]> {
    const rates = await this.call<MoneybirdTaxRate[]>('GET', '/tax_rates.json?filter=tax_rate_type:sales_invoice,active:true');
    if (!Array.isArray(rates)) throw new MoneybirdError('unavailable', 'Moneybird answered the tax rates with something other than a list');
    return rates;
  }

  async createSalesInvoice(invoice: MoneybirdSalesInvoice): Promise<MoneybirdCreatedInvoice> {
    return this.call<MoneybirdCreatedInvoice>('POST', '/sales_invoices.json', { sales_invoice: invoice });
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const { url, token, administrationId } = this.config();
    const missing = [!token && 'MONEYBIRD_TOKEN', !administrationId && 'MONEYBIRD_ADMINISTRATION_ID'].filter(Boolean);
    if (missing.length > 0) throw new MoneybirdError('not-configured', `Moneybird is not configured: set ${missing.join(' and ')}`);
    let response: Response;
    try {
      response = await fetch(`${url}/${encodeURIComponent(administrationId!)}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body !== undefined && { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(outsideTimeoutMs()),
      });
    } catch (error) {
      throw new MoneybirdError('unavailable', `Could not reach Moneybird: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // plain-text answers such as 429's "Retry later" stay text
    }
    if (response.ok) return parsed as T;
    const details = describeError(parsed);
    switch (response.status) {
      case 401:
        throw new MoneybirdError('unauthorized', `Moneybird refused the API token (401): check MONEYBIRD_TOKEN. ${details}`);
      case 402:
        throw new MoneybirdError('payment-required', `Moneybird refused: the administration's plan limit is reached (402 Payment Required). ${details}`);
      case 404:
        throw new MoneybirdError('not-found', `Moneybird could not find the administration, contact or workflow (404): check MONEYBIRD_ADMINISTRATION_ID and the company's Moneybird settings. ${details}`);
      case 422:
        throw new MoneybirdError('unprocessable', `Moneybird did not accept the invoice (422): ${details}`);
      case 429: {
        const wait = retryAfterSeconds(response.headers.get('Retry-After'));
        throw new MoneybirdError('rate-limited', `Moneybird's rate limit is reached (429): try again ${wait === null ? 'later' : `in ${wait} seconds`}`, wait);
      }
      default:
        throw new MoneybirdError('unavailable', `Moneybird answered ${response.status}: ${details}`);
    }
  }
}
