/**
 * Finance settings from the environment (copy this block to the README's configuration section):
 *
 *   PAYNL_URL          base URL of pay.nl's REST API, e.g. https://rest.pay.nl. Unset: the start command and
 *                      the tests start a local fake pay.nl and point the client at it.
 *   PAYNL_AT_CODE      pay.nl AT-code (AT-####-####), the Basic auth user name.
 *   PAYNL_API_TOKEN    pay.nl API token, the Basic auth password.
 *   PAYNL_TIMEOUT_MS   how long one pay.nl call may take before it counts as failed (default 15000).
 *   SEPA_E2E_PREFIX    prefix of the end-to-end id of every transfer in a refund bank file (default RF,
 *                      letters and digits, at most 6).
 *   SEPA_REMITTANCE    remittance text of every refund transfer (default 'Refund of leftover credit').
 *
 * The debtor account of refund bank files (name, IBAN, BIC) is a company setting: settings.bank.debtorName,
 * settings.bank.debtorIban, settings.bank.debtorBic.
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
  const prefix = (env.SEPA_E2E_PREFIX ?? 'RF').replace(/[^A-Za-z0-9]/g, '').slice(0, 6) || 'RF';
  return {
    paynlUrl: (env.PAYNL_URL || 'https://rest.pay.nl').replace(/\/+$/, ''),
    paynlAtCode: env.PAYNL_AT_CODE ?? '',
    paynlApiToken: env.PAYNL_API_TOKEN ?? '',
    paynlTimeoutMs: Number(env.PAYNL_TIMEOUT_MS ?? 15_000),
    endToEndPrefix: prefix,
    remittance: env.SEPA_REMITTANCE || 'Refund of leftover credit',
  };
}

export const FINANCE_CONFIG = Symbol('FINANCE_CONFIG');
