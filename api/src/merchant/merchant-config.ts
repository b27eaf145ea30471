/**
 * Environment variables of the merchant domain (copied to the README's configuration section).
 * Every value is read when it is used, so a test or the start command may point a client at a local fake first.
 */
export const MERCHANT_ENVIRONMENT = `
MONEYBIRD_URL                     Moneybird API v2 base URL (default https://moneybird.com/api/v2). Unset in tests and the demo: a local fake is started.
MONEYBIRD_TOKEN                   Moneybird API token, sent as "Authorization: Bearer <token>".
MONEYBIRD_ADMINISTRATION_ID       The Moneybird administration the sales invoices go to.
MONEYBIRD_PLACEHOLDER_PRODUCT_ID  The fixed Moneybird product every invoice line names (product_id).
MONEYBIRD_LEDGER_ACCOUNT_ID       The fixed ledger account every invoice line books on (ledger_account_id).
                                  Contact and workflow ids come from the company settings (settings.moneybird.contactId, settings.moneybird.workflowId).
LOCKER_COMPANY_URL                Locker Company REST API base URL (see api/src/merchant/locker-company/locker-company-client.ts). Unset: a local fake.
LOCKER_COMPANY_TOKEN              Locker Company API token, sent as "Authorization: Bearer <token>".
AI_IMAGE_URL                      Image generation service base URL (POST /v1/images answers PNG bytes). Unset: a local fake that draws PNGs.
AI_IMAGE_TOKEN                    Optional bearer token for the image generation service.
OUTSIDE_TIMEOUT_MS                Timeout of each call to these services in milliseconds (default 10000).
`;

export interface MoneybirdConfig {
  url: string;
  token: string | null;
  administrationId: string | null;
  placeholderProductId: string | null;
  ledgerAccountId: string | null;
}

const value = (env: NodeJS.ProcessEnv, name: string) => (env[name] && env[name]!.trim()) || null;
const withoutSlash = (url: string) => url.replace(/\/+$/, '');

export function moneybirdConfig(env: NodeJS.ProcessEnv = process.env): MoneybirdConfig {
  return {
    url: withoutSlash(value(env, 'MONEYBIRD_URL') ?? 'https://moneybird.com/api/v2'),
    token: value(env, 'MONEYBIRD_TOKEN'),
    administrationId: value(env, 'MONEYBIRD_ADMINISTRATION_ID'),
    placeholderProductId: value(env, 'MONEYBIRD_PLACEHOLDER_PRODUCT_ID'),
    ledgerAccountId: value(env, 'MONEYBIRD_LEDGER_ACCOUNT_ID'),
  };
}

export interface ServiceConfig {
  url: string | null;
  token: string | null;
}

export const lockerCompanyConfig = (env: NodeJS.ProcessEnv = process.env): ServiceConfig => ({
  url: value(env, 'LOCKER_COMPANY_URL') && withoutSlash(value(env, 'LOCKER_COMPANY_URL')!),
  token: value(env, 'LOCKER_COMPANY_TOKEN'),
});

export const aiImageConfig = (env: NodeJS.ProcessEnv = process.env): ServiceConfig => ({
  url: value(env, 'AI_IMAGE_URL') && withoutSlash(value(env, 'AI_IMAGE_URL')!),
  token: value(env, 'AI_IMAGE_TOKEN'),
});

export const outsideTimeoutMs = (env: NodeJS.ProcessEnv = process.env) => Number(env.OUTSIDE_TIMEOUT_MS ?? 10_000);
