import { type FieldKind, parseInteger, SCALAR_OPERATORS } from './kind';
import { checkNumber } from './number';

/** A moment as whole seconds since 1970 (the spec's `.unix` paths). */
export const unixTimeKind: FieldKind = {
  check: (value, field) => checkNumber(value, { integer: true, min: field.min ?? 0, max: field.max, step: field.step }),
  sqlType: 'bigint',
  operators: SCALAR_OPERATORS,
  parse: (raw, field) => parseInteger(raw, `${field.path} (unix seconds)`),
  toCsv: (value) => (typeof value === 'number' ? String(value) : ''),
  jsonSchema: () => ({ type: 'integer', description: 'unix time in seconds' }),
};
