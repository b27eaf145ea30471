import { describe, expect, it } from 'vitest';
import { isStaleReplace } from './router-provider';

describe('isStaleReplace', () => {
  it('drops a query-only replace from a page the user has left', () => {
    expect(isStaleReplace({ type: 'replace' }, '/company/merchant', '/company/model/merchant/import')).toBe(true);
  });

  it('keeps it on the page itself, and keeps every navigation with a target', () => {
    expect(isStaleReplace({ type: 'replace' }, '/company/merchant', '/company/merchant')).toBe(false);
    expect(isStaleReplace({ to: '/company/merchant', type: 'replace' }, '/company/location', '/company/user')).toBe(false);
    expect(isStaleReplace({ type: 'push' }, '/company/merchant', '/company/user')).toBe(false);
  });
});
