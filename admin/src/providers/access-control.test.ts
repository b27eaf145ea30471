import { describe, expect, it } from 'vitest';
import { userMay } from './access-control';
import type { Me } from './session';

const me = (rights: Me['rights'], access: Me['access'] = []): Me => ({
  user: { _id: 'u', email: 'x@demo.test', name: {} },
  company: { _id: 'c', name: {} },
  rights,
  access,
});

describe('userMay (the access control provider)', () => {
  it('follows the definitions: merchant admins manage merchants, finance admins do not', () => {
    expect(userMay(me(['merchant']), 'merchant', 'list')).toBe(true);
    expect(userMay(me(['merchant']), 'merchant', 'create')).toBe(true);
    expect(userMay(me(['finance']), 'merchant', 'list')).toBe(false);
    expect(userMay(me(['company']), 'merchant', 'edit')).toBe(true);
  });

  it('keeps patch for super admins', () => {
    expect(userMay(me(['company']), 'timeslot', 'patch')).toBe(false);
    expect(userMay(me(['super']), 'timeslot', 'patch')).toBe(true);
  });

  it('grants third-party access entries', () => {
    const viewer = me([], [{ accessModel: 'merchant', accessScope: 'view', accessId: null }]);
    expect(userMay(viewer, 'merchant', 'list')).toBe(true);
    expect(userMay(viewer, 'merchant', 'edit')).toBe(false);
  });

  it('shows a menu group only when one of its entries is allowed', () => {
    expect(userMay(me(['merchant']), 'group:Merchants', 'list')).toBe(true);
    expect(userMay(me(['merchant']), 'group:Finance', 'list')).toBe(false);
  });

  it('opens the admin screen (a page with rights) to company and super admins only', () => {
    expect(userMay(me(['company']), 'adminRights', 'list')).toBe(true);
    expect(userMay(me(['super']), 'adminRights', 'list')).toBe(true);
    for (const right of ['user', 'finance', 'application'] as const) expect(userMay(me([right]), 'adminRights', 'list')).toBe(false);
    expect(userMay(me(['user']), 'batch', 'list')).toBe(true);
  });

  it('refuses everything when nobody is signed in', () => {
    expect(userMay(null, 'merchant', 'list')).toBe(false);
  });
});
