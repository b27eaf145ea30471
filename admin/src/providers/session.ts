import type { AccessEntry, Right, ServiceOff } from '@backoffice/resources';
import { selectedCompanyId } from './company-store';
import { api } from './http';

export interface Me {
  user: { _id: string; email: string; name: { first?: string; last?: string; full?: string } };
  company: { _id: string; name: { full?: string; id?: string } };
  rights: Right[];
  access: AccessEntry[];
  companies?: { _id: string; name: string | { full?: string } }[];
  /** outside services the installation switched off, with the reason their features show */
  servicesOff?: ServiceOff[];
  /** the installation's map tiles where the company sets none (MAP_TILE_URL); null: maps without tiles */
  mapTiles?: string | null;
}

let current: Me | null = null;
/** whether `current` is the API's answer (a user, or nobody signed in) rather than not asked yet */
let known = false;
let pending: Promise<Me | null> | null = null;

/** The signed-in user from /api/auth/me, cached; null when nobody is signed in. */
export function loadMe(force = false): Promise<Me | null> {
  if (known && !force) return Promise.resolve(current);
  if (pending && !force) return pending;
  // index.html preloads this answer without the chosen company's header: the browser would hand that preload to a
  // request with the header, so a super admin's chosen company is asked apart
  pending = api<Me>('/api/auth/me', selectedCompanyId() ? { credentials: 'include' } : {})
    .then(({ data }) => {
      known = true;
      return (current = data);
    })
    .catch((error: { statusCode?: number }) => {
      current = null;
      if (error?.statusCode !== 401 && error?.statusCode !== 403) throw error;
      known = true;
      return null;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export function currentMe(): Me | null {
  return current;
}

/** The API's answer when it is in: the signed-in user or null; undefined while it was not asked or not answered. */
export function knownMe(): Me | null | undefined {
  return known ? current : undefined;
}

export function forgetMe(): void {
  current = null;
  known = false;
}

export function isSuper(me: Me | null = current): boolean {
  return !!me?.rights.includes('super');
}

export function companyName(company: { name?: unknown } | null | undefined): string {
  const name = company?.name;
  if (typeof name === 'string') return name;
  if (name && typeof name === 'object') return (name as { full?: string; id?: string }).full ?? (name as { id?: string }).id ?? '';
  return '';
}
