import * as SEPA from 'sepa';

/** An account number as it goes into a bank file: upper-case, without spaces or dots. */
export function normalizeIban(iban: string): string {
  return iban.replace(/[\s.-]+/g, '').toUpperCase();
}

/** True when the normalized account number is an IBAN whose mod-97 check digits are right. */
export function isValidIban(iban: unknown): iban is string {
  if (typeof iban !== 'string') return false;
  const compact = normalizeIban(iban);
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact) && SEPA.validateIBAN(compact);
}

/** An IBAN with the right check digits for a country and account part (`NL`, `ABNA0123456789`). */
export function ibanWithChecksum(country: string, bban: string): string {
  return SEPA.checksumIBAN(`${country.toUpperCase()}00${bban.toUpperCase()}`);
}

/** A BIC has 8 or 11 letters and digits, its 5th and 6th the country. */
export function isValidBic(bic: unknown): bic is string {
  return typeof bic === 'string' && /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic.trim().toUpperCase());
}
