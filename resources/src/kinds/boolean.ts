import { type FieldKind, ParseError } from './kind';

export const booleanKind: FieldKind = {
  check: (value) => (typeof value === 'boolean' ? null : 'must be true or false'),
  sqlType: 'boolean',
  // 'in' true,false is how a list keeps "All" in its URL where the default hides archived records
  operators: ['eq', 'ne', 'in'],
  parse(raw, field) {
    const normalised = raw.trim().toLowerCase();
    if (normalised === 'true' || normalised === '1') return true;
    if (normalised === 'false' || normalised === '0') return false;
    throw new ParseError(`${field.path} must be true or false`);
  },
  toCsv: (value) => (typeof value === 'boolean' ? String(value) : ''),
  toCell: (value) => (typeof value === 'boolean' ? value : null),
  jsonSchema: () => ({ type: 'boolean' }),
};
