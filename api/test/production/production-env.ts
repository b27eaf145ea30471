import { OUTSIDE_SERVICES } from '../../src/settings/outside-services';

/**
 * A complete production configuration: every service on with its settings (pointing at `urls` when given, as a
 * test's own local servers), which a test then breaks one setting at a time.
 */
export function productionEnv(overrides: Record<string, string> = {}, urls: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://backoffice@127.0.0.1:5432/backoffice',
    PUBLIC_URL: 'https://backoffice.example.test',
    PAYNL_AT_CODE: 'AT-1234-5678',
    PAYNL_API_TOKEN: 'paynl-token-of-the-test-0000',
    MONEYBIRD_TOKEN: 'moneybird-token-of-the-test-000',
    MONEYBIRD_ADMINISTRATION_ID: '123',
    MONEYBIRD_PLACEHOLDER_PRODUCT_ID: '456',
    MONEYBIRD_LEDGER_ACCOUNT_ID: '789',
    LOCKER_COMPANY_URL: 'https://lockers.example.test/api',
    LOCKER_COMPANY_TOKEN: 'locker-token-of-the-test-000',
    AI_IMAGE_URL: 'https://images.example.test',
    MAILGUN_DOMAIN: 'mg.example.test',
    MAILGUN_API_KEY: 'mailgun-key-of-the-test-0000',
    MAILGUN_FROM: 'Events <noreply@mg.example.test>',
    MAILGUN_WEBHOOK_SIGNING_KEY: 'mailgun-signing-key-of-the-test',
    SMS_ACCESS_KEY: 'sms-access-key-of-the-test-00',
    SMS_ORIGINATOR: 'Events',
    SMS_WEBHOOK_SIGNING_KEY: 'sms-signing-key-of-the-test-0',
    SMS_WEBHOOK_URL: 'https://backoffice.example.test/api/communication/sms/webhook',
  };
  for (const service of OUTSIDE_SERVICES) if (urls[service.id]) env[service.urlVariable] = urls[service.id];
  return { ...env, ...overrides };
}
