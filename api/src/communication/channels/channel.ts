/**
 * One interface for every channel: a list of messages in, one delivery per message out, in the same order.
 * Each message carries `key`, our record's id: the idempotency key. It travels with the message to the
 * provider (Mailgun user variable, SMS reference) and comes back in the provider's webhooks, and a record is
 * handed to a channel only while it has no provider id, so a retried batch does not send twice.
 */
export interface Channel<M extends { key: string }> {
  readonly kind: 'mail' | 'sms' | 'notification';
  send(messages: readonly M[]): Promise<Delivery[]>;
}

export interface Delivery {
  key: string;
  ok: boolean;
  /** the provider's id of the message (Mailgun message id, SMS id, Expo ticket id) */
  providerId: string | null;
  error: string | null;
  /** the provider's error code, e.g. Expo's DeviceNotRegistered */
  errorCode?: string | null;
}

export interface MailMessage {
  key: string;
  to: { email: string; name?: string | null };
  subject: string;
  html: string;
  text: string;
}

export interface SmsMessage {
  key: string;
  /** phone number with country code, + first */
  to: string;
  body: string;
}

/** Expo's push message (part 2 section 3: to, title, body, sound, data, ttl, subtitle, _category, badge, channelId). */
export interface PushMessage {
  key: string;
  to: string;
  title?: string;
  body?: string;
  sound?: 'default' | null;
  data?: Record<string, unknown>;
  /** seconds */
  ttl?: number;
  subtitle?: string;
  _category?: string;
  badge?: number;
  channelId?: string;
  priority?: 'default' | 'normal' | 'high';
}

export interface MailChannel extends Channel<MailMessage> {
  /** The stored source of a sent mail by its storage URL; null when the provider no longer keeps it. */
  source(storageUrl: string): Promise<string | null>;
}
export type SmsChannel = Channel<SmsMessage>;
export interface PushChannel extends Channel<PushMessage> {
  /** Receipts of earlier tickets: per ticket id ok, or the error (DeviceNotRegistered: the token is dead). */
  receipts(ticketIds: readonly string[]): Promise<Map<string, { ok: boolean; error: string | null; errorCode: string | null }>>;
}

/** A provider call that failed as a whole (unreachable, refused, 5xx): every message of it failed. */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** a 429's Retry-After, in ms */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Retry-After in ms: delta seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export const failedAll = (messages: readonly { key: string }[], error: unknown): Delivery[] =>
  messages.map((message) => ({ key: message.key, ok: false, providerId: null, error: error instanceof Error ? error.message : String(error) }));
