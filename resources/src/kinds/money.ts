import { type FieldKind, parseInteger, SCALAR_OPERATORS } from './kind';
import { checkNumber } from './number';

/** The largest amount of one money field unless its definition says less: 1 000 000 euro, in cents. */
export const MONEY_LIMIT_CENTS = 100_000_000;

/**
 * An amount in integer cents at a path ending in `.cents`; the record also shows `.euro` beside it. Bounded
 * by ±MONEY_LIMIT_CENTS unless the field sets its own min and max.
 */
export const moneyKind: FieldKind = {
  check: (value, field) => checkNumber(value, { integer: true, step: field.step, max: field.max ?? MONEY_LIMIT_CENTS, min: field.min ?? -MONEY_LIMIT_CENTS }),
  sqlType: 'bigint',
  operators: SCALAR_OPERATORS,
  parse: (raw, field) => parseInteger(raw, `${field.path} (cents)`),
  toCsv: (value) => (typeof value === 'number' ? String(value) : ''),
  toCell: (value) => (typeof value === 'number' ? value : null),
  jsonSchema: (field) => ({ type: 'integer', description: 'amount in cents', minimum: field.min ?? -MONEY_LIMIT_CENTS, maximum: field.max ?? MONEY_LIMIT_CENTS }),
};

export function euroOf(cents: number): number {
  return Math.round(cents) / 100;
}
