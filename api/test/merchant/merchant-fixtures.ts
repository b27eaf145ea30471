import { findResource } from '@backoffice/resources';
import { newId } from '../../src/common/object-id';
import { bulkInsert } from '../../src/database/bulk-insert';
import { type TestApp, bearer } from '../support/test-app';

export interface ProductSpec {
  en: string;
  cents: number;
  tax?: number;
  type?: string;
}

/** A merchant made through the quick-create endpoint, with products made through the generic CRUD. */
export async function createMerchant(t: TestApp, name: string, products: ProductSpec[] = [], company: 'a' | 'b' = 'a') {
  const token = await t.token('merchant', company);
  const created = await t.http.post('/api/company/merchant').set(bearer(token)).send({ nameLocalized: { full: { en: name } } });
  if (created.status !== 201) throw new Error(`merchant create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const merchantId: string = created.body._id;
  const productIds: string[] = [];
  for (const product of products) {
    const response = await t.http
      .post('/api/company/model/product')
      .set(bearer(token))
      .send({ nameLocalized: { full: { en: product.en } }, price: { cents: product.cents }, taxPercentage: product.tax ?? 0.21, type: product.type ?? 'drink', merchantRef: { merchantId } });
    if (response.status !== 201) throw new Error(`product create failed: ${response.status} ${JSON.stringify(response.body)}`);
    productIds.push(response.body._id);
  }
  return { merchantId, productIds };
}

export interface TransactionSpec {
  merchantId: string | null;
  at: number;
  state?: string;
  items: [productId: string, cents: number][];
  terminalId?: string;
  paymentId?: string;
}

/** Transactions written straight to the table, dated exactly, as the payment apps would store them. */
export async function insertTransactions(t: TestApp, companyId: string, specs: TransactionSpec[]): Promise<string[]> {
  const rows = specs.map((spec) => {
    const state = spec.state ?? 'paid';
    const cents = spec.items.reduce((sum, [, price]) => sum + price, 0);
    return {
      id: newId(new Date(spec.at * 1000)),
      companyId,
      doc: {
        name: { full: 'Test sale' },
        state: { id: state, put: { at: { unix: spec.at, date: new Date(spec.at * 1000).toISOString() } } },
        stateHistory: [{ id: state, put: { at: { unix: spec.at, date: new Date(spec.at * 1000).toISOString() } } }],
        amount: { cents },
        productRef: spec.items.map(([productId, price]) => ({ productId, price: { cents: price } })),
        ...(spec.paymentId && { paymentRef: [{ paymentId: spec.paymentId }] }),
        ...(spec.merchantId && { merchantRef: { merchantId: spec.merchantId } }),
        ...(spec.terminalId && { registerTerminalRef: { registerTerminalId: spec.terminalId } }),
        meta: { createdAt: spec.at, updatedAt: spec.at },
      },
    };
  });
  await bulkInsert(t.db, findResource('transaction')!, rows);
  return rows.map((row) => row.id);
}

/** A completed payment of a type (paynl is online), for the invoice's compensation rows. */
export async function insertPayment(t: TestApp, companyId: string, paymentType: string, cents: number): Promise<string> {
  const id = newId();
  const at = Math.floor(Date.now() / 1000);
  await bulkInsert(t.db, findResource('payment')!, [
    {
      id,
      companyId,
      doc: {
        name: { full: `Top-up ${paymentType}` },
        paymentType,
        state: { id: 'completed', put: { at: { unix: at, date: new Date(at * 1000).toISOString() } } },
        amount: { cents },
        amountLeft: { cents: 0 },
        userRef: { userId: newId() },
        meta: { createdAt: at },
      },
    },
  ]);
  return id;
}

export async function insertTerminal(t: TestApp, companyId: string, merchantId: string, name: string, archived = false): Promise<string> {
  const id = newId();
  await bulkInsert(t.db, findResource('registerTerminal')!, [{ id, companyId, doc: { name: { full: name }, merchantRef: { merchantId }, meta: { archived } } }]);
  return id;
}

/** Every refused role gets 403 from the request, the allowed ones something else. */
export async function statusByRole(t: TestApp, roles: string[], send: (token: string) => Promise<{ status: number }>): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (const role of roles) statuses[role] = (await send(await t.token(role as never))).status;
  return statuses;
}
