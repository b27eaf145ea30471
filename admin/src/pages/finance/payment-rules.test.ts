import { describe, expect, it } from 'vitest';
import { centsFromEuros, isPastRefundLock, refundWayOf } from './payment-rules';

const completed = (paymentType: string, left: number, extra: Record<string, unknown> = {}) => ({ paymentType, state: { id: 'completed' }, amountLeft: { cents: left }, ...extra });
const online = { meta: { paynl: { transactionId: 'EX-1234-0000-0001' } } };

describe('refund way of a payment', () => {
  it('refunds online payments the provider knows through the provider', () => {
    expect(refundWayOf(completed('paynl', 500, online))).toBe('provider');
  });

  it('refunds the other refundable types, and online payments without a provider id, by bank account', () => {
    for (const type of ['pin-softpos', 'cash', 'pin', 'pin-terminal-paynl', 'internal']) expect(refundWayOf(completed(type, 1))).toBe('iban');
    expect(refundWayOf(completed('paynl', 500))).toBe('iban');
  });

  it('refunds nothing without leftover credit, unless completed, or of a non-refundable type', () => {
    expect(refundWayOf(completed('paynl', 0, online))).toBeNull();
    expect(refundWayOf({ ...completed('cash', 500), state: { id: 'pending' } })).toBeNull();
    for (const type of ['cash-non-refundable', 'import', 'refund', 'collection']) expect(refundWayOf(completed(type, 500))).toBeNull();
  });
});

describe('refund lock of a transaction', () => {
  const now = Date.UTC(2025, 5, 1);
  const paid = (daysAgo: number) => ({ state: { id: 'paid', put: { at: { unix: now / 1000 - daysAgo * 86_400 } } } });

  it('locks after 30 days', () => {
    expect(isPastRefundLock(paid(29), now)).toBe(false);
    expect(isPastRefundLock(paid(30), now)).toBe(false);
    expect(isPastRefundLock(paid(31), now)).toBe(true);
  });

  it('counts from the creation without a state time, and locks without either', () => {
    expect(isPastRefundLock({ meta: { createdAt: now / 1000 - 86_400 } }, now)).toBe(false);
    expect(isPastRefundLock({}, now)).toBe(true);
  });
});

describe('credit amount', () => {
  it('sends euros as whole cents', () => {
    expect(centsFromEuros(12.5)).toBe(1250);
    expect(centsFromEuros(19.99)).toBe(1999);
    expect(centsFromEuros(0.01)).toBe(1);
  });

  it('refuses nothing, zero and negative amounts', () => {
    for (const value of [undefined, null, '5', 0, -1, 0.001, Number.NaN]) expect(centsFromEuros(value)).toBeNull();
  });
});
