import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
let token: string;
let merchantId: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.token('merchant');
  merchantId = (await t.http.post('/api/company/model/merchant').set(bearer(token)).send({ name: { full: '=HYPERLINK("http://evil")' } })).body._id;
});
afterAll(() => t.close());

const url = (model: string, rest: string) => `/api/company/model/${model}/${rest}`;

describe('export', () => {
  it('exports the chosen fields of the chosen records as CSV, neutralising formulas', async () => {
    const response = await t.http.post(url('merchant', 'export')).set(bearer(token)).send({ ids: [merchantId], fields: ['name.full'] });
    expect(response.status).toBe(200);
    expect(response.body.data.count).toBe(1);
    expect(response.body.data.csv).toBe(`_id,name.full\r\n${merchantId},"'=HYPERLINK(""http://evil"")"`);
  });

  it('streams the same export as XLSX', async () => {
    const response = await t.http.post(url('merchant', 'export/xlsx')).set(bearer(token)).send({ ids: [merchantId], fields: ['name.full'] }).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body);
    const sheet = workbook.worksheets[0];
    // a text cell: kept as typed, and never run as a formula
    const cell = sheet.getRow(2).getCell(2);
    expect(cell.value).toBe('=HYPERLINK("http://evil")');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
  });

  it('refuses unknown and hidden fields, and roles without export rights', async () => {
    expect((await t.http.post(url('merchant', 'export')).set(bearer(token)).send({ ids: [merchantId], fields: ['colour'] })).status).toBe(400);
    const user = await t.http.post(url('user', 'export')).set(bearer(await t.token('user'))).send({ ids: [t.userIds.a.user], fields: ['pay.iban'] });
    expect(user.status).toBe(400);
    expect((await t.http.post(url('merchant', 'export')).set(bearer(await t.token('finance'))).send({ ids: [merchantId], fields: ['name.full'] })).status).toBe(403);
  });
});

describe('import and patch', () => {
  let companyToken: string;
  beforeAll(async () => {
    companyToken = await t.token('company');
  });
  const rows = (names: string[]) => ({ import: { headers: ['name.full', 'name.description', 'colour'], rows: names.map((name) => [name, 'imported', 'red']) } });

  it('validates without writing, tolerating unknown headers', async () => {
    expect((await t.http.post(url('merchant', 'import')).query({ 'validate-only': 'true' }).set(bearer(token)).send(rows(['Imported A']))).status).toBe(403);
    const response = await t.http.post(url('merchant', 'import')).query({ 'validate-only': 'true' }).set(bearer(companyToken)).send(rows(['Imported A']));
    expect(response.status).toBe(200);
    expect(response.body.data.headerValidateErrors).toEqual([{ index: 2, message: 'header-not-allowed-or-recognized', info: 'colour' }]);
    const found = await t.http.get('/api/company/model/merchant').query({ 'name.full': 'Imported A' }).set(bearer(token));
    expect(found.body).toEqual([]);
  });

  it('answers 422 with the row problems and writes nothing when any row is wrong', async () => {
    const response = await t.http.post(url('merchant', 'import')).set(bearer(companyToken)).send(rows(['Good one', 'x'.repeat(51), '']));
    expect(response.status).toBe(422);
    expect(response.body.decline.rowValidateErrors.map((error: { index: number }) => error.index)).toEqual([1, 2]);
    const found = await t.http.get('/api/company/model/merchant').query({ 'name.full': 'Good one' }).set(bearer(token));
    expect(found.body).toEqual([]);
  });

  it('declines rows whose references point at no record of the company', async () => {
    const nowhere = '0123456789abcdef01234567';
    const products = {
      import: {
        headers: ['nameLocalized.full', 'price.cents', 'type', 'merchantRef.merchantId'],
        rows: [['{"en":"Cola"}', '250', 'drink', merchantId], ['{"en":"Ghost"}', '250', 'drink', nowhere]],
      },
    };
    const response = await t.http.post(url('product', 'import')).set(bearer(companyToken)).send(products);
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.decline.rowValidateErrors).toEqual([
      { index: 1, message: `merchantRef.merchantId: there is no merchant with id ${nowhere}`, info: 'merchantRef.merchantId' },
    ]);
    const found = await t.http.get('/api/company/model/product').query({ 'merchantRef.merchantId': merchantId }).set(bearer(token));
    expect(found.body).toEqual([]);
  });

  it('imports all rows in one go, and patches by _id for super admins only', async () => {
    const imported = await t.http.post(url('merchant', 'import')).set(bearer(companyToken)).send(rows(['Imported B', 'Imported C']));
    expect(imported.status).toBe(200);
    expect(imported.body.data.count).toBe(2);
    const [b] = (await t.http.get('/api/company/model/merchant').query({ 'name.full': 'Imported B' }).set(bearer(token))).body;
    const patch = { import: { headers: ['_id', 'name.description'], rows: [[b._id, 'patched']] } };
    expect((await t.http.post(url('merchant', 'import/patch')).set(bearer(companyToken)).send(patch)).status).toBe(403);
    const patched = await t.http.post(url('merchant', 'import/patch')).set(bearer(await t.token('super'))).send(patch);
    expect(patched.status).toBe(200);
    const after = await t.http.get(`/api/company/model/merchant/${b._id}`).set(bearer(token));
    expect(after.body.name).toEqual({ full: 'Imported B', description: 'patched' });
  });

  describe('with progress (Accept: application/x-ndjson)', () => {
    const streamed = async (path: string, body: object, authToken = companyToken) => {
      const response = await t.http.post(path).set(bearer(authToken)).set('Accept', 'application/x-ndjson').send(body).buffer(true).parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
      const lines = (response.body as string).trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);
      return { status: response.status, type: response.headers['content-type'], progress: lines.slice(0, -1).map((line) => line.progress), last: lines[lines.length - 1] };
    };

    it('reports rows validated and written, then the answer', async () => {
      const names = Array.from({ length: 2500 }, (_, index) => `Streamed ${index}`);
      const answer = await streamed(url('merchant', 'import'), rows(names));
      expect(answer.status).toBe(200);
      expect(answer.type).toMatch(/^application\/x-ndjson/);
      // a chunk of 2 000 rows is written while the next is checked
      const stage = (name: string) => answer.progress.filter((line) => line.stage === name).map((line) => line.rows);
      expect(stage('validated')).toEqual([1000, 2000, 2500]);
      expect(stage('written')).toEqual([2000, 2500]);
      let checked = 0;
      for (const line of answer.progress) {
        if (line.stage === 'validated') checked = line.rows;
        else expect(line.rows).toBeLessThanOrEqual(checked);
      }
      expect(answer.last).toMatchObject({ status: 200, body: { data: { validated: false, count: 2500 } } });
      const found = await t.http.get('/api/company/model/merchant').query({ q: 'Streamed 2499' }).set(bearer(token));
      expect(found.body.map((merchant: { name: { full: string } }) => merchant.name.full)).toEqual(['Streamed 2499']);
    });

    it('names the refused rows of every chunk and writes none, though earlier chunks went to the database first', async () => {
      // rows go to the database 2 000 at a time while the next 2 000 are checked: the first chunk is written before
      // the refusal in the second is found, and the third is still checked
      const names = Array.from({ length: 4500 }, (_, index) => (index === 2100 || index === 4400 ? '' : `Chunked ${index}`));
      const answer = await streamed(url('merchant', 'import'), rows(names));
      expect(answer.last.status).toBe(422);
      expect(answer.last.body.decline.rowValidateErrors.map((error: { index: number }) => error.index)).toEqual([2100, 4400]);
      expect(answer.progress.filter((line) => line.stage === 'validated').map((line) => line.rows)).toContain(4500);
      expect(answer.progress).toContainEqual({ stage: 'written', rows: 2000 });
      for (const name of ['Chunked 1999', 'Chunked 4499']) expect((await t.http.get('/api/company/model/merchant').query({ q: name }).set(bearer(token))).body).toEqual([]);
    });

    it('ends with the status and body of a refusal, having written nothing', async () => {
      const declined = await streamed(url('merchant', 'import'), { import: { headers: ['name.full', 'name.description'], rows: [['Streamed ok', 'fine'], ['', 'no name']] } });
      expect(declined.status).toBe(200);
      expect(declined.last.status).toBe(422);
      expect(declined.last.body.decline.rowValidateErrors).toContainEqual(expect.objectContaining({ index: 1 }));
      expect((await t.http.get('/api/company/model/merchant').query({ 'name.full': 'Streamed ok' }).set(bearer(token))).body).toEqual([]);
      const refused = await streamed(url('merchant', 'import/patch'), { import: { headers: ['_id', 'name.description'], rows: [] } });
      expect(refused.last).toEqual({ status: 403, body: expect.objectContaining({ statusCode: 403 }) });
    });
  });

  it('lists the import fields with their rules', async () => {
    const fields = await t.http.get(url('product', 'import/fields')).set(bearer(token));
    expect(fields.body).toContainEqual(expect.objectContaining({ key: 'type', required: true }));
    expect(fields.body).toContainEqual(expect.objectContaining({ key: 'merchantRef.merchantId', requiredButInBase: true }));
  });
});
