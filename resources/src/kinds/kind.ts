import type { FieldDef, Operator, SqlType } from '../types';

/** What a field kind knows: how to check a value, store it, filter on it and write it to CSV. */
export interface FieldKind {
  /** the message for a present (non-null) value that breaks the field's rules, or null */
  check(value: unknown, field: FieldDef): string | null;
  /** column type when the field is indexed; null when it cannot be a column */
  sqlType: SqlType | null;
  operators: readonly Operator[];
  /** turns a query-string or CSV cell into a value; throws an Error naming the problem */
  parse(raw: string, field: FieldDef): unknown;
  toCsv(value: unknown, field: FieldDef): string;
  /** the value as a typed spreadsheet cell (a number, a yes/no, a moment); the CSV text when not given */
  toCell?(value: unknown, field: FieldDef): SpreadsheetCell;
  jsonSchema(field: FieldDef): Record<string, unknown>;
}

export type SpreadsheetCell = string | number | boolean | Date | null;

/** A spreadsheet cell of a value: typed where the kind says how, else its CSV text (empty: no value). */
export function spreadsheetCell(kind: FieldKind, value: unknown, field: FieldDef): SpreadsheetCell {
  if (kind.toCell) return kind.toCell(value, field);
  const text = kind.toCsv(value, field);
  return text === '' ? null : text;
}

export class ParseError extends Error {}

export const SCALAR_OPERATORS: readonly Operator[] = ['eq', 'ne', 'gte', 'lte', 'in'];

export function parseInteger(raw: string, what: string): number {
  if (!/^-?\d+$/.test(raw.trim())) throw new ParseError(`${what} must be a whole number`);
  return Number(raw);
}

export function parseNumber(raw: string, what: string): number {
  const value = Number(raw.trim());
  if (raw.trim() === '' || !Number.isFinite(value)) throw new ParseError(`${what} must be a number`);
  return value;
}

export function jsonCsv(value: unknown): string {
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

export function parseJsonCell(raw: string, what: string): unknown {
  if (raw.trim() === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ParseError(`${what} must be JSON`);
  }
}
