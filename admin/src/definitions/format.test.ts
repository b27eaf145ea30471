import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatEuro, formatNumber, formatUnix } from './format';

describe('money (issue 11 item 9)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const inLocale = (locale: string) => vi.stubGlobal('localStorage', { getItem: () => locale, setItem: () => undefined });

  it('has thousands separators and two decimals in the language of the admin', () => {
    inLocale('en');
    expect(formatEuro(30019710)).toBe('€ 300,197.10');
    expect(formatEuro(250)).toBe('€ 2.50');
    expect(formatEuro(-123456)).toBe('-€ 1,234.56');
    expect(formatEuro(0)).toBe('€ 0.00');
    inLocale('nl');
    expect(formatEuro(30019710)).toBe('€ 300.197,10');
  });

  it('formats another currency symbol the same way', () => {
    inLocale('en');
    expect(formatEuro(123456789, 'T')).toBe('T 1,234,567.89');
    expect(formatEuro(1234.5)).toBe('€ 12.35');
    expect(formatEuro(5)).toBe('€ 0.05');
    expect(formatEuro(undefined)).toBe('');
  });
});

describe('numbers', () => {
  afterEach(() => vi.unstubAllGlobals());
  const inLocale = (locale: string) => vi.stubGlobal('localStorage', { getItem: () => locale, setItem: () => undefined });

  it('write what the browser would, without loading its locale data', () => {
    for (const locale of ['en', 'nl'] as const) {
      inLocale(locale);
      for (const value of [0, 7, -7, 999, 1000, 10395, -1234567.891, 0.5, 0.1 + 0.2, 12.005, 2 ** 40 + 0.25, 1e15]) {
        expect(formatNumber(value), String(value)).toBe(value.toLocaleString(locale === 'en' ? 'en-GB' : 'nl-NL', { maximumFractionDigits: 2 }));
      }
    }
    // a negative that rounds to nothing is no negative
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber('12')).toBe('');
  });
});

describe('moments', () => {
  it('holds the time to the date', () => {
    expect(formatUnix(1_764_000_000)).toMatch(/^\d{4}-\d{2}-\d{2}\u00a0\d{2}:\d{2}$/);
    expect(formatUnix(1_764_000_000, false)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(formatUnix(undefined)).toBe('');
  });
});
