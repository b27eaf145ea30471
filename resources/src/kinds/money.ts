import { type FieldKind, parseInteger, SCALAR_OPERATORS } from './kind';
import { checkNumber } from './number';

/** An amount in integer cents at a path ending in `.cents`; the record also shows `.euro` beside it. */
export const moneyKind: FieldKind = {
  check: (value, field) => checkNumber(value, { ...field, integer: true }),
  sqlType: 'bigint',
  operators: SCALAR_OPERATORS,
  parse: (raw, field) => parseInteger(raw, `${field.path} (cents)`),
  toCsv: (value) => (typeof value === 'number' ? String(value) : ''),
  jsonSchema: (field) => ({ type: 'integer', description: 'amount in cents', ...(field.min !== undefined && { minimum: field.min }) }),
};

export function euroOf(cents: number): number {
  return Math.round(cents) / 100;
}
