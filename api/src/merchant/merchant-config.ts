import { settingValue } from '../settings/read-settings';

/** The merchant domain's outside services' settings (api/src/settings/settings.ts), read when used so a test or the demo may point a client at a local fake first. */

export interface MoneybirdConfig {
  url: string;
  token: string | null;
  administrationId: string | null;
  placeholderProductId: string | null;
  ledgerAccountId: string | null;
}

export function moneybirdConfig(env: NodeJS.ProcessEnv = process.env): MoneybirdConfig {
  return {
    url: settingValue<string>('MONEYBIRD_URL', env)!,
    token: settingValue<string>('MONEYBIRD_TOKEN', env) ?? null,
    administrationId: settingValue<string>('MONEYBIRD_ADMINISTRATION_ID', env) ?? null,
    placeholderProductId: settingValue<string>('MONEYBIRD_PLACEHOLDER_PRODUCT_ID', env) ?? null,
    ledgerAccountId: settingValue<string>('MONEYBIRD_LEDGER_ACCOUNT_ID', env) ?? null,
  };
}

export interface ServiceConfig {
  url: string | null;
  token: string | null;
}

export const lockerCompanyConfig = (env: NodeJS.ProcessEnv = process.env): ServiceConfig => ({
  url: settingValue<string>('LOCKER_COMPANY_URL', env) ?? null,
  token: settingValue<string>('LOCKER_COMPANY_TOKEN', env) ?? null,
});

export const aiImageConfig = (env: NodeJS.ProcessEnv = process.env): ServiceConfig => ({
  url: settingValue<string>('AI_IMAGE_URL', env) ?? null,
  token: settingValue<string>('AI_IMAGE_TOKEN', env) ?? null,
});

export const outsideTimeoutMs = (env: NodeJS.ProcessEnv = process.env) => settingValue<number>('OUTSIDE_TIMEOUT_MS', env)!;
