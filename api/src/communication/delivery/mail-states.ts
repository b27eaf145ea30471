/**
 * How far along its way a mail is (part 1 section 4). A state only ever moves to a higher rank, so duplicate
 * and late webhook events never move a mail back: 'delivered' arriving after 'opened' joins the history, the
 * state stays Opened. Complaints and unsubscribes come after opening; a permanent failure ends the way.
 */
export const MAIL_STATE_RANK: Record<string, number> = {
  created: 0,
  'mg-accepted': 1,
  'mg-rejected': 2,
  'mg-failed': 2,
  'mg-delivered': 3,
  'mg-opened': 4,
  'mg-clicked': 5,
  'mg-complained': 6,
  'mg-unsubscribed': 6,
};

/** Mailgun webhook events and the state each moves a mail to; a temporary failure moves nothing (Mailgun retries). */
export function mailStateOfEvent(event: string, severity: unknown): string | null {
  if (event === 'failed') return severity === 'temporary' ? null : 'mg-failed';
  const state = `mg-${event}`;
  return state in MAIL_STATE_RANK ? state : null;
}
