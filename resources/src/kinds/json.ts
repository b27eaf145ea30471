import { type FieldKind, jsonCsv, parseJsonCell } from './kind';

/** Any JSON value, unchecked: the old and new values of an audit change, whatever field they came from. */
export const jsonKind: FieldKind = {
  check: () => null,
  sqlType: null,
  operators: [],
  parse: (raw, field) => parseJsonCell(raw, field.path),
  toCsv: jsonCsv,
  jsonSchema: () => ({ description: 'any JSON value' }),
};
