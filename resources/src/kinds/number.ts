import { type FieldKind, parseNumber, SCALAR_OPERATORS } from './kind';

/** Checks bounds and steps with a tolerance, so 0.07 counts as a multiple of 0.01. */
export function checkNumber(value: unknown, field: { min?: number; max?: number; step?: number; integer?: boolean }): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
  if (field.integer && !Number.isInteger(value)) return 'must be a whole number';
  if (field.integer && !Number.isSafeInteger(value)) return `must be a whole number between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`;
  if (field.min !== undefined && value < field.min) return `must be at least ${field.min}`;
  if (field.max !== undefined && value > field.max) return `must be at most ${field.max}`;
  if (field.step !== undefined) {
    const steps = value / field.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return `must be a multiple of ${field.step}`;
  }
  return null;
}

/** The largest size of a number whose definition sets no bounds: far above any count, weight or rate, far below float trouble. */
export const NUMBER_LIMIT = 1e12;

export const numberKind: FieldKind = {
  check: (value, field) => checkNumber(value, { integer: field.integer, step: field.step, max: field.max ?? NUMBER_LIMIT, min: field.min ?? -NUMBER_LIMIT }),
  sqlType: 'double precision',
  operators: SCALAR_OPERATORS,
  parse: (raw, field) => parseNumber(raw, field.path),
  toCsv: (value) => (typeof value === 'number' ? String(value) : ''),
  toCell: (value) => (typeof value === 'number' ? value : null),
  jsonSchema: (field) => ({
    type: field.integer ? 'integer' : 'number',
    ...(field.min !== undefined && { minimum: field.min }),
    ...(field.max !== undefined && { maximum: field.max }),
    ...(field.step !== undefined && { multipleOf: field.step }),
  }),
};
