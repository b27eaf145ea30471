import { describe, expect, it } from 'vitest';
import { isDefaultsWrite, isStaleReplace, withoutSplat } from './router-provider';

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

describe('isDefaultsWrite', () => {
  it("is a list's query-only replace while the browser's URL has no query", () => {
    expect(isDefaultsWrite({ type: 'replace' }, '')).toBe(true);
  });

  it('is no longer once the URL has a query, the defaults or the list\'s own', () => {
    expect(isDefaultsWrite({ type: 'replace' }, '?pageSize=25')).toBe(false);
  });

  it('is never a navigation with a target, nor a push', () => {
    expect(isDefaultsWrite({ to: '/company/user', type: 'replace' }, '')).toBe(false);
    expect(isDefaultsWrite({ type: 'push' }, '')).toBe(false);
  });
});

describe('withoutSplat', () => {
  it("drops react-router's splat and keeps the route's own params", () => {
    expect(withoutSplat({ '*': 'company/location', id: 'abc' })).toEqual({ id: 'abc' });
    expect(withoutSplat({})).toEqual({});
  });
});
