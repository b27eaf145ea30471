/**
 * How long an outside service asks us to wait, from its `Retry-After` header (RFC 9110 section 10.2.3): delta
 * seconds or an HTTP date. Milliseconds from `now`, never negative; null when the header is absent or unreadable.
 * Every provider client reads the header through this one function.
 */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  // delay-seconds are whole by the RFC; a fraction some services send is read too
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // an HTTP date names its month (Date.parse alone would take '-5' or '1.5x' for dates)
  if (!/[a-z]{3}/i.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The same wait in whole seconds (rounded up), for messages to people and for answering Retry-After ourselves. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | null {
  const ms = retryAfterMs(header, now);
  return ms === null ? null : Math.ceil(ms / 1000);
}
