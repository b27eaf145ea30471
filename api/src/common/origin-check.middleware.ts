import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * Refuses cross-site writes: a request that changes something and carries the session cookie must come
 * from our own origin (Origin, or Referer when a browser leaves Origin out). Bearer-token calls are not
 * sent by browsers on their own, so they pass.
 */
export function originCheck(request: Request, response: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(request.method) || request.headers.authorization?.startsWith('Bearer ')) return next();
  const origin = hostOf(request.headers.origin) ?? hostOf(request.headers.referer);
  const usesCookie = Boolean((request.cookies as Record<string, string> | undefined)?.session);
  const sameOrigin = origin !== null && origin === request.headers.host;
  if ((usesCookie && !sameOrigin) || (origin !== null && !sameOrigin)) {
    response.status(403).json({ message: 'Cross-site request refused', statusCode: 403 });
    return;
  }
  next();
}
