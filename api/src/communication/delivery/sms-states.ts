/**
 * How far along its way a text message is. `created`, `sent` (the provider took it) and `failed` (the provider
 * refused it) are ours; the rest are the provider's delivery report statuses (MessageBird: scheduled, sent,
 * buffered, delivered, expired, delivery_failed), kept under their own names. A state only moves to a higher
 * rank; the three final reports share one, so the first of them stays.
 */
export const SMS_STATE_RANK: Record<string, number> = {
  created: 0,
  scheduled: 1,
  sent: 2,
  failed: 2,
  buffered: 3,
  delivered: 4,
  expired: 4,
  delivery_failed: 4,
};

/** The state a delivery report status moves an SMS to; null for a status we do not know. */
export function smsStateOfStatus(status: unknown): string | null {
  return typeof status === 'string' && status !== 'created' && status !== 'failed' && status in SMS_STATE_RANK ? status : null;
}
