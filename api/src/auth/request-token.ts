import type { Request } from 'express';

export const SESSION_COOKIE = 'session';

/** The session token of a request and where it came from: a bearer header wins over the cookie. */
export function requestToken(request: Request): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = (request.cookies as Record<string, string> | undefined)?.[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}
