import { settingValue } from '../../settings/read-settings';

/**
 * How long after a hand-off a provider's log of what it accepted is complete: only then does "not in the log" mean
 * "not taken" (MAILGUN_SETTLE_WINDOW_MS, SMS_SETTLE_WINDOW_MS).
 */
export const mailgunSettleWindowMs = (env: NodeJS.ProcessEnv = process.env) => settingValue<number>('MAILGUN_SETTLE_WINDOW_MS', env)!;

export const smsSettleWindowMs = (env: NodeJS.ProcessEnv = process.env) => settingValue<number>('SMS_SETTLE_WINDOW_MS', env)!;
