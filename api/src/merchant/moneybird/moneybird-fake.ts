import { randomInt } from 'node:crypto';
import type { FakeService } from '../../outside/fake-services';
import { bearerOf, defaultEnv, listenFake, readJson, sendJson } from '../fake-http';
import type { MoneybirdTaxRate } from './moneybird-client';

export const FAKE_MONEYBIRD = { token: 'fake-moneybird-token', administrationId: '100000000000000001', placeholderProductId: '300000000000000001', ledgerAccountId: '400000000000000001' };

/** The administration's tax rates: the Dutch sales rates, an old inactive one and a purchase rate (which the filter leaves out). */
function defaultTaxRates(): MoneybirdTaxRate[] {
  const rate = (id: string, name: string, percentage: string, tax_rate_type: string, active = true) => ({ id, name, percentage, tax_rate_type, active, show_tax: true, administration_id: FAKE_MONEYBIRD.administrationId });
  return [
    rate('200000000000000021', '21% btw', '21.0', 'sales_invoice'),
    rate('200000000000000009', '9% btw', '9.0', 'sales_invoice'),
    rate('200000000000000000', '0% btw', '0.0', 'sales_invoice'),
    rate('200000000000000006', '6% btw (until 2019)', '6.0', 'sales_invoice', false),
    rate('200000000000000121', '21% btw inkoop', '21.0', 'purchase_invoice'),
  ];
}

interface FailNext {
  status: number;
  /** only a request whose path contains this (e.g. 'sales_invoices') */
  path?: string;
  retryAfter?: number;
  body?: unknown;
}

/** What the fake received, for tests (GET /_fake/invoices). */
export interface FakeInvoiceRecord {
  administrationId: string;
  salesInvoice: Record<string, unknown>;
  id: string;
}

/**
 * A local server speaking Moneybird's API v2 for tax rates and sales invoices, with Moneybird's error shapes.
 * Test controls outside the API: POST /_fake/fail-next {status, path?, retryAfter?, body?} makes the next API call
 * (whose path contains `path`) fail;
 * GET /_fake/invoices lists the invoices received; PUT /_fake/tax-rates replaces the rates; POST /_fake/reset.
 */
export async function startMoneybirdFake(expected = { token: FAKE_MONEYBIRD.token, administrationId: FAKE_MONEYBIRD.administrationId }) {
  let taxRates = defaultTaxRates();
  let invoices: FakeInvoiceRecord[] = [];
  let failures: FailNext[] = [];
  let requests: { method: string; path: string }[] = [];

  const server = await listenFake(async (request, response, url) => {
    const method = request.method ?? 'GET';
    if (url.pathname.startsWith('/_fake/')) {
      if (url.pathname === '/_fake/fail-next' && method === 'POST') failures.push((await readJson(request)) as FailNext);
      else if (url.pathname === '/_fake/invoices') return sendJson(response, 200, invoices);
      else if (url.pathname === '/_fake/requests') return sendJson(response, 200, requests);
      else if (url.pathname === '/_fake/tax-rates' && method === 'PUT') taxRates = (await readJson(request)) as MoneybirdTaxRate[];
      else if (url.pathname === '/_fake/reset') {
        taxRates = defaultTaxRates();
        invoices = [];
        failures = [];
        requests = [];
      } else return sendJson(response, 404, { error: 'unknown fake control' });
      return sendJson(response, 200, { ok: true });
    }
    requests.push({ method, path: `${url.pathname}${url.search}` });
    const failureIndex = failures.findIndex((candidate) => !candidate.path || url.pathname.includes(candidate.path));
    const failure = failureIndex >= 0 ? failures.splice(failureIndex, 1)[0] : undefined;
    if (failure) {
      const headers: Record<string, string> = failure.retryAfter !== undefined ? { 'Retry-After': String(failure.retryAfter), 'RateLimit-Remaining': '0' } : {};
      if (failure.status === 429) {
        response.writeHead(429, { 'Content-Type': 'text/plain', ...headers });
        return void response.end('Retry later');
      }
      return sendJson(response, failure.status, failure.body ?? { error: `Fake failure ${failure.status}`, symbolic: {} }, headers);
    }
    if (bearerOf(request) !== expected.token) return sendJson(response, 401, { error: 'Token is invalid or expired', symbolic: { token: 'invalid' } });
    const match = /^\/api\/v2\/([^/]+)\/(tax_rates|sales_invoices)\.json$/.exec(url.pathname);
    if (!match) return sendJson(response, 404, { error: 'Not found', symbolic: {} });
    const [, administrationId, resource] = match;
    if (administrationId !== expected.administrationId) return sendJson(response, 404, { error: 'Administration not found', symbolic: { administration_id: 'not_found' } });

    if (resource === 'tax_rates' && method === 'GET') {
      const filter = new Map((url.searchParams.get('filter') ?? '').split(',').filter(Boolean).map((term) => term.split(':') as [string, string]));
      const matches = (rate: MoneybirdTaxRate) =>
        (!filter.has('tax_rate_type') || rate.tax_rate_type === filter.get('tax_rate_type')) && (!filter.has('active') || String(rate.active) === filter.get('active'));
      return sendJson(response, 200, taxRates.filter(matches));
    }
    if (resource === 'sales_invoices' && method === 'POST') {
      const body = (await readJson(request)) as { sales_invoice?: Record<string, unknown> } | undefined;
      const invoice = body && typeof body === 'object' ? body.sales_invoice : undefined;
      if (!invoice || typeof invoice !== 'object') return sendJson(response, 400, { error: 'Parameter sales_invoice is required', symbolic: { sales_invoice: 'required' } });
      const errors: Record<string, string[]> = {};
      if (!invoice.contact_id) errors.contact_id = ["can't be blank"];
      const lines = Array.isArray(invoice.details_attributes) ? (invoice.details_attributes as Record<string, unknown>[]) : [];
      if (lines.length === 0) errors.details = ["can't be blank"];
      const known = new Set(taxRates.filter((rate) => rate.tax_rate_type === 'sales_invoice' && rate.active).map((rate) => rate.id));
      if (lines.some((line) => line.tax_rate_id !== undefined && !known.has(String(line.tax_rate_id)))) errors['details.tax_rate_id'] = ['is not a sales invoice tax rate'];
      if (lines.some((line) => Number.isNaN(Number(String(line.price).replace(',', '.'))))) errors['details.price'] = ['is not a number'];
      if (Object.keys(errors).length > 0) return sendJson(response, 422, { error: errors });
      const id = `${Date.now()}${String(randomInt(1000)).padStart(3, '0')}`;
      invoices.push({ administrationId, salesInvoice: invoice, id });
      const total = lines.reduce((sum, line) => sum + Number(String(line.price).replace(',', '.')) * Number(line.amount ?? 1), 0);
      return sendJson(response, 201, {
        id,
        administration_id: administrationId,
        contact_id: invoice.contact_id,
        workflow_id: invoice.workflow_id,
        invoice_id: null,
        state: 'draft',
        reference: invoice.reference,
        prices_are_incl_tax: invoice.prices_are_incl_tax,
        total_price_incl_tax: total.toFixed(2),
        url: `${url.origin}/${administrationId}/sales_invoices/${id}`,
        details: lines.map((line, index) => ({ id: `${id}${index}`, ...line })),
      });
    }
    return sendJson(response, 404, { error: 'Not found', symbolic: {} });
  });
  return { url: `${server.origin}/api/v2`, origin: server.origin, close: server.close };
}

export const moneybirdFakeService: FakeService = {
  name: 'Moneybird',
  urlVariable: 'MONEYBIRD_URL',
  async start() {
    const removeDefaults = defaultEnv({
      MONEYBIRD_TOKEN: FAKE_MONEYBIRD.token,
      MONEYBIRD_ADMINISTRATION_ID: FAKE_MONEYBIRD.administrationId,
      MONEYBIRD_PLACEHOLDER_PRODUCT_ID: FAKE_MONEYBIRD.placeholderProductId,
      MONEYBIRD_LEDGER_ACCOUNT_ID: FAKE_MONEYBIRD.ledgerAccountId,
    });
    const fake = await startMoneybirdFake({ token: process.env.MONEYBIRD_TOKEN!, administrationId: process.env.MONEYBIRD_ADMINISTRATION_ID! });
    return {
      url: fake.url,
      async close() {
        await fake.close();
        removeDefaults();
      },
    };
  },
};
