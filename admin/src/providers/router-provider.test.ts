import { describe, expect, it } from 'vitest';
import { isDefaultsWrite, isStaleReplace, matchRoute, queryParams, withoutSplat } from './router-provider';

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

describe('queryParams', () => {
  it("reads a list's state as Refine's parser does, and every plain parameter", () => {
    const search = '?pageSize=25&currentPage=2&sorters[0][field]=meta.createdAt&sorters[0][order]=desc&filters[0][field]=meta.archived&filters[0][operator]=eq&filters[0][value]=false&to=%2Fcompany';
    expect(queryParams(search)).toEqual({
      pageSize: '25',
      currentPage: '2',
      to: '/company',
      sorters: [{ field: 'meta.createdAt', order: 'desc' }],
      filters: [{ field: 'meta.archived', operator: 'eq', value: 'false' }],
    });
  });

  it('has no sorters or filters when the query names none, so a list starts from its own', () => {
    expect(queryParams('')).toEqual({});
    expect(queryParams('?q=jan')).toEqual({ q: 'jan' });
  });
});

describe('matchRoute', () => {
  const resources = [
    { name: 'user', list: '/company/user', edit: '/company/user/:id/edit' },
    { name: 'product', list: '/company/merchant/product', edit: '/company/merchant/product/:id/edit' },
  ];

  it('finds the resource and action of a path, once per path', () => {
    const match = matchRoute('/company/user/abc/edit', resources);
    expect(match).toMatchObject({ found: true, resource: { name: 'user' }, action: 'edit', matchedRoute: '/company/user/:id/edit' });
    expect(matchRoute('/company/user/abc/edit', resources)).toBe(match);
    expect(matchRoute('/company/merchant/product', resources)).toMatchObject({ resource: { name: 'product' }, action: 'list' });
  });
});
