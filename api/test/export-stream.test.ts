import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { insertGeneratedRows } from './support/generated-rows';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
let token: string;
const ROWS = 2_500;
const exportUrl = (rest = '') => `/api/company/model/tutorial/export${rest}`;
const binary = (res: import('supertest').Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

beforeAll(async () => {
  t = await startTestApp();
  token = await t.token('company');
  await insertGeneratedRows(t.db, findResource('tutorial')!, t.companies.a, ROWS);
}, 120_000);
afterAll(() => t.close());

describe('exports streamed from a cursor', () => {
  it('downloads every record a list query matches as CSV, in the list order, across batches', async () => {
    const response = await t.http.post(exportUrl('/csv')).set(bearer(token)).send({ fields: ['name.full'], query: { _sort: '_id', _order: 'desc', _start: '0', _end: '25' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tutorial-export.csv"');
    const lines = response.text.split('\r\n');
    // a UTF-8 byte-order mark first, so spreadsheets read the accents right
    expect(lines[0]).toBe('\uFEFF_id,name.full');
    expect(lines).toHaveLength(ROWS + 1);
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it('filters and searches like the list, with no limit, and refuses what the list refuses', async () => {
    const filtered = await t.http.post(exportUrl('/csv')).set(bearer(token)).send({ fields: ['name.full'], query: { q: 'w7-8f1' } });
    expect(filtered.text.split('\r\n').slice(1).map((line) => line.split(',')[1])).toEqual(['w7-8f14e45f']);
    const refused = await t.http.post(exportUrl('/csv')).set(bearer(token)).send({ fields: ['name.full'], query: { 'name.description': 'x' } });
    expect(refused.status).toBe(400);
    expect((await t.http.post(exportUrl('/csv')).set(bearer(token)).send({ fields: ['name.full'] })).status).toBe(400);
  });

  it('streams the XLSX of a query', async () => {
    const response = await t.http.post(exportUrl('/xlsx')).set(bearer(token)).send({ fields: ['name.full', 'meta.archived'], query: {} }).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body);
    expect(workbook.worksheets[0].rowCount).toBe(ROWS + 1);
    expect(typeof workbook.worksheets[0].getRow(2).getCell(3).value).toBe('boolean');
    expect(workbook.worksheets[0].getRow(1).values).toEqual([undefined, '_id', 'name.full', 'meta.archived']);
  });

  it('takes at most 99 999 ids, in their order', async () => {
    const tooMany = Array.from({ length: 100_000 }, (_, index) => index.toString(16).padStart(24, '0'));
    expect((await t.http.post(exportUrl('/csv')).set(bearer(token)).send({ fields: ['name.full'], ids: tooMany })).status).toBe(400);
    const some = ['0000000000000000000000ff', '000000000000000000000001'];
    const response = await t.http.post(exportUrl('/csv')).set(bearer(token)).send({ fields: ['name.full'], ids: some });
    expect(response.text.split('\r\n').slice(1).map((line) => line.split(',')[0])).toEqual(some);
  });
});
