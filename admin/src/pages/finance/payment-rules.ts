import { type BulkAction, IBAN_REFUND_TYPES, PROVIDER_REFUND_TYPES, REFUND_LOCK_MS, getPath } from '@backoffice/resources';

type Doc = Record<string, unknown>;

/** How long to wait before reading the user's figures again (spec part 2 section 9): the API settles first. */
export const REFRESH_DELAY_MS: Partial<Record<BulkAction, number>> = { sync: 150, relink: 2000 };

/**
 * How a payment's leftover credit can be refunded: through the provider when it knows the payment, else by bank
 * account; null when it cannot be refunded. Only decides which button to show: the API checks again.
 */
export function refundWayOf(payment: Doc): 'provider' | 'iban' | null {
  const left = getPath(payment, 'amountLeft.cents');
  if (getPath(payment, 'state.id') !== 'completed' || typeof left !== 'number' || left <= 0) return null;
  const type = String(payment.paymentType ?? '');
  if (PROVIDER_REFUND_TYPES.includes(type) && typeof getPath(payment, 'meta.paynl.transactionId') === 'string') return 'provider';
  return IBAN_REFUND_TYPES.includes(type) ? 'iban' : null;
}

/** Whether a transaction was paid longer ago than the refund lock (the API counts from its creation without a state time). */
export function isPastRefundLock(transaction: object, now = Date.now()): boolean {
  const paidAt = Number(getPath(transaction, 'state.put.at.unix') ?? getPath(transaction, 'meta.createdAt') ?? 0);
  return now - paidAt * 1000 > REFUND_LOCK_MS;
}

/** Euros typed for a credit as whole cents, or null unless above 0. */
export function centsFromEuros(euros: unknown): number | null {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) return null;
  const cents = Math.round(euros * 100);
  return cents > 0 ? cents : null;
}
