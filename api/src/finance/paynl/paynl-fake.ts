import { createHash } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeService } from '../../outside/fake-services';
import { ibanWithChecksum } from '../bank-file/iban';

/** One pay.nl transaction as the fake knows it. */
export interface FakeTransaction {
  id: string;
  /** paid amount in cents; null: unknown, any refund is accepted */
  amountCents: number | null;
  refundedCents: number;
  statusCode: number;
  statusAction: string;
  /** the payer's account; null: pay.nl does not report one */
  customerId: string | null;
  customerName: string | null;
  /** every call on this transaction is refused with this error */
  failWith: { status: number; code: string; detail: string } | null;
}

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

const ACTIONS = new Map<number, string>([
  [100, 'PAID'], [20, 'PENDING'], [50, 'PENDING'], [90, 'PENDING'], [95, 'AUTHORIZE'], [-81, 'REFUND'], [-82, 'PARTIAL_REFUND'], [-80, 'EXPIRED'], [-90, 'CANCEL'],
]);
const NAMES = ['J. de Vries', 'A. Jansen', 'M. Bakker', 'S. Visser', 'L. Smit', 'E. Meijer'];

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** pay.nl's error shape: a problem document with violations. */
function problem(response: ServerResponse, status: number, code: string, detail: string): void {
  json(response, status, { type: 'https://developer.pay.nl/docs/errors', title: 'Request failed', status, detail, violations: [{ code, message: detail }] });
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

/**
 * A local server speaking the part of pay.nl's REST API the finance client uses: refund
 * (`PATCH /v1/transactions/{id}/refund`) and status (`GET /v1/transactions/{id}/status`), HTTP Basic
 * required. Transactions it has not been told about are paid, of unknown amount, with a payer account
 * derived from the id; an id containing 'FAIL' is always refused. Tests steer it through `/__fake/...`:
 * `PUT /__fake/transactions/{id}` (a FakeTransaction, partly), `GET /__fake/calls`, `POST /__fake/reset`.
 */
export class PaynlFakeServer {
  readonly transactions = new Map<string, FakeTransaction>();
  readonly calls: FakeCall[] = [];

  transaction(id: string): FakeTransaction {
    let found = this.transactions.get(id);
    if (!found) {
      const digest = createHash('sha256').update(id).digest();
      const account = String(digest.readUInt32BE(0) % 10_000_000_000).padStart(10, '0');
      found = {
        id,
        amountCents: null,
        refundedCents: 0,
        statusCode: 100,
        statusAction: 'PAID',
        customerId: ibanWithChecksum('NL', `ABNA${account}`),
        customerName: NAMES[digest[4] % NAMES.length],
        failWith: id.includes('FAIL') ? { status: 422, code: 'PAY-3000', detail: 'Transaction can not be refunded' } : null,
      };
      this.transactions.set(id, found);
    }
    return found;
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    const body = request.method === 'GET' ? undefined : await readJson(request).catch(() => null);
    if (path.startsWith('/__fake/')) return this.control(request.method ?? 'GET', path, body, response);
    this.calls.push({ method: request.method ?? 'GET', path, body });
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith('Basic ') || Buffer.from(auth.slice(6), 'base64').toString().split(':').length < 2) {
      return problem(response, 401, 'PAY-1000', 'Authentication required');
    }
    const refund = /^\/v1\/transactions\/([^/]+)\/refund$/.exec(path);
    if (refund && request.method === 'PATCH') return this.refund(this.transaction(refund[1]), body, response);
    const status = /^\/v1\/transactions\/([^/]+)\/status$/.exec(path);
    if (status && request.method === 'GET') return this.status(this.transaction(status[1]), response);
    problem(response, 404, 'PAY-404', 'Not found');
  }

  private refund(transaction: FakeTransaction, body: unknown, response: ServerResponse): void {
    if (transaction.failWith) return problem(response, transaction.failWith.status, transaction.failWith.code, transaction.failWith.detail);
    if (transaction.statusCode !== 100 && transaction.statusCode !== -82) return problem(response, 422, 'PAY-3001', 'Transaction is not paid');
    const amount = (body as { amount?: { value?: unknown } } | null)?.amount?.value;
    const available = transaction.amountCents === null ? null : transaction.amountCents - transaction.refundedCents;
    const value = amount === undefined ? available : amount;
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) return problem(response, 422, 'PAY-3002', 'Invalid refund amount');
    if (available !== null && value > available) return problem(response, 422, 'PAY-3003', 'Refund amount exceeds the amount paid');
    transaction.refundedCents += value;
    const fully = available !== null && value === available;
    transaction.statusCode = fully ? -81 : -82;
    transaction.statusAction = fully ? 'REFUND' : 'PARTIAL_REFUND';
    json(response, 200, {
      orderId: transaction.id.replace(/^EX-/, '').replace(/-/g, '') + 'X',
      transactionId: transaction.id,
      description: (body as { description?: string } | null)?.description ?? '',
      processDate: null,
      amount: { value: transaction.amountCents ?? value, currency: 'EUR' },
      amountRefunded: { value, currency: 'EUR' },
      refundedTransactions: [{ id: `RF-${transaction.id}-${this.calls.length}`, amount: { value, currency: 'EUR' } }],
      createdAt: new Date().toISOString(),
    });
  }

  private status(transaction: FakeTransaction, response: ServerResponse): void {
    if (transaction.failWith) return problem(response, transaction.failWith.status, transaction.failWith.code, transaction.failWith.detail);
    json(response, 200, {
      id: transaction.id,
      orderId: transaction.id.replace(/^EX-/, '').replace(/-/g, '') + 'X',
      amount: { value: transaction.amountCents ?? 0, currency: 'EUR' },
      amountRefunded: { value: transaction.refundedCents, currency: 'EUR' },
      status: { code: transaction.statusCode, action: transaction.statusAction || ACTIONS.get(transaction.statusCode) || 'PENDING' },
      paymentData: transaction.customerId ? { customerId: transaction.customerId, customerName: transaction.customerName } : {},
      createdAt: new Date().toISOString(),
    });
  }

  private control(method: string, path: string, body: unknown, response: ServerResponse): void {
    const seed = /^\/__fake\/transactions\/([^/]+)$/.exec(path);
    if (seed && method === 'PUT') {
      const current = this.transaction(seed[1]);
      Object.assign(current, body as Partial<FakeTransaction>, { id: seed[1] });
      if (typeof current.statusCode === 'number' && !(body as Partial<FakeTransaction>).statusAction) current.statusAction = ACTIONS.get(current.statusCode) ?? 'PENDING';
      return json(response, 200, current);
    }
    if (seed && method === 'GET') return json(response, 200, this.transaction(seed[1]));
    if (path === '/__fake/calls' && method === 'GET') return json(response, 200, this.calls);
    if (path === '/__fake/reset' && method === 'POST') {
      this.transactions.clear();
      this.calls.length = 0;
      return json(response, 200, { reset: true });
    }
    problem(response, 404, 'PAY-404', 'Not found');
  }
}

export async function startPaynlFake(): Promise<{ url: string; server: PaynlFakeServer; close(): Promise<void> }> {
  const fake = new PaynlFakeServer();
  const http = createServer((request, response) => {
    fake.handle(request, response).catch((error: Error) => problem(response, 500, 'PAY-500', error.message));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server: fake,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** Registered in FAKE_SERVICES: started whenever PAYNL_URL is not set. */
export const paynlFakeService: FakeService = {
  name: 'pay.nl',
  urlVariable: 'PAYNL_URL',
  start: startPaynlFake,
};
