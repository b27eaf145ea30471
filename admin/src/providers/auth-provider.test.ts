import { describe, expect, it } from 'vitest';
import { returnPath, safeReturnPath, signInUrl } from './auth-provider';

describe('return after sign-in', () => {
  it('remembers the page the user was on', () => {
    expect(returnPath({ pathname: '/company/location', search: '?currentPage=2' })).toBe('/company/location?currentPage=2');
    expect(signInUrl('/company/location?currentPage=2')).toBe('/login?to=%2Fcompany%2Flocation%3FcurrentPage%3D2');
    expect(signInUrl('/company')).toBe('/login');
  });

  it('keeps the original target when already on the sign-in page', () => {
    expect(returnPath({ pathname: '/login', search: '?to=%2Fcompany%2Ftimeslot' })).toBe('/company/timeslot');
  });

  it('follows only paths of this site', () => {
    expect(safeReturnPath('/company/timeslot')).toBe('/company/timeslot');
    expect(safeReturnPath('https://evil.example')).toBe('/company');
    expect(safeReturnPath('//evil.example')).toBe('/company');
    expect(safeReturnPath('/login?to=/x')).toBe('/company');
    expect(safeReturnPath(null)).toBe('/company');
  });
});
