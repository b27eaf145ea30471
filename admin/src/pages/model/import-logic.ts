import { getPath, setPath } from '@backoffice/resources';
import { type CsvTable, parseCsv, toCsv, withoutColumns } from './csv';
import type { ImportAnswer, ImportField, ImportMode, ValidateError } from './transfer-api';

/** Header problems the wizard tolerates: those columns are removed (spec part 2 section 5). */
export const TOLERATED_HEADER_ERRORS = ['header-not-allowed-or-recognized', 'header-is-duplicate-and-will-be-ignored'];

/** Steps: 0 upload, 1 header check, 2 validate, 3 import, 4 result. */
export type ImportStep = 0 | 1 | 2 | 3 | 4;

export const isTolerated = (error: ValidateError) => TOLERATED_HEADER_ERRORS.includes(error.message);

export const headersBlocked = (errors: readonly ValidateError[]) => errors.some((error) => !isTolerated(error));

/**
 * After parsing and validating: a header problem that is not tolerated → header check (1); else rows fine →
 * import (3), row problems → validate (2). Tolerated header problems only mean those columns are removed.
 */
export function stepAfterValidation(answer: Pick<ImportAnswer, 'headerErrors' | 'rowErrors'>): ImportStep {
  if (headersBlocked(answer.headerErrors)) return 1;
  return answer.rowErrors.length > 0 ? 2 : 3;
}

/** The file without the columns the API ignores anyway (unknown and repeated headers). */
export function withoutToleratedColumns(table: CsvTable, headerErrors: readonly ValidateError[]): CsvTable {
  const indexes = headerErrors.filter((error) => isTolerated(error) && error.index >= 0).map((error) => error.index);
  return withoutColumns(table, indexes);
}

/** Removes one row; the problems of later rows move up with their rows. */
export function removeRow(table: CsvTable, rowErrors: readonly ValidateError[], index: number): { table: CsvTable; rowErrors: ValidateError[] } {
  return {
    table: { headers: table.headers, rows: table.rows.filter((_, at) => at !== index) },
    rowErrors: rowErrors.filter((error) => error.index !== index).map((error) => (error.index > index ? { ...error, index: error.index - 1 } : error)),
  };
}

export function setCell(table: CsvTable, row: number, column: number, value: string): CsvTable {
  return { headers: table.headers, rows: table.rows.map((cells, at) => (at === row ? cells.map((cell, index) => (index === column ? value : cell)) : cells)) };
}

/** Problems grouped by row index, rows in order. */
export function errorsByRow(rowErrors: readonly ValidateError[]): Map<number, ValidateError[]> {
  const byRow = new Map<number, ValidateError[]>();
  for (const error of [...rowErrors].sort((a, b) => a.index - b.index)) byRow.set(error.index, [...(byRow.get(error.index) ?? []), error]);
  return byRow;
}

/** Reads a JSON object from a query parameter; anything else is no value. */
export function jsonParam(value: string | null): Record<string, unknown> | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The values every imported row starts from: the import fields found in modelInstance, overridden by importCsvBase.
 * Other paths (ids, meta) are left out, so a whole record can be passed as modelInstance.
 */
export function baseValues(fields: readonly ImportField[], importCsvBase?: Record<string, unknown>, modelInstance?: Record<string, unknown>): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  for (const { key } of fields) {
    if (key === '_id') continue;
    const value = importCsvBase && getPath(importCsvBase, key) !== undefined ? getPath(importCsvBase, key) : modelInstance ? getPath(modelInstance, key) : undefined;
    if (value !== undefined && value !== null && value !== '') setPath(base, key, value);
  }
  return base;
}

/** Flat `key: value` pairs of the base for display. */
export function basePairs(fields: readonly ImportField[], base: Record<string, unknown>): [string, string][] {
  return fields.flatMap(({ key }) => {
    const value = getPath(base, key);
    return value === undefined ? [] : [[key, typeof value === 'object' ? JSON.stringify(value) : String(value)] as [string, string]];
  });
}

/** The patch example: the import example with an `_id` column first, the record's id when one was passed. */
export function patchExample(importExample: string, modelInstance?: Record<string, unknown>): string {
  const table = parseCsv(importExample);
  const id = typeof modelInstance?._id === 'string' ? modelInstance._id : '';
  const rows = table.rows.length > 0 ? table.rows : [table.headers.map(() => '')];
  return toCsv({ headers: ['_id', ...table.headers], rows: rows.map((row) => [id, ...row]) });
}

export const exampleFileName = (model: string, mode: ImportMode) => `${model} ${mode} example.csv`;

/** The value a row problem names, shown beside its message unless the message already holds it (an unknown id). */
export function problemInfo(error: Pick<ValidateError, 'message' | 'info'>): string | null {
  if (error.info === undefined || error.info === null || error.info === '') return null;
  const info = String(error.info);
  return error.message.includes(info) ? null : info;
}
