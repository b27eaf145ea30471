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

/**
 * SQL twin of `isValidIban` for the text expression `column`: the same normalization, pattern and mod-97
 * check, so the refund screen's filter selects exactly the accounts the bank refund accepts.
 */
export function validIbanSql(column: string): string {
  const digits = `(SELECT string_agg(CASE WHEN ch ~ '[A-Z]' THEN (ascii(ch) - 55)::text ELSE ch END, '' ORDER BY i)
    FROM generate_series(1, length(c)) AS i, LATERAL (SELECT substr(substr(c, 5) || substr(c, 1, 4), i, 1) AS ch) AS chars)`;
  return `(SELECT CASE WHEN c ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$' THEN ${digits}::numeric % 97 = 1 ELSE false END
    FROM (SELECT upper(regexp_replace(${column}, '[\\s.-]+', '', 'g')) AS c) AS iban)`;
}
