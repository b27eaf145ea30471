import { type FieldKind, ParseError } from './kind';

export const OBJECT_ID = /^[0-9a-f]{24}$/;

/** The id of another record; `ref.populateAs` names where `_populate` puts that record. */
export const referenceKind: FieldKind = {
  check: (value) => (typeof value === 'string' && OBJECT_ID.test(value) ? null : 'must be a 24-character id'),
  sqlType: 'text',
  operators: ['eq', 'ne', 'in'],
  parse(raw, field) {
    if (!OBJECT_ID.test(raw)) throw new ParseError(`${field.path} must be a 24-character id`);
    return raw;
  },
  toCsv: (value) => (typeof value === 'string' ? value : ''),
  jsonSchema: (field) => ({ type: 'string', pattern: OBJECT_ID.source, description: `id of a ${field.ref?.resource}` }),
};
