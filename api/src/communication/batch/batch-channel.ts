import type { Queryable } from '../../database/database';
import type { ChannelError, Delivery } from '../channels/channel';

/** What the batch sender needs from a channel (mail, SMS, push). */

/** The batch a message belongs to: its company, template and the admin who made it (the audit's actor). */
export interface BatchOrigin {
  company_id: string;
  template_id: string;
  created_by: string;
}

/** One rendered message for one recipient, with the key the provider sees on every attempt. */
export interface BatchMessage {
  key: string;
  seq: number;
  userId: string | null;
  to: { name: string | null; email: string | null; mobile: string | null; language: string };
  subject: string;
  html: string;
  text: string;
  /** notifications: what tapping it does (the template's data) */
  data?: Record<string, unknown>;
  /** notifications: the template's Android channel, when it names one */
  androidChannelId?: string;
}

export interface BatchSendOutcome {
  key: string;
  /**
   * done, declined, error: final. uncertain: handed over without an answer, so the provider may have it (the item
   * waits for the provider's record, or a person). retry: refused for now (429), nothing taken: back to the queue.
   */
  state: 'done' | 'declined' | 'error' | 'uncertain' | 'retry';
  reason?: string;
  providerId?: string;
  /** retry: the provider's Retry-After */
  retryAfterMs?: number | null;
}

/**
 * The outcome of a message whose call failed: a call that may have reached the provider without an answer is
 * uncertain; one refused for now (429) or that never reached it is a retry; any other refusal is an error.
 */
export function outcomeOfFailure(key: string, failure: ChannelError | undefined, error: string | null): BatchSendOutcome {
  if (failure?.maybeTaken) return { key, state: 'uncertain' };
  if (failure && (failure.status === 429 || failure.status === null)) return { key, state: 'retry', retryAfterMs: failure.retryAfterMs };
  return { key, state: 'error', reason: error ?? 'provider-refused' };
}

/** Refusals that are the provider's (or its configuration's), not a message's: unreachable, credentials, rate limit, 5xx. */
const providerRefusal = (failure: ChannelError) => !failure.maybeTaken && (failure.status === null || [401, 403, 429].includes(failure.status) || failure.status >= 500);

/**
 * For channels with a call per message or per chunk of 100 (SMS, push): when every message of a batch chunk failed
 * by such a refusal, nothing was taken and the chunk fails as a whole, as a mail call does: a 429 waits
 * (ProviderRateLimited), anything else pauses the run with the chunk back in the queue (ProviderUnavailable).
 */
export function throwWhenRefusedWhole(deliveries: readonly Delivery[]): void {
  if (deliveries.length === 0 || !deliveries.every((delivery) => delivery.failure && providerRefusal(delivery.failure))) return;
  const limited = deliveries.find((delivery) => delivery.failure!.status === 429);
  if (limited) throw new ProviderRateLimited(limited.failure!.retryAfterMs ?? 1000);
  throw new ProviderUnavailable(deliveries[0].failure!.message, true);
}

/** The provider answered 429: nothing of the call was sent; try again after `retryAfterMs`. */
export class ProviderRateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited, retry after ${retryAfterMs} ms`);
  }
}

/**
 * The call failed as a whole (outage, 5xx, network): the run pauses. `answered`: the provider answered with an error
 * status, or was never reached, so it took nothing and the chunk goes back to the queue; otherwise (timeout, broken
 * connection) it may have, and nothing of the chunk is sent again before the provider's log says so (or a person does).
 */
export class ProviderUnavailable extends Error {
  constructor(message: string, readonly answered: boolean) {
    super(message);
  }
}

/** What a provider's log says of the messages of a claim: keys it took, keys it did not; any other key stays uncertain. */
export interface AcceptedLogAnswer {
  accepted: Set<string>;
  notAccepted: Set<string>;
}

/**
 * The provider's own log of the messages it took, read by a field we set ourselves. It is complete only some time
 * after a hand-off (`settleWindowMs`), so it is read only then: before that, "not in the log" proves nothing.
 */
export interface AcceptedLog {
  settleWindowMs(): number;
  /** What the log says of these messages of the claim (rendered again, as sent); throws when it cannot be read. */
  read(companyId: string, claimId: string, messages: readonly BatchMessage[]): Promise<AcceptedLogAnswer>;
}

export interface BatchChannel {
  /**
   * Sends one chunk in as few calls as the provider allows, each message carrying its key. Answers an outcome
   * per message; throws ProviderRateLimited or ProviderUnavailable when the call as a whole failed.
   */
  send(companyId: string, claimId: string, messages: readonly BatchMessage[]): Promise<BatchSendOutcome[]>;
  /**
   * The log to ask about a hand-off that got no answer (or a crash between the call and the marking); null when the
   * provider keeps none we can ask: such items go to a person at once, never sent twice by themselves.
   */
  readonly acceptedLog: AcceptedLog | null;
  /**
   * Records what was sent in the message history (communicationMail, communicationSms) the overviews show, in
   * the transaction that marks the items done, so a message is recorded exactly when its item is done.
   */
  record(tx: Queryable, batch: BatchOrigin, messages: readonly BatchMessage[], outcomes: readonly BatchSendOutcome[]): Promise<void>;
}
