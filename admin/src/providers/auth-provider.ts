import type { AuthProvider } from '@refinedev/core';
import { selectCompany } from './company-store';
import { api } from './http';
import { forgetMe, loadMe } from './session';

export const SIGN_IN_PATH = '/login';
export const HOME_PATH = '/company';

/** The page to come back to after signing in again: where the user is now, unless that is the sign-in page. */
export function returnPath(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  if (location.pathname.startsWith(SIGN_IN_PATH)) return new URLSearchParams(location.search).get('to') ?? HOME_PATH;
  return location.pathname + location.search;
}

export function signInUrl(to = returnPath()): string {
  return to && to !== HOME_PATH && to !== '/' ? `${SIGN_IN_PATH}?to=${encodeURIComponent(to)}` : SIGN_IN_PATH;
}

/** Only same-site paths are followed after sign-in. */
export function safeReturnPath(to: string | null | undefined): string {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith(SIGN_IN_PATH) ? to : HOME_PATH;
}

export const authProvider: AuthProvider = {
  async login({ email, password, to }: { email: string; password: string; to?: string }) {
    try {
      selectCompany(null);
      await api('/api/auth/login', { method: 'POST', body: { email, password } });
      forgetMe();
      await loadMe(true);
      return { success: true, redirectTo: safeReturnPath(to) };
    } catch (error) {
      const { message, statusCode } = error as { message: string; statusCode: number };
      return { success: false, error: { name: statusCode === 429 ? 'Too many attempts' : 'Sign-in failed', message } };
    }
  },
  async logout() {
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } catch {
      // already signed out
    }
    forgetMe();
    selectCompany(null);
    return { success: true, redirectTo: SIGN_IN_PATH };
  },
  async check() {
    const me = await loadMe().catch(() => null);
    if (me) return { authenticated: true };
    return { authenticated: false, logout: true, redirectTo: signInUrl() };
  },
  async onError(error: { statusCode?: number }) {
    if (error?.statusCode === 401) {
      forgetMe();
      return { logout: true, redirectTo: signInUrl(), error: { name: 'Session expired', message: 'Please sign in again' } };
    }
    return {};
  },
  async getIdentity() {
    const me = await loadMe().catch(() => null);
    return me ? { ...me.user, company: me.company } : null;
  },
  async getPermissions() {
    const me = await loadMe().catch(() => null);
    return me?.rights ?? [];
  },
};
