import { ANONYMOUS_ACCOUNT_DOMAIN, findResource } from '@backoffice/resources';
import { newId } from '../../src/common/object-id';
import { bulkInsert } from '../../src/database/bulk-insert';
import { ibanWithChecksum } from '../../src/finance/bank-file/iban';
import type { TestApp } from '../support/test-app';

type Doc = Record<string, unknown>;

export const NOW = () => Math.floor(Date.now() / 1000);
const moment = (unix: number) => ({ unix, date: new Date(unix * 1000).toISOString() });

let serial = 0;
/** A valid Dutch IBAN, different for every number. */
export const iban = (n = ++serial) => ibanWithChecksum('NL', `INGB${String(n).padStart(10, '0')}`);

export function userDoc(options: { email?: string; iban?: string | null; holder?: string | null; anonymous?: boolean; bic?: string } = {}): Doc {
  const n = ++serial;
  return {
    name: { first: 'Test', last: `User ${n}`, full: `Test User ${n}` },
    // anonymous accounts are known by their email's domain, from which every write derives email.anonymous
    email: { value: options.email ?? `user-${n}-${newId().slice(-6)}@${options.anonymous ? ANONYMOUS_ACCOUNT_DOMAIN : 'example.test'}`, valid: true, anonymous: options.anonymous ?? false },
    ...(options.iban !== null && {
      pay: {
        iban: options.iban ?? iban(n),
        valid: true,
        ...(options.holder !== null && { cardholder: options.holder ?? `Test User ${n}` }),
        ...(options.bic && { bic: options.bic }),
      },
    }),
    meta: { archived: false, createdAt: NOW() },
  };
}

export function paymentDoc(options: { userId: string; type?: string; state?: string; cents?: number; left?: number; at?: number; transactionId?: string | null; name?: string }): Doc {
  const type = options.type ?? 'paynl';
  const cents = options.cents ?? 5000;
  const at = options.at ?? NOW() - 3600;
  const state = options.state ?? 'completed';
  const transactionId = options.transactionId === undefined ? (type === 'paynl' ? `EX-${String(++serial).padStart(4, '0')}-1111-2222` : null) : options.transactionId;
  return {
    name: { full: options.name ?? `Top-up ${cents}` },
    paymentType: type,
    state: { id: state, put: { at: moment(at) } },
    stateHistory: [{ id: state, put: { at: moment(at) } }],
    amount: { cents },
    amountLeft: { cents: options.left ?? (state === 'completed' ? cents : 0) },
    userRef: { userId: options.userId },
    meta: { createdAt: at, updatedAt: at, ...(transactionId && { paynl: { transactionId } }) },
  };
}

export function transactionDoc(options: { userId?: string; state?: string; cents?: number; at?: number; paymentIds?: string[]; products?: { productId: string; cents: number }[] }): Doc {
  const at = options.at ?? NOW() - 1800;
  const state = options.state ?? 'paid';
  const products = options.products ?? [];
  const cents = options.cents ?? products.reduce((sum, product) => sum + product.cents, 0);
  return {
    name: { full: 'Bar: beer' },
    state: { id: state, put: { at: moment(at) } },
    stateHistory: [{ id: state, put: { at: moment(at) } }],
    amount: { cents },
    productRef: products.map((product) => ({ productId: product.productId, price: { cents: product.cents } })),
    paymentRef: (options.paymentIds ?? []).map((paymentId) => ({ paymentId })),
    ...(options.userId && { userRef: { userId: options.userId } }),
    meta: { createdAt: at, updatedAt: at },
  };
}

/** Inserts records straight into a company's table and returns their ids, in order. */
export async function insert(t: TestApp, model: string, docs: Doc[], company: 'a' | 'b' = 'a'): Promise<string[]> {
  const companyId = t.companies[company];
  const rows = docs.map((doc) => ({ id: newId(), companyId, doc: model === 'payment' ? { ...doc, companyRef: { companyId } } : doc }));
  await bulkInsert(t.db, findResource(model)!, rows);
  return rows.map((row) => row.id);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function read(t: TestApp, model: string, id: string): Promise<Record<string, any>> {
  const [row] = await t.db.query<{ doc: Doc }>(`SELECT doc FROM "${model}" WHERE id = $1`, [id]);
  return row?.doc;
}

/** A user of company a (or b) with a valid IBAN unless told otherwise. */
export async function user(t: TestApp, options: Parameters<typeof userDoc>[0] = {}, company: 'a' | 'b' = 'a'): Promise<string> {
  return (await insert(t, 'user', [userDoc(options)], company))[0];
}

export async function payment(t: TestApp, options: Parameters<typeof paymentDoc>[0], company: 'a' | 'b' = 'a'): Promise<string> {
  return (await insert(t, 'payment', [paymentDoc(options)], company))[0];
}

export async function product(t: TestApp, cents: number): Promise<string> {
  return (await insert(t, 'product', [{ nameLocalized: { full: { en: `Product ${cents}` } }, price: { cents }, type: 'drink' }]))[0];
}

/** The company's debtor account for refund bank files. */
export async function setDebtor(t: TestApp, company: 'a' | 'b' = 'a', bank: Doc = { debtorName: 'Demo Events B.V.', debtorIban: 'NL91ABNA0417164300', debtorBic: 'ABNANL2A' }): Promise<void> {
  await t.db.query(`UPDATE company SET doc = jsonb_set(doc, '{settings,bank}', $2::jsonb) WHERE id = $1`, [t.companies[company], JSON.stringify(bank)]);
}

/** The local fake pay.nl: seed transactions, read the calls it got. */
export const fakePaynl = {
  url: () => process.env.PAYNL_URL!,
  async seed(id: string, transaction: Doc): Promise<void> {
    const response = await fetch(`${process.env.PAYNL_URL}/__fake/transactions/${encodeURIComponent(id)}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(transaction) });
    if (!response.ok) throw new Error(`seeding the fake pay.nl failed: ${response.status}`);
  },
  async calls(): Promise<{ method: string; path: string; body: Doc }[]> {
    return (await fetch(`${process.env.PAYNL_URL}/__fake/calls`)).json() as Promise<{ method: string; path: string; body: Doc }[]>;
  },
};
