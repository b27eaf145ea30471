import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCsvFile, parseCsv, toCsv } from './csv';
import { exportFileName } from './export-file-name';
import { baseValues, patchExample, problemInfo, removeRow, stepAfterValidation, withoutToleratedColumns } from './import-logic';
import { exportQuery, readTableQuery, type ImportField } from './transfer-api';

const field = (key: string, extra: Partial<ImportField> = {}): ImportField => ({ key, description: key, formatHint: '', required: false, requiredButInBase: false, ...extra });

describe('CSV files', () => {
  it('skips empty lines, drops a byte order mark, trims headers and pads short rows', () => {
    const table = parseCsv('\uFEFF name.full ,name.description\r\n"Bar, the",x\r\n\r\n  \r\nShop\r\n,\r\n');
    expect(table.headers).toEqual(['name.full', 'name.description']);
    expect(table.rows).toEqual([['Bar, the', 'x'], ['Shop', '']]);
    expect(parseCsv(toCsv({ headers: ['a'], rows: [['line\nbreak "quoted"']] })).rows).toEqual([['line\nbreak "quoted"']]);
  });

  it('takes text/csv only, and a .csv name when the browser reports no type', () => {
    expect(isCsvFile({ name: 'a.csv', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'a.csv', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'a.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe(false);
    expect(isCsvFile({ name: 'a.csv', type: 'application/json' })).toBe(false);
  });

  it('names exports by date and model', () => {
    expect(exportFileName('Merchants', 'csv', '2026-05-01')).toBe('2026-05-01 Merchants Export.csv');
    expect(exportFileName('A/B', 'xlsx', '2026-05-01')).toBe('2026-05-01 A-B Export.xlsx');
  });
});

describe('import wizard steps', () => {
  const unknown = { index: 2, message: 'header-not-allowed-or-recognized', info: 'colour' };
  const duplicate = { index: 3, message: 'header-is-duplicate-and-will-be-ignored', info: 'name.full' };
  const missing = { index: -1, message: 'header-is-required', info: 'name.full' };
  const row = { index: 0, message: 'name.full is required', info: 'name.full' };

  it('goes to import when all is fine, to validate when only the headers are, else to the header check', () => {
    expect(stepAfterValidation({ headerErrors: [], rowErrors: [] })).toBe(3);
    expect(stepAfterValidation({ headerErrors: [], rowErrors: [row] })).toBe(2);
    // only tolerated header problems: those columns go, the wizard goes on (issue 11 item 12)
    expect(stepAfterValidation({ headerErrors: [unknown, duplicate], rowErrors: [] })).toBe(3);
    expect(stepAfterValidation({ headerErrors: [unknown], rowErrors: [row] })).toBe(2);
    expect(stepAfterValidation({ headerErrors: [missing], rowErrors: [row] })).toBe(1);
    expect(stepAfterValidation({ headerErrors: [unknown, missing], rowErrors: [] })).toBe(1);
  });

  it('removes the tolerated columns only', () => {
    const table = { headers: ['name.full', 'name.description', 'colour', 'name.full'], rows: [['A', 'b', 'red', 'A2']] };
    expect(withoutToleratedColumns(table, [unknown, duplicate, missing])).toEqual({ headers: ['name.full', 'name.description'], rows: [['A', 'b']] });
  });

  it('moves later problems up when a row is removed', () => {
    const table = { headers: ['a'], rows: [['0'], ['1'], ['2']] };
    const errors = [{ index: 1, message: 'x' }, { index: 2, message: 'y' }];
    expect(removeRow(table, errors, 1)).toEqual({ table: { headers: ['a'], rows: [['0'], ['2']] }, rowErrors: [{ index: 1, message: 'y' }] });
  });
});

describe('base values', () => {
  const fields = [field('_id'), field('name.full'), field('merchantRef.merchantId', { requiredButInBase: true })];

  it('keeps import fields only, importCsvBase over modelInstance', () => {
    const instance = { _id: 'abc', name: { full: 'From instance' }, merchantRef: { merchantId: 'm1' }, meta: { archived: false } };
    expect(baseValues(fields, { merchantRef: { merchantId: 'm2' } }, instance)).toEqual({ name: { full: 'From instance' }, merchantRef: { merchantId: 'm2' } });
    expect(baseValues(fields, undefined, undefined)).toEqual({});
  });

  it('puts an _id column first in the patch example, with the record id when one is passed', () => {
    expect(patchExample('name.full,name.id\r\n,', { _id: '0123456789abcdef01234567' })).toBe('_id,name.full,name.id\r\n0123456789abcdef01234567,,');
    expect(patchExample('name.full\r\n')).toBe('_id,name.full\r\n,');
  });
});

describe('export ids', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the table query of the list, ignoring a broken one', () => {
    const q = JSON.stringify({ filters: [{ field: 'q', operator: 'eq', value: 'Bar' }], sorters: [{ field: 'name.full', order: 'asc' }] });
    expect(readTableQuery(q).filters).toHaveLength(1);
    expect(readTableQuery('{nope')).toEqual({ filters: [], sorters: [] });
    expect(readTableQuery(null)).toEqual({ filters: [], sorters: [] });
  });

  it('sends the list query without paging to the export', () => {
    const query = { filters: [{ field: 'q', operator: 'eq' as const, value: 'Bar' }, { field: 'state.id', operator: 'in' as const, value: ['a', 'b'] }], sorters: [{ field: 'name.full', order: 'asc' as const }] };
    expect(exportQuery(query)).toEqual({ _sort: 'name.full', _order: 'asc', q: 'Bar', 'state.id_in': 'a,b' });
  });
});

describe('a row problem (issue 39)', () => {
  it('names its value once: beside the message, or not when the message holds it', () => {
    expect(problemInfo({ message: 'No user with id 6a81aa', info: '6a81aa' })).toBeNull();
    expect(problemInfo({ message: 'must be a number', info: 'price.cents' })).toBe('price.cents');
    expect(problemInfo({ message: 'required', info: null })).toBeNull();
  });
});
