import { retryAfterSeconds } from '../../outside/retry-after';
import type { FinanceConfig } from '../finance-config';
import { type PaymentProvider, type ProviderBankAccount, ProviderError, type ProviderRefund, type ProviderStatus } from './payment-provider';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const cents = (amount: unknown): number | null => (isObject(amount) && Number.isInteger(amount.value) ? (amount.value as number) : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The payer's bank account from a status answer: pay.nl puts the payer's details in `paymentData`
 * (status endpoint) or in the first of `payments` (order answers), with the account number as
 * `customerId` and the holder as `customerName`; iDEAL also reports the bank as `customerBic`.
 */
function bankAccountOf(body: Json): ProviderBankAccount | null {
  const candidates = [body.paymentData, Array.isArray(body.payments) ? body.payments[0] : undefined];
  for (const candidate of candidates) {
    if (!isObject(candidate)) continue;
    const iban = text(candidate.customerId) ?? text(candidate.iban);
    if (iban) return { iban, name: text(candidate.customerName), bic: text(candidate.customerBic) ?? text(candidate.bic) };
  }
  return null;
}

/**
 * pay.nl's REST API (https://rest.pay.nl/v1): HTTP Basic with the AT-code and API token, JSON bodies,
 * amounts as `{ value: cents, currency }`. Errors carry `violations[0].code`, `detail` and `title`.
 */
export class PaynlClient implements PaymentProvider {
  constructor(private readonly config: Pick<FinanceConfig, 'paynlUrl' | 'paynlAtCode' | 'paynlApiToken' | 'paynlTimeoutMs'>) {}

  async refund(transactionId: string, amountCents: number, description: string): Promise<ProviderRefund> {
    if (!Number.isInteger(amountCents) || amountCents <= 0) throw new ProviderError('The refund amount must be a positive number of cents', null, null, null);
    const body = await this.call('PATCH', `/v1/transactions/${encodeURIComponent(transactionId)}/refund`, {
      amount: { value: amountCents, currency: 'EUR' },
      description: description.slice(0, 32),
    });
    return { transactionId: text(body.transactionId) ?? transactionId, amountRefundedCents: cents(body.amountRefunded), raw: body };
  }

  async status(transactionId: string): Promise<ProviderStatus> {
    const body = await this.call('GET', `/v1/transactions/${encodeURIComponent(transactionId)}/status`);
    const status = isObject(body.status) ? body.status : {};
    const code = Number(status.code);
    if (!Number.isFinite(code)) throw new ProviderError('pay.nl sent a status without a code', null, null, null);
    return {
      transactionId: text(body.id) ?? transactionId,
      code,
      action: text(status.action) ?? '',
      amountCents: cents(body.amount),
      amountRefundedCents: cents(body.amountRefunded),
      bankAccount: bankAccountOf(body),
      raw: body,
    };
  }

  private async call(method: string, path: string, body?: Json): Promise<Json> {
    const auth = Buffer.from(`${this.config.paynlAtCode}:${this.config.paynlApiToken}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(`${this.config.paynlUrl}${path}`, {
        method,
        headers: { Authorization: `Basic ${auth}`, Accept: 'application/json', ...(body && { 'Content-Type': 'application/json' }) },
        body: body && JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.paynlTimeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`pay.nl could not be reached: ${(error as Error).message}`, null, null, null);
    }
    const raw = await response.text();
    let parsed: unknown = null;
    try {
      parsed = raw ? JSON.parse(raw) : {};
    } catch {
      parsed = null;
    }
    if (response.status === 429) {
      const wait = retryAfterSeconds(response.headers.get('Retry-After'));
      const detail = `pay.nl asks to slow down: try again ${wait === null ? 'later' : `in ${wait} seconds`}`;
      throw new ProviderError(`pay.nl refused the call (429): ${detail}`, 429, 'rate-limited', detail, wait);
    }
    if (!response.ok) {
      const error = isObject(parsed) ? parsed : {};
      const violation = Array.isArray(error.violations) && isObject(error.violations[0]) ? error.violations[0] : {};
      const detail = text(error.detail) ?? text(violation.message) ?? text(error.title);
      throw new ProviderError(`pay.nl refused the call (${response.status}): ${detail ?? raw.slice(0, 200)}`, response.status, text(violation.code), detail);
    }
    if (!isObject(parsed)) throw new ProviderError('pay.nl sent an answer that is not JSON', response.status, null, null);
    return parsed;
  }
}
