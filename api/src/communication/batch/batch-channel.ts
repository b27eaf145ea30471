import type { Queryable } from '../../database/database';

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
}

export interface BatchSendOutcome {
  key: string;
  state: 'done' | 'declined' | 'error';
  reason?: string;
  providerId?: string;
}

/** The provider answered 429: nothing of the call was sent; try again after `retryAfterMs`. */
export class ProviderRateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited, retry after ${retryAfterMs} ms`);
  }
}

/**
 * The call failed as a whole (outage, 5xx, network): the chunk goes back to the queue and the run pauses.
 * `answered`: the provider answered with an error status, so it accepted nothing; otherwise (timeout, broken
 * connection) it may have, and it is asked before anything is sent again.
 */
export class ProviderUnavailable extends Error {
  constructor(message: string, readonly answered: boolean) {
    super(message);
  }
}

export interface BatchChannel {
  /**
   * Sends one chunk in as few calls as the provider allows, each message carrying its key. Answers an outcome
   * per message; throws ProviderRateLimited or ProviderUnavailable when the call as a whole failed.
   */
  send(companyId: string, claimId: string, messages: readonly BatchMessage[]): Promise<BatchSendOutcome[]>;
  /**
   * After a crash between the call and the marking: which keys of this claim the provider accepted. Null when
   * the provider cannot tell; those items are then marked error ('unknown-after-interruption'), never sent twice.
   */
  accepted(companyId: string, claimId: string, keys: readonly string[]): Promise<Set<string> | null>;
  /**
   * Records what was sent in the message history (communicationMail, communicationSms) the overviews show, in
   * the transaction that marks the items done, so a message is recorded exactly when its item is done.
   */
  record(tx: Queryable, batch: BatchOrigin, messages: readonly BatchMessage[], outcomes: readonly BatchSendOutcome[]): Promise<void>;
}
