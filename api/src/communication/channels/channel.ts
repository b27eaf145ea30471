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
  /** the call that carried it failed as a whole: refused (its status), rate-limited (429) or unanswered (status null) */
  failure?: ChannelError;
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

/**
 * Expo's push message (part 2 section 3): to, title, body, sound, data, ttl, subtitle, badge, channelId (Android;
 * omitted, the app's default channel), categoryId (the spec's `_category`, Expo's current name for it).
 */
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
  categoryId?: string;
  badge?: number;
  channelId?: string;
  priority?: 'default' | 'normal' | 'high';
}

export interface MailChannel extends Channel<MailMessage> {
  /** The stored source of a sent mail by its storage URL; null when the provider no longer keeps it. */
  source(storageUrl: string): Promise<string | null>;
}
export interface SmsChannel extends Channel<SmsMessage> {
  /** The references (our keys) of the messages the provider took for a number since a moment: its list of messages. */
  referencesSentTo(to: string, since: Date): Promise<Set<string>>;
}
export interface PushChannel extends Channel<PushMessage> {
  /** Receipts of earlier tickets: per ticket id ok, or the error (DeviceNotRegistered: the token is dead). */
  receipts(ticketIds: readonly string[]): Promise<Map<string, { ok: boolean; error: string | null; errorCode: string | null }>>;
}

/**
 * A provider call that failed as a whole: every message of it failed. `status` is the provider's answer (4xx, 5xx),
 * null when none came. `maybeTaken`: no answer came although the call may have reached the provider (timed out,
 * connection broken), so it may have taken the messages; a call that never connected took nothing.
 */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** a 429's Retry-After, in ms */
    readonly retryAfterMs: number | null = null,
    readonly maybeTaken = status === null,
  ) {
    super(message);
  }
}

/** Errors of a connection that was never made: nothing of the call reached the provider. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The ChannelError of a call to `provider` that threw (fetch answers no status): taken or not, as far as can be told. */
export function unansweredCall(provider: string, error: unknown): ChannelError {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | null)?.cause;
  const codes = [cause?.code, ...(cause?.errors ?? []).map((inner) => inner.code)];
  const neverConnected = codes.some((code) => typeof code === 'string' && NEVER_CONNECTED.has(code));
  return new ChannelError(`${provider} could not be reached: ${(error as Error).message}${typeof cause?.code === 'string' ? ` (${cause.code})` : ''}`, null, null, !neverConnected);
}

export const failedAll = (messages: readonly { key: string }[], error: unknown): Delivery[] =>
  messages.map((message) => ({
    key: message.key,
    ok: false,
    providerId: null,
    error: error instanceof Error ? error.message : String(error),
    ...(error instanceof ChannelError && { failure: error }),
  }));
