import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { neutralise, toCsv } from '../../src/merchant/export/csv';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { createMerchant, insertPayment, insertTransactions, statusByRole } from './merchant-fixtures';

let t: TestApp;
const F = 1_767_225_600;
const TO = F + 86_400;
let bar: { merchantId: string; productIds: string[] };
let fake: string;

/** Parses our CSV (quoted cells, CRLF) back into rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += c;
  }
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  fake = process.env.MONEYBIRD_URL!.replace(/\/api\/v2$/, '');
  bar = await createMerchant(t, 'Export Bar', [
    { en: 'Beer', cents: 350, tax: 0.21 },
    { en: 'Fries', cents: 450, tax: 0.09, type: 'others' },
    { en: '=HYPERLINK("http://evil.test","x")', cents: 100, tax: 0.21, type: 'others' },
  ]);
  const [beer, fries, evil] = bar.productIds;
  const online = await insertPayment(t, t.companies.a, 'paynl', 10_000);
  const cash = await insertPayment(t, t.companies.a, 'cash', 1_000);
  await insertTransactions(t, t.companies.a, [
    // 8 beers and 4 fries paid online, 2 beers from cash credit (one of them at a discount in the CSV fixture below)
    ...Array.from({ length: 4 }, (_, i) => ({ merchantId: bar.merchantId, at: F + 100 + i, paymentId: online, items: [[beer, 350], [beer, 350], [fries, 450]] as [string, number][] })),
    { merchantId: bar.merchantId, at: F + 200, paymentId: cash, items: [[beer, 350], [beer, 350]] },
    { merchantId: bar.merchantId, at: F + 300, state: 'cancelled', paymentId: cash, items: [[beer, 350]] },
  ]);
  void evil;
  // settings for the invoice: contact and workflow
  const saved = await t.http
    .patch(`/api/company/model/company/${t.companies.a}`)
    .set(bearer(await t.token('company')))
    .send({ settings: { moneybird: { contactId: '500000000000000001', workflowId: '600000000000000001' } } });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
});
afterAll(() => t.close());

describe('CSV neutralising', () => {
  it('prefixes cells that a spreadsheet would run as a formula, keeping our own numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralise(`${start}cmd`)).toBe(`'${start}cmd`);
    expect(neutralise('-3.50')).toBe('-3.50');
    expect(neutralise('Beer')).toBe('Beer');
    expect(toCsv([['a,b', 'say "hi"', '=1+1']])).toBe(`"a,b","say ""hi""",'=1+1\r\n`);
  });
});

describe('sales CSV export', () => {
  const csv = (merchantId: string, token: string) => t.http.get(`/api/company/merchant/${merchantId}/export/csv?from=${F}&to=${TO}`).set(bearer(token)).buffer(true);

  it('has the columns Merchant, Name, VAT, Count, Price, Total and a row per product and price', async () => {
    const response = await csv(bar.merchantId, await t.token('merchant'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Export_Export Bar_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(response.text);
    expect(rows[0]).toEqual(['Merchant', 'Name', 'VAT', 'Count', 'Price', 'Total']);
    expect(rows.slice(1)).toEqual([
      ['Export Bar', 'Beer', '21%', '10', '3.50', '35.00'],
      ['Export Bar', 'Fries', '9%', '4', '4.50', '18.00'],
    ]);
  });

  it('adds Token Total (total divided by the exchange rate) when the currency is not the euro', async () => {
    const company = await t.token('company');
    await t.http.patch(`/api/company/model/company/${t.companies.a}`).set(bearer(company)).send({ settings: { payment: { currencySymbol: 'Tokens', currencyExchangeRate: 2.5 } } });
    try {
      const rows = parseCsv((await csv(bar.merchantId, await t.token('merchant'))).text);
      expect(rows[0]).toEqual(['Merchant', 'Name', 'VAT', 'Count', 'Price', 'Total', 'Token Total']);
      expect(rows[1]).toEqual(['Export Bar', 'Beer', '21%', '10', '3.50', '35.00', '14.00']);
      expect(rows[2]).toEqual(['Export Bar', 'Fries', '9%', '4', '4.50', '18.00', '7.20']);
    } finally {
      await t.http.patch(`/api/company/model/company/${t.companies.a}`).set(bearer(company)).send({ settings: { payment: { currencySymbol: '€', currencyExchangeRate: 1 } } });
    }
  });

  it('neutralises product names that look like formulas', async () => {
    const [, , evil] = bar.productIds;
    await insertTransactions(t, t.companies.a, [{ merchantId: bar.merchantId, at: TO + 10, items: [[evil, 100]] }]);
    const response = await t.http.get(`/api/company/merchant/${bar.merchantId}/export/csv?from=${TO}&to=${TO + 100}`).set(bearer(await t.token('merchant'))).buffer(true);
    const rows = parseCsv(response.text);
    expect(rows[1][1]).toBe(`'=HYPERLINK("http://evil.test","x")`);
  });

  it('is for merchant admins: finance and event admins are refused (403)', async () => {
    const statuses = await statusByRole(t, ['merchant', 'company', 'finance', 'event'], (token) => csv(bar.merchantId, token));
    expect(statuses).toEqual({ merchant: 200, company: 200, finance: 403, event: 403 });
    expect((await csv(bar.merchantId, await t.token('merchant', 'b'))).status).toBe(404);
  });
});

describe('accounting invoice export (Moneybird)', () => {
  // confirmed: these tests export the same merchant and period again and again (the confirmation is tested below)
  const invoice = (token: string, merchantId = bar.merchantId) => t.http.post(`/api/company/merchant/${merchantId}/export/invoice`).set(bearer(token)).send({ from: F, to: TO, confirm: true });
  const control = (path: string, body?: unknown) => fetch(`${fake}/_fake/${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((response) => response.json());

  beforeEach(async () => {
    await control('reset', {});
  });

  it('sends the sales as a sales invoice: product rows from 100, compensation rows 300, 301+ and 310+', async () => {
    const response = await invoice(await t.token('super'));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.invoice.state).toBe('draft');
    const [received] = await control('invoices');
    const sent = received.salesInvoice;
    expect(sent).toMatchObject({ contact_id: '500000000000000001', workflow_id: '600000000000000001', prices_are_incl_tax: true, currency: 'EUR', reference: 'Export Bar 2026-01-01 - 2026-01-01' });
    const line = (row_order: number, description: string, price: string, amount: string, tax_rate_id?: string) => ({
      row_order, description, price, amount, ...(tax_rate_id && { tax_rate_id }), product_id: '300000000000000001', ledger_account_id: '400000000000000001',
    });
    const r21 = '200000000000000021';
    const r9 = '200000000000000009';
    const r0 = '200000000000000000';
    expect(sent.details_attributes).toEqual([
      line(100, 'Beer', '3.50', '10', r21),
      line(101, 'Fries', '4.50', '4', r9),
      line(300, 'Already received payments', '-7.00', '1', r0),
      line(301, 'Online payments 21% BTW', '-28.00', '1', r21),
      line(302, 'Online payments 9% BTW', '-18.00', '1', r9),
      line(310, 'Online payment fee 1% (21% BTW)', '-0.28', '1', r21),
      line(311, 'Online payment fee 1% (9% BTW)', '-0.18', '1', r9),
    ]);
    const requests = await control('requests');
    expect(requests[0]).toEqual({ method: 'GET', path: '/api/v2/100000000000000001/tax_rates.json?filter=tax_rate_type:sales_invoice,active:true' });
  });

  it("sends nothing when a product's tax rate is not a sales-invoice rate: 'Unexpected Tax Rates Found'", async () => {
    const { merchantId, productIds } = await createMerchant(t, 'Old Rates', [{ en: 'Old wine', cents: 500, tax: 0.06 }, { en: 'Odd', cents: 100, tax: 0.13 }, { en: 'Beer', cents: 300, tax: 0.21 }]);
    await insertTransactions(t, t.companies.a, [{ merchantId, at: F + 10, items: productIds.map((id) => [id, 100] as [string, number]) }]);
    const response = await invoice(await t.token('super'), merchantId);
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('Unexpected Tax Rates Found');
    expect(response.body.errors.map((error: { message: string }) => error.message)).toEqual(['Found 6% BTW', 'Found 13% BTW']);
    expect(await control('invoices')).toEqual([]);
    expect((await control('requests')).map((request: { method: string }) => request.method)).toEqual(['GET']);
  });

  it('is for super admins only: company, merchant and finance admins are refused (403)', async () => {
    const statuses = await statusByRole(t, ['company', 'merchant', 'finance', 'event'], (token) => invoice(token));
    expect(statuses).toEqual({ company: 403, merchant: 403, finance: 403, event: 403 });
    expect(await control('invoices')).toEqual([]);
  });

  it('needs the contact and workflow in the company settings', async () => {
    const { merchantId, productIds } = await createMerchant(t, 'Tenant b bar', [{ en: 'Beer', cents: 300 }], 'b');
    await insertTransactions(t, t.companies.b, [{ merchantId, at: F + 10, items: [[productIds[0], 300]] }]);
    const response = await t.http.post(`/api/company/merchant/${merchantId}/export/invoice`).set(bearer(await t.token('super', 'b'))).send({ from: F, to: TO });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual(['settings.moneybird.contactId', 'settings.moneybird.workflowId']);
  });

  it('answers Moneybird refusals with clear messages: 401, 402, 404, 422, and 429 with Retry-After', async () => {
    const token = await t.token('super');
    const saved = process.env.MONEYBIRD_TOKEN;
    process.env.MONEYBIRD_TOKEN = 'a-revoked-moneybird-token';
    try {
      const unauthorized = await invoice(token);
      expect(unauthorized.status).toBe(502);
      expect(unauthorized.body.message).toMatch(/^Moneybird refused the API token \(401\): check MONEYBIRD_TOKEN/);
    } finally {
      process.env.MONEYBIRD_TOKEN = saved;
    }

    await control('fail-next', { status: 402, path: 'sales_invoices', body: { error: 'Limit reached', symbolic: { administration: 'limit_reached' } } });
    const limit = await invoice(token);
    expect(limit.status).toBe(502);
    expect(limit.body.message).toBe("Moneybird refused: the administration's plan limit is reached (402 Payment Required). Limit reached");

    await control('fail-next', { status: 404, path: 'tax_rates', body: { error: 'Administration not found', symbolic: {} } });
    const missing = await invoice(token);
    expect(missing.status).toBe(502);
    expect(missing.body.message).toMatch(/^Moneybird could not find the administration, contact or workflow \(404\)/);

    await control('fail-next', { status: 422, path: 'sales_invoices', body: { error: { contact_id: ['does not exist'] } } });
    const unprocessable = await invoice(token);
    expect(unprocessable.status).toBe(502);
    expect(unprocessable.body.message).toBe('Moneybird did not accept the invoice (422): contact_id does not exist');

    await control('fail-next', { status: 429, retryAfter: 30 });
    const limited = await invoice(token);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
    expect(limited.body.message).toBe("Moneybird's rate limit is reached (429): try again in 30 seconds");

    expect(await control('invoices')).toEqual([]);
  });
});

describe('accounting invoice exported twice (issue 11 item 4)', () => {
  const control = (path: string, body?: unknown) => fetch(`${fake}/_fake/${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((response) => response.json());

  it('records each export and asks to confirm an overlapping one, naming the invoice that exists', async () => {
    await control('reset', {});
    const token = await t.token('super');
    const { merchantId, productIds } = await createMerchant(t, 'Twice Bar', [{ en: 'Beer', cents: 300, tax: 0.21 }]);
    await insertTransactions(t, t.companies.a, [{ merchantId, at: F + 7200, items: [[productIds[0], 300]] }]);
    const send = (body: Record<string, unknown>) => t.http.post(`/api/company/merchant/${merchantId}/export/invoice`).set(bearer(token)).send(body);

    const first = await send({ from: F, to: TO });
    expect(first.status).toBe(201);
    const exports = async () => (await t.http.get('/api/company/model/invoiceExport').query({ 'merchantRef.merchantId': merchantId, _sort: 'meta.createdAt', _order: 'asc' }).set(bearer(token))).body;
    const [recorded] = await exports();
    expect(recorded).toMatchObject({ merchantRef: { merchantId }, period: { from: F, to: TO }, invoice: { id: first.body.invoice.id }, exportedBy: { userId: t.userIds.a.super } });
    expect(recorded.meta.createdAt).toBeGreaterThan(0);

    // an overlapping period: nothing is sent, the answer names the invoice that exists
    const again = await send({ from: F + 3600, to: TO + 3600 });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('already-exported');
    expect(again.body.message).toContain(first.body.invoice.id);
    expect(again.body.existing).toEqual([expect.objectContaining({ invoice: expect.objectContaining({ id: first.body.invoice.id }) })]);
    expect(await control('invoices')).toHaveLength(1);
    expect(await exports()).toHaveLength(1);

    // confirmed: a second invoice, recorded too
    const confirmed = await send({ from: F + 3600, to: TO + 3600, confirm: true });
    expect(confirmed.status).toBe(201);
    expect(await control('invoices')).toHaveLength(2);
    expect((await exports()).map((entry: { invoice: { id: string } }) => entry.invoice.id)).toEqual([first.body.invoice.id, confirmed.body.invoice.id]);

    // the record is not for other admins
    expect((await t.http.get('/api/company/model/invoiceExport').set(bearer(await t.token('company')))).status).toBe(403);
  });
});
