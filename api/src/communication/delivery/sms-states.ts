import type { SmsState } from '@backoffice/resources';

/**
 * How far along its way a text message is (the states of `SMS_STATE_LABELS`). A state only moves to a higher
 * rank; the three final reports share one, so the first of them stays.
 */
export const SMS_STATE_RANK: Record<SmsState, number> = {
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
