import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header MessageBird signs its webhook calls (delivery reports among them) with. */
export const SMS_SIGNATURE_HEADER = 'messagebird-signature-jwt';
/** A signature may not live longer than this: its id is remembered as long as that, so no replay outlives it. */
export const SMS_SIGNATURE_MAX_LIFETIME_SECONDS = 15 * 60;
/** clock difference tolerated on `nbf` and `exp` (the provider's SDK allows 5 s) */
const CLOCK_TOLERANCE_SECONDS = 5;

const HMAC_OF_ALG: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

export interface SmsSignatureClaims {
  jti: string;
  exp: number;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function parsePart(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * MessageBird's webhook signature (`MessageBird-Signature-JWT`, as its SDKs verify it): a JWT signed with the
 * account's signing key (HS256, HS384 or HS512), issuer "MessageBird", with `nbf`/`exp`, a unique `jti`, `url_hash`
 * (SHA-256 hex of the full URL called, query string included) and `payload_hash` (SHA-256 hex of the body) when
 * there is a body. Answers the claims the caller needs for the replay check, or why the signature is refused.
 */
export function verifySmsSignature(jwt: unknown, url: string, body: Buffer, signingKey: string, now = Date.now()): { claims: SmsSignatureClaims } | { problem: string } {
  if (typeof jwt !== 'string' || jwt.split('.').length !== 3) return { problem: `the ${SMS_SIGNATURE_HEADER} header must hold a JWT` };
  const [headerPart, claimsPart, signaturePart] = jwt.split('.');
  const header = parsePart(headerPart);
  const claims = parsePart(claimsPart);
  const hash = HMAC_OF_ALG[String(header?.alg)];
  if (!header || !claims || !hash) return { problem: 'the signature is not an HS256, HS384 or HS512 JWT' };
  const expected = createHmac(hash, signingKey).update(`${headerPart}.${claimsPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: 'the signature does not match' };
  const seconds = now / 1000;
  if (claims.iss !== 'MessageBird') return { problem: 'the issuer is not MessageBird' };
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_TOLERANCE_SECONDS < seconds) return { problem: 'the signature has expired' };
  if (claims.exp - seconds > SMS_SIGNATURE_MAX_LIFETIME_SECONDS) return { problem: 'the signature lives too long' };
  if (typeof claims.nbf === 'number' && claims.nbf - CLOCK_TOLERANCE_SECONDS > seconds) return { problem: 'the signature is not valid yet' };
  if (typeof claims.jti !== 'string' || !claims.jti) return { problem: 'the signature has no jti' };
  if (claims.url_hash !== sha256Hex(url)) return { problem: 'the signature is for another URL' };
  if (claims.payload_hash === undefined ? body.length > 0 : claims.payload_hash !== sha256Hex(body)) return { problem: 'the signature is for another body' };
  return { claims: { jti: claims.jti, exp: claims.exp } };
}

/** Signs a call as MessageBird does (HS256): for the SMS fake and the tests. */
export function signSmsWebhook(url: string, signingKey: string, options: { now?: number; jti?: string; body?: Buffer } = {}): string {
  const seconds = Math.floor((options.now ?? Date.now()) / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: 'MessageBird',
    nbf: seconds,
    exp: seconds + 60,
    jti: options.jti ?? randomBytes(16).toString('hex'),
    url_hash: sha256Hex(url),
    ...(options.body?.length && { payload_hash: sha256Hex(options.body) }),
  };
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', signingKey).update(unsigned).digest('base64url')}`;
}
