import { settingValue } from '../../settings/read-settings';

/** The channels' settings (api/src/settings/settings.ts), read when used so the demo and the tests can point them at fakes. */

export interface MailgunConfig {
  url: string;
  domain: string;
  apiKey: string;
  from: string;
  signingKey: string | null;
}

export const mailgunConfig = (env: NodeJS.ProcessEnv = process.env): MailgunConfig => {
  const domain = settingValue<string>('MAILGUN_DOMAIN', env) ?? '';
  return {
    url: settingValue<string>('MAILGUN_URL', env)!,
    domain,
    apiKey: settingValue<string>('MAILGUN_API_KEY', env) ?? '',
    from: settingValue<string>('MAILGUN_FROM', env) ?? `noreply@${domain || 'localhost'}`,
    signingKey: settingValue<string>('MAILGUN_WEBHOOK_SIGNING_KEY', env) ?? null,
  };
};

export const smsConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  url: settingValue<string>('SMS_URL', env)!,
  accessKey: settingValue<string>('SMS_ACCESS_KEY', env) ?? '',
  originator: settingValue<string>('SMS_ORIGINATOR', env) ?? '',
  signingKey: settingValue<string>('SMS_WEBHOOK_SIGNING_KEY', env) ?? null,
  webhookUrl: settingValue<string>('SMS_WEBHOOK_URL', env) ?? null,
});

export const expoConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  url: settingValue<string>('EXPO_PUSH_URL', env)!,
  accessToken: settingValue<string>('EXPO_ACCESS_TOKEN', env) ?? null,
  receiptDelayMs: settingValue<number>('EXPO_RECEIPT_DELAY_MS', env)!,
});

export const channelTimeoutMs = (env: NodeJS.ProcessEnv = process.env) => settingValue<number>('OUTSIDE_TIMEOUT_MS', env)!;
