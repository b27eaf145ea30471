import { describe, expect, it } from 'vitest';
import { retryAfterMs, retryAfterSeconds } from '../../src/outside/retry-after';

/** The one reading of Retry-After every provider client uses (api/src/outside/retry-after.ts). */
describe('Retry-After', () => {
  const now = Date.parse('2026-11-30T12:00:00Z');

  it('reads delay seconds, a fraction too', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('1.5', now)).toBe(1500);
    expect(retryAfterSeconds('1.5', now)).toBe(2);
  });

  it('reads the three HTTP date forms, and a date gone by as no wait', () => {
    expect(retryAfterMs('Mon, 30 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Monday, 30-Nov-26 12:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Mon Nov 30 12:00:05 2026', now)).toBe(5000);
    expect(retryAfterMs('Mon, 30 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('Mon, 30 Nov 2026 12:00:30 GMT', now)).toBe(30);
  });

  it('answers null for a missing or unreadable header, never a wait it made up', () => {
    for (const header of [null, undefined, '', '   ', '-5', '1.5x', 'soon', '12 seconds', 'Retry later']) {
      expect(retryAfterMs(header, now), String(header)).toBeNull();
    }
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});
