import { createHmac, timingSafeEqual } from 'node:crypto';

/** How old (or how far ahead) a signed webhook call may be. */
export const WEBHOOK_MAX_AGE_SECONDS = 15 * 60;

export interface MailgunSignature {
  timestamp: string;
  token: string;
  signature: string;
}

/**
 * Mailgun signs each webhook call: HMAC-SHA256 of timestamp + token (no separator) keyed with the webhook signing
 * key, hex. Answers why a signature is refused, or null when it holds. Reused tokens are refused by the caller.
 */
export function signatureProblem(signature: Partial<MailgunSignature> | undefined, signingKey: string, now = Date.now()): string | null {
  const { timestamp, token, signature: hex } = signature ?? {};
  if (typeof timestamp !== 'string' || typeof token !== 'string' || typeof hex !== 'string' || !/^\d+$/.test(timestamp) || !token) return 'signature.timestamp, signature.token and signature.signature are required';
  if (Math.abs(now / 1000 - Number(timestamp)) > WEBHOOK_MAX_AGE_SECONDS) return 'signature.timestamp is too old';
  const expected = createHmac('sha256', signingKey).update(`${timestamp}${token}`).digest();
  const given = Buffer.from(hex, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature.signature does not match';
  return null;
}
