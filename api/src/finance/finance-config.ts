import { settingValue } from '../settings/read-settings';

/**
 * Finance settings (api/src/settings/settings.ts). The debtor account of refund bank files (name, IBAN, BIC) is a
 * company setting: settings.bank.debtorName, settings.bank.debtorIban, settings.bank.debtorBic.
 */
export interface FinanceConfig {
  paynlUrl: string;
  paynlAtCode: string;
  paynlApiToken: string;
  paynlTimeoutMs: number;
  endToEndPrefix: string;
  remittance: string;
}

export function loadFinanceConfig(env: NodeJS.ProcessEnv = process.env): FinanceConfig {
  return {
    paynlUrl: settingValue<string>('PAYNL_URL', env)!,
    paynlAtCode: settingValue<string>('PAYNL_AT_CODE', env) ?? '',
    paynlApiToken: settingValue<string>('PAYNL_API_TOKEN', env) ?? '',
    paynlTimeoutMs: settingValue<number>('PAYNL_TIMEOUT_MS', env)!,
    endToEndPrefix: settingValue<string>('SEPA_E2E_PREFIX', env)!,
    remittance: settingValue<string>('SEPA_REMITTANCE', env)!,
  };
}

export const FINANCE_CONFIG = Symbol('FINANCE_CONFIG');
