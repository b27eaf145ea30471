import { BadGatewayException, ConflictException } from '@nestjs/common';
import { missingRight } from '../common/errors';
import { IBAN_REFUND_TYPES, PROVIDER_REFUND_TYPES, type Right, getPath } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import type { Doc } from '../records/record-repository';
import { ProviderError } from './paynl/payment-provider';

/** The spec's finance messages, verbatim (part 1 section 8, part 2 section 8). */
export const FINANCE_MESSAGES = {
  refunded: 'We have refunded payment!',
  couldNotRefund: 'Could not refund!',
  couldNotRefundPayments: 'Could not refund payments',
  couldNotGetDetails: 'Could not get details!',
  tooOld: 'Transaction is too old to refund, contact support if you want to continue',
  oldWarning: 'Refunding transaction older than 30 days',
  indexRequired: 'index-required',
  validAmount: 'Please enter a valid amount',
  noPayments: 'No payments in this period',
} as const;

/** Payments that pay credit back; they are written by the refund actions only. */
export const REFUND_PAYMENT_TYPES: readonly string[] = ['refund', 'refund-cash'];
/** Transactions in these states use credit (part 1 section 4). */
export const SPENDING_STATES: readonly string[] = ['accepted', 'paid', 'completed'];

/** Finance screens and actions are for finance admins and above; some batch actions for company admins. */
export function requireRight(actor: Actor, right: Right): void {
  if (!actor.rights.has('super') && !actor.rights.has(right)) throw missingRight([right], 'You do not have the right to do this');
}

export const isSuper = (actor: Actor) => actor.rights.has('super');

/** A refused finance action: 409 with the spec's message and a machine-readable reason. */
export function refused(message: string, reason: string, extra: Record<string, unknown> = {}): ConflictException {
  return new ConflictException({ message, reason, ...extra });
}

/** A provider error as the spec's message (502); the caller's transaction rolls back, so nothing changes. */
export function providerFailure(message: string, error: unknown): BadGatewayException | unknown {
  if (!(error instanceof ProviderError)) return error;
  return new BadGatewayException({ message, reason: 'provider-error', provider: { status: error.status, code: error.code, detail: error.detail } });
}

export const centsAt = (doc: Doc, path: string): number => {
  const value = getPath(doc, path);
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/** Why a payment cannot be refunded this way, or null when it can. */
export function refundProblem(payment: Doc, way: 'provider' | 'iban'): string | null {
  if (getPath(payment, 'state.id') !== 'completed') return 'not-completed';
  if (centsAt(payment, 'amountLeft.cents') <= 0) return 'nothing-left';
  const type = String(payment.paymentType ?? '');
  if (!(way === 'provider' ? PROVIDER_REFUND_TYPES : IBAN_REFUND_TYPES).includes(type)) return 'type-not-refundable';
  if (way === 'provider' && typeof getPath(payment, 'meta.paynl.transactionId') !== 'string') return 'no-provider-transaction';
  return null;
}

export const isBlockedEmail = (email: unknown) => typeof email === 'string' && email.includes('_blocked_');

/** `{ unix, date }` of now, in seconds. */
export function momentNow(now = Date.now()): { unix: number; date: string } {
  return { unix: Math.floor(now / 1000), date: new Date(now).toISOString() };
}

/** The document with a new state and the state appended to its history. */
export function withState(doc: Doc, state: string, actor: Pick<Actor, 'userId'>, now = Date.now()): Doc {
  const put = { at: momentNow(now), by: actor.userId };
  const history = Array.isArray(doc.stateHistory) ? doc.stateHistory : [];
  return { ...doc, state: { id: state, put }, stateHistory: [...history, { id: state, put }] };
}

/** The document with meta.updatedAt set to now. */
export function touched(doc: Doc, now = Date.now()): Doc {
  const meta = (doc.meta && typeof doc.meta === 'object' ? doc.meta : {}) as Doc;
  return { ...doc, meta: { ...meta, updatedAt: Math.floor(now / 1000) } };
}

export const euros = (cents: number) => `€ ${(cents / 100).toFixed(2)}`;
