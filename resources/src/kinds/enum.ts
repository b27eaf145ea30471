import { type FieldKind, ParseError } from './kind';

export const enumKind: FieldKind = {
  check(value, field) {
    const choices = field.choices ?? [];
    if (typeof value !== 'string' || !choices.includes(value)) return `must be one of ${choices.join(', ')}`;
    return null;
  },
  sqlType: 'text',
  operators: ['eq', 'ne', 'in'],
  parse(raw, field) {
    if (!(field.choices ?? []).includes(raw)) throw new ParseError(`${field.path} must be one of ${(field.choices ?? []).join(', ')}`);
    return raw;
  },
  toCsv: (value) => (typeof value === 'string' ? value : ''),
  jsonSchema: (field) => ({ type: 'string', enum: field.choices ?? [] }),
};
