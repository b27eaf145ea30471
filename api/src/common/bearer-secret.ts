import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request's `Authorization: Bearer` token is this secret, compared in constant time. */
export function bearerIs(request: Request, secret: string): boolean {
  const given = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(secret));
}
