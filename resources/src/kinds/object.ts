import { type FieldKind, jsonCsv, parseJsonCell } from './kind';

/** A nested shape (`fields`) or, when `open`, free content such as provider metadata. */
export const objectKind: FieldKind = {
  check: (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? null : 'must be an object'),
  sqlType: null,
  operators: [],
  parse: (raw, field) => parseJsonCell(raw, field.path),
  toCsv: jsonCsv,
  jsonSchema: (field) => ({ type: 'object', ...(field.open && { additionalProperties: true }) }),
};
