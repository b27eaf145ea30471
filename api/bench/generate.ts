import type { Queryable } from '../src/database/database';
import { quote } from '../src/database/naming';
import { bulkInsert, type NewRow } from '../src/database/bulk-insert';
import { findResource } from '@backoffice/resources';
import { DemoContext, type DemoClock, insertRows } from '../src/demo/context';
import { seedMerchants } from '../src/demo/merchants';
import { Random } from '../src/demo/random';
import { DEFAULT_USER_MIX, userDoc } from '../src/demo/users';

const DAY = 86_400;
/** Transactions and payments are spread over the two years before the data set's moment. */
export const SPREAD_DAYS = 730;
/** Share of transactions in state 'paid': with a 91-day window over 730 days, about 4 % of the rows match. */
export const TRANSACTION_STATES: Readonly<Record<string, number>> = { paid: 32, completed: 30, accepted: 10, refunded: 5, cancelled: 8, failed: 5, pending: 5, created: 5 };
const PAYMENT_TYPES: Readonly<Record<string, number>> = {
  paynl: 40, pin: 12, 'pin-softpos': 9, cash: 10, 'pin-terminal-paynl': 8, import: 5, internal: 3, 'cash-non-refundable': 4,
  collection: 2, 'import-non-refundable': 3, refund: 3, 'refund-cash': 1,
};
const PAYMENT_STATES: Readonly<Record<string, number>> = { completed: 80, pending: 4, created: 4, cancelled: 5, expired: 4, refunded: 3 };
/** Every fifth transaction is the first merchant's (200 000 of 1 000 000, the merchant live read's target); the rest spread over the others. */
export const BUSIEST_MERCHANT_EVERY = 5;
/** Transactions per payment: transaction g belongs to payment floor(g / 5). */
export const TRANSACTIONS_PER_PAYMENT = 5;

/** A weight table as a 100-entry array, so SQL can pick `arr[1 + hash % 100]`. */
export function spread(weights: Readonly<Record<string, number>>): string[] {
  const total = Object.values(weights).reduce((sum, weight) => sum + weight, 0);
  const out: string[] = [];
  for (const [key, weight] of Object.entries(weights)) for (let i = 0; i < Math.round((weight * 100) / total); i++) out.push(key);
  while (out.length < 100) out.push(Object.keys(weights)[0]);
  return out.slice(0, 100);
}

/** A deterministic non-negative pseudo-random integer from a bigint expression. */
export const h = (expression: string) => `(hashint8(${expression})::bigint & 2147483647)`;
/** The ISO date text of a unix-seconds expression, as the API writes `.date`. */
const iso = (unix: string) => `to_char(to_timestamp(${unix}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`;
export const moment = (unix: string) => `jsonb_build_object('unix', ${unix}, 'date', ${iso(unix)})`;
export const step = (id: string, unix: string) => `jsonb_build_object('id', ${id}, 'put', jsonb_build_object('at', ${moment(unix)}))`;
/** The id of payment p (dated at its creation). */
const paymentId = (p: string, now: string, span: string) => `lpad(to_hex(${now} - ${h(`${p} * 7 + 1`)} % ${span}), 8, '0') || 'b' || lpad(to_hex(${p}), 15, '0')`;

export interface CompanyPlan {
  companyId: string;
  nameId: string;
  users: number;
  transactions: number;
  /** first global row number of this company's transactions, so ids never collide between companies */
  firstRow: number;
}

export type Progress = (message: string) => void;


/** Merchants, products and register terminals from the demo generator. */
export async function generateMerchants(db: Queryable, plan: CompanyPlan, clock: DemoClock): Promise<{ id: string; name: string; terminals: string[]; products: { id: string; name: string; cents: number }[] }[]> {
  const ctx = new DemoContext(plan.companyId, new Random(`${plan.nameId}-merchants`), clock);
  const merchants = seedMerchants(ctx, 8);
  await insertRows(db, [ctx]);
  return merchants.map((merchant) => ({
    id: merchant.id,
    name: merchant.name,
    terminals: merchant.terminalIds,
    products: merchant.products.map((product) => ({ id: product.id, name: product.name, cents: product.cents })),
  }));
}

/** App users from the demo generator, inserted in chunks so memory stays flat. */
export async function generateUsers(db: Queryable, plan: CompanyPlan, clock: DemoClock, chunk: number, progress: Progress): Promise<void> {
  const rng = new Random(`${plan.nameId}-users`);
  const ctx = new DemoContext(plan.companyId, rng, clock);
  const def = findResource('user')!;
  for (let from = 0; from < plan.users; from += chunk) {
    const rows: NewRow[] = [];
    for (let index = from; index < Math.min(plan.users, from + chunk); index++) {
      const createdAt = clock.now - Math.floor(rng.next() * 3 * 365 * DAY) - 3600;
      const doc = userDoc(rng, rng.weighted(DEFAULT_USER_MIX), index, createdAt, clock.now, plan.companyId, `${plan.nameId}.test`);
      rows.push({ id: ctx.id(createdAt), companyId: plan.companyId, doc });
    }
    await bulkInsert(db, def, rows, 2000);
    progress(`users ${Math.min(plan.users, from + chunk)}/${plan.users}`);
  }
}

/**
 * Numbers the company's users 0..n-1 in a side table, so generated rows pick a user with a join
 * (indexing a 200 000-element array copies it for every row).
 */
export async function numberUsers(db: Queryable, companyId: string): Promise<number> {
  await db.query('CREATE TABLE IF NOT EXISTS bench_user_number (company_id text NOT NULL, n bigint NOT NULL, id text NOT NULL, PRIMARY KEY (company_id, n))');
  await db.query('DELETE FROM bench_user_number WHERE company_id = $1', [companyId]);
  await db.query('INSERT INTO bench_user_number SELECT company_id, row_number() OVER (ORDER BY id) - 1, id FROM "user" WHERE company_id = $1', [companyId]);
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM bench_user_number WHERE company_id = $1', [companyId]);
  return count;
}

/** Payments in SQL: one per five transactions, every type and state, completed ones with credit left. */
export async function generatePayments(db: Queryable, plan: CompanyPlan, now: number, chunk: number, progress: Progress): Promise<void> {
  const first = Math.floor(plan.firstRow / TRANSACTIONS_PER_PAYMENT);
  const last = Math.floor((plan.firstRow + plan.transactions - 1) / TRANSACTIONS_PER_PAYMENT);
  const span = SPREAD_DAYS * DAY;
  const users = await numberUsers(db, plan.companyId);
  for (let from = first; from <= last; from += chunk) {
    const to = Math.min(last, from + chunk - 1);
    await db.query(
      `INSERT INTO payment (id, company_id, doc)
      SELECT ${paymentId('s.p', '$4::bigint', '$5::bigint')}, $1, jsonb_build_object(
        'name', jsonb_build_object('full', 'Top-up € ' || (s.cents / 100) || '.00'),
        'paymentType', s.type,
        'state', jsonb_build_object('id', s.state, 'put', jsonb_build_object('at', ${moment('s.at + 30')})),
        'stateHistory', jsonb_build_array(${step("'created'", 's.at')}, ${step('s.state', 's.at + 30')}),
        'amount', jsonb_build_object('cents', CASE WHEN s.type LIKE 'refund%' THEN -s.cents ELSE s.cents END),
        'amountLeft', jsonb_build_object('cents', CASE WHEN s.state = 'completed' AND s.type NOT LIKE 'refund%' THEN s.cents * (${h('s.p * 7 + 5')} % 60) / 100 ELSE 0 END),
        'userRef', jsonb_build_object('userId', u.id),
        'companyRef', jsonb_build_object('companyId', $1::text),
        'meta', jsonb_build_object('createdAt', s.at, 'updatedAt', s.at + 30))
      FROM (
        SELECT p, $4::bigint - ${h('p * 7 + 1')} % $5::bigint AS at,
          ($6::text[])[1 + ${h('p * 7 + 2')} % 100] AS type,
          ($7::text[])[1 + ${h('p * 7 + 6')} % 100] AS state,
          (ARRAY[1000, 2000, 2500, 3000, 5000, 7500, 10000])[1 + ${h('p * 7 + 4')} % 7] AS cents
        FROM generate_series($2::bigint, $3::bigint) AS p
      ) s
      JOIN bench_user_number u ON u.company_id = $1 AND u.n = ${h('s.p * 7 + 3')} % $8::bigint`,
      [plan.companyId, from, to, now, span, spread(PAYMENT_TYPES), spread(PAYMENT_STATES), users],
    );
    progress(`payments ${to - first + 1}/${last - first + 1}`);
  }
}

/**
 * Transactions in SQL, much faster than sending documents: each is dated in the two years before `now`,
 * in a state of TRANSACTION_STATES, at a merchant's register (every fifth at the first merchant), with one to three of its products,
 * paid by the user of its payment.
 */
export async function generateTransactions(db: Queryable, plan: CompanyPlan, merchants: unknown, now: number, chunk: number, progress: Progress): Promise<void> {
  const span = SPREAD_DAYS * DAY;
  const end = plan.firstRow + plan.transactions - 1;
  const users = await numberUsers(db, plan.companyId);
  for (let from = plan.firstRow; from <= end; from += chunk) {
    const to = Math.min(end, from + chunk - 1);
    await db.query(
      `INSERT INTO "transaction" (id, company_id, doc)
      SELECT lpad(to_hex(s.at - 5), 8, '0') || 'a' || lpad(to_hex(s.g), 15, '0'), $1, jsonb_build_object(
        'name', jsonb_build_object('full', (s.merchant ->> 'name') || ': ' || i.names),
        'state', jsonb_build_object('id', s.state, 'put', jsonb_build_object('at', ${moment('s.at')})),
        'stateHistory', jsonb_build_array(${step("'created'", 's.at - 5')}, ${step('s.state', 's.at')}),
        'amount', jsonb_build_object('cents', i.cents),
        'productRef', i.refs,
        'paymentRef', jsonb_build_array(jsonb_build_object('paymentId', ${paymentId('s.p', '$4::bigint', '$5::bigint')})),
        'merchantRef', jsonb_build_object('merchantId', s.merchant ->> 'id'),
        'registerTerminalRef', jsonb_build_object('registerTerminalId', s.merchant -> 'terminals' ->> (${h('s.g * 11 + 4')} % jsonb_array_length(s.merchant -> 'terminals'))::int),
        'userRef', jsonb_build_object('userId', u.id),
        'meta', jsonb_build_object('createdAt', s.at - 5, 'updatedAt', s.at))
      FROM (
        SELECT g, g / ${TRANSACTIONS_PER_PAYMENT} AS p, $4::bigint - ${h('g * 11 + 1')} % $5::bigint AS at,
          ($7::text[])[1 + ${h('g * 11 + 2')} % 100] AS state,
          $6::jsonb -> (CASE WHEN g % ${BUSIEST_MERCHANT_EVERY} = 0 THEN 0 ELSE 1 + ${h('g * 11 + 3')} % (jsonb_array_length($6::jsonb) - 1) END)::int AS merchant
        FROM generate_series($2::bigint, $3::bigint) AS g
      ) s
      JOIN bench_user_number u ON u.company_id = $1 AND u.n = ${h('s.p * 7 + 3')} % $8::bigint
      CROSS JOIN LATERAL (
        SELECT jsonb_agg(jsonb_build_object('productId', x.product ->> 'id', 'price', jsonb_build_object('cents', (x.product ->> 'cents')::int))) AS refs,
          sum((x.product ->> 'cents')::int)::int AS cents,
          string_agg(x.product ->> 'name', ', ') AS names
        FROM (
          SELECT s.merchant -> 'products' -> (${h('s.g * 11 + 5 + k')} % jsonb_array_length(s.merchant -> 'products'))::int AS product
          FROM generate_series(1, 1 + (${h('s.g * 11 + 9')} % 3)::int) AS k
        ) x
      ) i`,
      [plan.companyId, from, to, now, span, JSON.stringify(merchants), spread(TRANSACTION_STATES), users],
    );
    progress(`transactions ${to - plan.firstRow + 1}/${plan.transactions}`);
  }
}
