import { type FieldKind, jsonCsv, parseJsonCell } from './kind';

/** A list of sub-items (`fields`) or of scalars (`itemKind`); items are checked by the validator. */
export const listKind: FieldKind = {
  check(value, field) {
    if (!Array.isArray(value)) return 'must be a list';
    if (field.max !== undefined && value.length > field.max) return `must have at most ${field.max} items`;
    if (field.min !== undefined && value.length < field.min) return `must have at least ${field.min} items`;
    return null;
  },
  sqlType: null,
  operators: [],
  parse: (raw, field) => parseJsonCell(raw, field.path) ?? [],
  toCsv: jsonCsv,
  jsonSchema: () => ({ type: 'array', items: {} }),
};
