/**
 * How long after a hand-off a provider's log of what it accepted is complete: only then does "not in the log" mean
 * "not taken". Read when used; an unreadable value keeps the default (a shorter wait would be unsafe).
 */
const HALF_AN_HOUR = 30 * 60_000;

function millisecondsSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  const value = Number(raw);
  return raw && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** Mailgun's events API: its newest events are not complete for up to about half an hour (its event polling guide). */
export const mailgunSettleWindowMs = (env: NodeJS.ProcessEnv = process.env) => millisecondsSetting(env, 'MAILGUN_SETTLE_WINDOW_MS', HALF_AN_HOUR);

/** MessageBird's list of messages: no delay is documented, so the same half hour. */
export const smsSettleWindowMs = (env: NodeJS.ProcessEnv = process.env) => millisecondsSetting(env, 'SMS_SETTLE_WINDOW_MS', HALF_AN_HOUR);
