import { describe, expect, it } from 'vitest';
import { ageOf, normalizedAdminRights, passwordProblem, splitIds, toggleAdminRight, userTypeOf } from '../src';

describe('admin hierarchy', () => {
  it('ticking Company admin ticks the five sub-rights; unticking one unticks Company admin; Non refundable stays', () => {
    const all = toggleAdminRight(['financeNonRefundable'], 'company', true);
    expect(all).toEqual(['company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable']);
    expect(toggleAdminRight(all, 'user', false)).toEqual(['application', 'merchant', 'finance', 'event', 'financeNonRefundable']);
    expect(toggleAdminRight(all, 'financeNonRefundable', false)).toEqual(['company', 'application', 'merchant', 'finance', 'user', 'event']);
    expect(toggleAdminRight(all, 'company', false)).toEqual(['financeNonRefundable']);
  });

  it('a saved Company admin holds its sub-rights', () => {
    expect(normalizedAdminRights(['company'])).toEqual(['company', 'application', 'merchant', 'finance', 'user', 'event']);
    expect(normalizedAdminRights(['event', 'merchant'])).toEqual(['merchant', 'event']);
  });
});

describe('user helpers', () => {
  it("age is whole years, '-' without a birthday or at unix 0", () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(ageOf(Date.UTC(2000, 5, 15) / 1000, now)).toBe('26');
    expect(ageOf(Date.UTC(2000, 5, 16) / 1000, now)).toBe('25');
    expect(ageOf(0, now)).toBe('-');
    expect(ageOf(undefined, now)).toBe('-');
  });

  it('user type from the email domain, case-insensitive', () => {
    expect(userTypeOf('x@ANONYMOUS.cashless.test')).toBe('card');
    expect(userTypeOf('x@anonymous-account.cashless.test')).toBe('anonymous');
    expect(userTypeOf('x@example.com')).toBe('normal');
  });

  it('password length rules and id splitting', () => {
    expect(passwordProblem('short', 8)).toBe('Password is too short, enter at least 8 characters');
    expect(passwordProblem('x'.repeat(101), 8)).toBe('Password is too long, you can enter up to 100 characters');
    expect(passwordProblem('just right', 8)).toBeNull();
    expect(splitIds(' a, b\n\ta c,,')).toEqual(['a', 'b', 'c']);
  });
});
