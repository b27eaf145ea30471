import type { FieldKind } from './kind';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const textKind: FieldKind = {
  check(value, field) {
    if (typeof value !== 'string') return 'must be text';
    if (field.required && value.trim() === '') return 'is required';
    if (field.max !== undefined && value.length > field.max) return `must be at most ${field.max} characters`;
    if (field.min !== undefined && value.length < field.min) return `must be at least ${field.min} characters`;
    if (value === '') return null;
    if (field.pattern && !new RegExp(`^(?:${field.pattern})$`).test(value)) {
      return field.patternMessage ?? `must match ${field.pattern}`;
    }
    if (field.format === 'email' && !EMAIL.test(value)) return 'must be an email address';
    if (field.format === 'date' && !(DATE.test(value) && isRealDate(value))) return 'must be a date as YYYY-MM-DD';
    return null;
  },
  sqlType: 'text',
  operators: ['eq', 'ne', 'gte', 'lte', 'like', 'in'],
  parse: (raw) => raw,
  toCsv: (value) => (value === undefined || value === null ? '' : String(value)),
  jsonSchema: (field) => ({
    type: 'string',
    ...(field.max !== undefined && { maxLength: field.max }),
    ...(field.format === 'email' && { format: 'email' }),
    ...(field.format === 'date' && { format: 'date' }),
    ...(field.pattern && { pattern: `^(?:${field.pattern})$` }),
  }),
};
