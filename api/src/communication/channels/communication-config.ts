/**
 * Environment variables of the communication channels (copied to the README's configuration section). Read when
 * used, so the start command and the tests can point the clients at local fakes first.
 */
export const COMMUNICATION_ENVIRONMENT = `
MAILGUN_URL                  Mailgun API base (real: https://api.eu.mailgun.net/v3 or https://api.mailgun.net/v3). Unset: a local fake.
MAILGUN_DOMAIN               The sending domain (messages go to {MAILGUN_URL}/{domain}/messages).
MAILGUN_API_KEY              Mailgun API key (HTTP Basic, user "api").
MAILGUN_FROM                 From address of every mail, e.g. "Events <noreply@mg.example.com>".
MAILGUN_WEBHOOK_SIGNING_KEY  Key of the webhook signatures (HMAC-SHA256 of timestamp + token).
SMS_URL                      SMS provider (MessageBird REST) base, real: https://rest.messagebird.com. Unset: a local fake.
SMS_ACCESS_KEY               SMS provider access key ("Authorization: AccessKey <key>").
SMS_ORIGINATOR               Sender of text messages (number with country code, or at most 11 letters).
SMS_WEBHOOK_SIGNING_KEY      The SMS provider's signing key: delivery reports carry a MessageBird-Signature-JWT made with it.
SMS_WEBHOOK_URL              The delivery report URL as set at the provider (https://.../api/communication/sms/webhook): the
                             signature covers the URL the provider called, which behind a proxy differs from the one seen here.
EXPO_PUSH_URL                Expo push API base, real: https://exp.host/--/api/v2/push. Unset: a local fake.
EXPO_ACCESS_TOKEN            Optional Expo access token (bearer).
EXPO_RECEIPT_DELAY_MS        How long after sending push receipts are fetched (default 900000, Expo's 15 minutes).
`;

const value = (env: NodeJS.ProcessEnv, name: string) => (env[name] && env[name]!.trim()) || null;
const withoutSlash = (url: string) => url.replace(/\/+$/, '');

export interface MailgunConfig {
  url: string;
  domain: string;
  apiKey: string;
  from: string;
  signingKey: string | null;
}

export const mailgunConfig = (env: NodeJS.ProcessEnv = process.env): MailgunConfig => ({
  url: withoutSlash(value(env, 'MAILGUN_URL') ?? 'https://api.eu.mailgun.net/v3'),
  domain: value(env, 'MAILGUN_DOMAIN') ?? '',
  apiKey: value(env, 'MAILGUN_API_KEY') ?? '',
  from: value(env, 'MAILGUN_FROM') ?? `noreply@${value(env, 'MAILGUN_DOMAIN') ?? 'localhost'}`,
  signingKey: value(env, 'MAILGUN_WEBHOOK_SIGNING_KEY'),
});

export const smsConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  url: withoutSlash(value(env, 'SMS_URL') ?? 'https://rest.messagebird.com'),
  accessKey: value(env, 'SMS_ACCESS_KEY') ?? '',
  originator: value(env, 'SMS_ORIGINATOR') ?? 'Events',
  signingKey: value(env, 'SMS_WEBHOOK_SIGNING_KEY'),
  webhookUrl: value(env, 'SMS_WEBHOOK_URL'),
});

export const expoConfig = (env: NodeJS.ProcessEnv = process.env) => ({
  url: withoutSlash(value(env, 'EXPO_PUSH_URL') ?? 'https://exp.host/--/api/v2/push'),
  accessToken: value(env, 'EXPO_ACCESS_TOKEN'),
  receiptDelayMs: Number(value(env, 'EXPO_RECEIPT_DELAY_MS') ?? 900_000),
});

export const channelTimeoutMs = (env: NodeJS.ProcessEnv = process.env) => Number(env.OUTSIDE_TIMEOUT_MS ?? 10_000);
