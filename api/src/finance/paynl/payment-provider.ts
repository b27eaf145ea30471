/** The payment provider as the finance rules need it; PaynlClient speaks pay.nl's REST API behind it. */
export interface PaymentProvider {
  /** Pays `amountCents` of a provider transaction back to the payer. Throws ProviderError and changes nothing when refused. */
  refund(transactionId: string, amountCents: number, description: string): Promise<ProviderRefund>;
  /** The transaction's current status and, when the provider knows it, the payer's bank account. */
  status(transactionId: string): Promise<ProviderStatus>;
}

export interface ProviderRefund {
  transactionId: string;
  amountRefundedCents: number | null;
  /** the provider's answer as it came, kept on the refund payment */
  raw: Record<string, unknown>;
}

export interface ProviderBankAccount {
  iban: string;
  name: string | null;
  bic: string | null;
}

export interface ProviderStatus {
  transactionId: string;
  code: number;
  action: string;
  amountCents: number | null;
  amountRefundedCents: number | null;
  bankAccount: ProviderBankAccount | null;
  raw: Record<string, unknown>;
}

/**
 * A refused or failed provider call; `code` and `detail` come from the provider's violations when it sent them.
 * A 429 carries the provider's Retry-After in `retryAfterSeconds`.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
    readonly detail: string | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/**
 * Our payment state for a pay.nl status code (outside-services.md): 100 paid; 20, 25, 50, 90, 98 pending;
 * 95 authorised and 80 partial payment still wait; -72 and -81 refunded; -82 partial refund keeps the
 * payment completed; -80 expired; other negatives (void, denied, chargeback, cancel) cancel it.
 */
export function paymentStateOf(code: number): 'completed' | 'pending' | 'cancelled' | 'refunded' | 'expired' {
  if (code === 100 || code === -82) return 'completed';
  if (code === -72 || code === -81) return 'refunded';
  if (code === -80) return 'expired';
  if (code < 0) return 'cancelled';
  return 'pending';
}
