import { type DemoContext, type Doc, DEMO_DAY, metaOf, stateWithHistory } from './context';
import type { DemoEvent } from './events';
import type { DemoMerchant, DemoProduct } from './merchants';
import type { DemoUser } from './users';

/** Payment types of top-ups and their share; refunds are made afterwards from leftover credit. */
export const TOP_UP_TYPES = {
  paynl: 38, pin: 12, 'pin-softpos': 9, cash: 10, 'pin-terminal-paynl': 8, import: 5, internal: 3,
  'cash-non-refundable': 4, collection: 2, 'import-non-refundable': 3,
} as const;
export const TOP_UP_AMOUNTS = { 1000: 10, 2000: 18, 2500: 14, 3000: 10, 4000: 8, 5000: 18, 7500: 8, 10000: 10, 15000: 4 } as const;
const ONLINE_STATES = { completed: 76, pending: 4, created: 4, cancelled: 6, expired: 6, refunded: 4 } as const;
const OTHER_STATES = { completed: 91, cancelled: 3, refunded: 3, created: 1, pending: 1, expired: 1 } as const;
/** Transaction states and their share; accepted, paid and completed use credit. */
export const TRANSACTION_STATE_MIX = { paid: 55, accepted: 12, completed: 15, cancelled: 5, refunded: 4, failed: 3, pending: 3, created: 3 } as const;
const USES_CREDIT = new Set(['accepted', 'paid', 'completed']);
const TYPE_NAMES: Record<string, string> = {
  paynl: 'Online top-up', pin: 'Pin top-up', 'pin-softpos': 'SoftPOS top-up', cash: 'Cash top-up', 'pin-terminal-paynl': 'Pin terminal top-up',
  import: 'Imported credit', internal: 'Internal credit', 'cash-non-refundable': 'Cash top-up (non-refundable)', collection: 'Collection',
  'import-non-refundable': 'Imported credit (non-refundable)', refund: 'Refund', 'refund-cash': 'Cash refund',
};

interface DemoPayment {
  id: string;
  doc: Doc;
  type: string;
  state: string;
  userId: string;
  at: number;
  cents: number;
  left: number;
  /** the end of the visit the credit was bought for */
  windowEnd: number;
  event: DemoEvent | null;
}

export interface FinanceCounts {
  payments: number;
  transactions: number;
}

const euros = (cents: number) => `€ ${(cents / 100).toFixed(2)}`;

function paymentSteps(ctx: DemoContext, type: string, state: string, at: number): [string, number][] {
  const steps: [string, number][] = [['created', at]];
  if (state === 'created') return steps;
  if (type === 'paynl') steps.push(['pending', at + ctx.rng.int(2, 30)]);
  if (state === 'pending') return steps;
  if (state === 'refunded') return [...steps, ['completed', at + ctx.rng.int(31, 90)], ['refunded', at + ctx.rng.int(DEMO_DAY, 20 * DEMO_DAY)]];
  const end = state === 'expired' ? at + 900 : at + ctx.rng.int(31, 120);
  return [...steps, [state, end]];
}

/** When and for which visit a top-up happens: mostly during an event, some online in the week before, some at random. */
function visit(ctx: DemoContext, events: readonly DemoEvent[]): { at: number; windowEnd: number; event: DemoEvent | null } {
  const { rng, clock } = ctx;
  const roll = rng.next();
  if (events.length > 0 && roll < 0.9) {
    const event = rng.pick(events);
    const at = roll < 0.75 ? rng.int(event.start, event.end - 2 * 3600) : rng.int(event.start - 7 * DEMO_DAY, event.start);
    return { at, windowEnd: event.end, event };
  }
  const at = ctx.inYear();
  return { at, windowEnd: Math.min(clock.spreadEnd, at + 8 * 3600), event: null };
}

function topUp(ctx: DemoContext, users: readonly DemoUser[], events: readonly DemoEvent[]): DemoPayment {
  const { rng } = ctx;
  const type = rng.weighted(TOP_UP_TYPES);
  const state = rng.weighted(type === 'paynl' ? ONLINE_STATES : OTHER_STATES);
  const cents = Number(rng.weighted(TOP_UP_AMOUNTS));
  const user = rng.pick(users);
  const { at, windowEnd, event } = visit(ctx, events);
  const createdAt = Math.max(at, user.createdAt);
  const doc: Doc = {
    name: { full: `${TYPE_NAMES[type]} ${euros(cents)}` },
    paymentType: type,
    ...stateWithHistory(paymentSteps(ctx, type, state, createdAt)),
    amount: { cents },
    amountLeft: { cents: 0 },
    userRef: { userId: user.id },
    companyRef: { companyId: ctx.companyId },
    meta: metaOf('payment', createdAt),
  };
  if (type === 'paynl') {
    const transactionId = `EX-${rng.digits(4)}-${rng.digits(4)}-${rng.digits(4)}`;
    doc.meta = { ...(doc.meta as Doc), paynl: { transactionId, orderId: `${rng.digits(10)}X${rng.hex(6)}`, status: state.toUpperCase(), links: { redirect: `https://pay.paynl.test/${transactionId}` } } };
  }
  if (type === 'import' || type === 'import-non-refundable') doc.note = 'Imported from the ticket shop';
  const id = ctx.add('payment', createdAt, doc);
  return { id, doc, type, state, userId: user.id, at: createdAt, cents, left: 0, windowEnd: Math.max(windowEnd, createdAt + 3600), event };
}

function transactionSteps(ctx: DemoContext, state: string, at: number): [string, number][] {
  const { rng } = ctx;
  const steps: [string, number][] = [['created', at]];
  switch (state) {
    case 'created': return steps;
    case 'paid': case 'accepted': case 'cancelled': case 'failed': case 'pending': return [...steps, [state, at + rng.int(1, 20)]];
    case 'completed': return [...steps, ['paid', at + rng.int(1, 20)], ['completed', at + rng.int(600, 4 * 3600)]];
    default: return [...steps, ['paid', at + rng.int(1, 20)], [state, at + rng.int(3600, 20 * DEMO_DAY)]];
  }
}

function basket(ctx: DemoContext, merchant: DemoMerchant): DemoProduct[] {
  const { rng } = ctx;
  const size = rng.weighted({ 1: 55, 2: 28, 3: 12, 4: 5 });
  return Array.from({ length: Number(size) }, () => rng.pick(merchant.products));
}

/** One transaction paid from a payment's credit; refuses (failed) when the credit does not cover it. */
function spend(ctx: DemoContext, payment: DemoPayment, merchants: readonly DemoMerchant[], weights: Record<string, number>): void {
  const { rng, clock } = ctx;
  const merchant = merchants[Number(rng.weighted(weights))];
  let items = basket(ctx, merchant);
  let state: string = rng.weighted(TRANSACTION_STATE_MIX);
  let cents = items.reduce((sum, product) => sum + product.cents, 0);
  if (USES_CREDIT.has(state) && cents > payment.left) {
    const cheapest = [...merchant.products].sort((a, b) => a.cents - b.cents)[0];
    if (cheapest.cents <= payment.left) items = [cheapest];
    else state = 'failed';
    cents = items.reduce((sum, product) => sum + product.cents, 0);
  }
  if (USES_CREDIT.has(state)) payment.left -= cents;
  const end = Math.min(payment.windowEnd, clock.spreadEnd - 1);
  const at = rng.int(Math.min(payment.at + 60, end), end);
  const names = new Map<string, number>();
  for (const product of items) names.set(product.name, (names.get(product.name) ?? 0) + 1);
  const doc: Doc = {
    name: { full: `${merchant.name}: ${[...names].map(([name, n]) => (n > 1 ? `${n}× ${name}` : name)).join(', ')}` },
    ...stateWithHistory(transactionSteps(ctx, state, at)),
    amount: { cents },
    // now and then the price charged was an older price of the product
    productRef: items.map((product) => ({ productId: product.id, price: { cents: rng.chance(0.03) && product.cents > 50 ? product.cents - 50 : product.cents } })),
    paymentRef: [{ paymentId: payment.id }],
    merchantRef: { merchantId: merchant.id },
    registerTerminalRef: { registerTerminalId: rng.pick(merchant.terminalIds) },
    userRef: { userId: payment.userId },
    meta: metaOf('transaction', at),
  };
  // the charged prices add up to the amount
  (doc.amount as Doc).cents = (doc.productRef as { price: { cents: number } }[]).reduce((sum, item) => sum + item.price.cents, 0);
  const guestId = payment.event?.guestByUser.get(payment.userId);
  if (guestId) doc.eventGuestRef = { eventGuestId: guestId };
  ctx.add('transaction', at, doc);
}

/**
 * Payments (top-ups of every type and state, then refunds of leftover credit) and the transactions that
 * spend them at the merchants' registers. Completed payments keep what was not spent in amountLeft.
 */
export function seedFinance(ctx: DemoContext, users: readonly DemoUser[], events: readonly DemoEvent[], merchants: readonly DemoMerchant[], counts: FinanceCounts): void {
  const { rng, clock } = ctx;
  const payers = users.filter((user) => user.kind !== 'blocked' || rng.chance(0.3));
  const pastEvents = events.filter((event) => event.end <= clock.spreadEnd);
  const refunds = Math.round(counts.payments * 0.05);
  const payments = Array.from({ length: counts.payments - refunds }, () => topUp(ctx, payers, pastEvents));
  const spending = payments.filter((payment) => payment.state === 'completed' || payment.state === 'refunded');
  for (const payment of spending) payment.left = payment.cents;
  const weights = Object.fromEntries(merchants.map((merchant, index) => [index, merchant.weight]));
  // the share of the transactions follows the amount, with some spread; the rounding rest goes to random payments
  const shares = spending.map((payment) => payment.cents * (0.5 + rng.next()));
  const total = shares.reduce((sum, share) => sum + share, 0);
  const due = shares.map((share) => Math.floor((counts.transactions * share) / total));
  for (let rest = counts.transactions - due.reduce((sum, n) => sum + n, 0); rest > 0 && due.length > 0; rest--) due[rng.int(0, due.length - 1)]++;
  spending.forEach((payment, index) => {
    for (let i = 0; i < due[index]; i++) spend(ctx, payment, merchants, weights);
  });
  for (const payment of payments) {
    (payment.doc.amountLeft as Doc).cents = payment.state === 'completed' ? payment.left : 0;
  }
  // refunds pay back the leftover credit of completed payments: the original keeps a record of them
  const refundable = spending.filter((payment) => payment.state === 'completed' && payment.left > 0 && ['paynl', 'pin', 'pin-softpos', 'cash', 'pin-terminal-paynl', 'internal'].includes(payment.type));
  for (const original of rng.sample(refundable, refunds)) {
    const type = original.type === 'cash' ? 'refund-cash' : 'refund';
    const at = Math.min(clock.spreadEnd - 60, original.windowEnd + rng.int(DEMO_DAY, 14 * DEMO_DAY));
    const refundedAt = Math.max(at, original.at + 60);
    const id = ctx.add('payment', refundedAt, {
      name: { full: `${TYPE_NAMES[type]} ${euros(original.left)}` },
      paymentType: type,
      ...stateWithHistory([['created', refundedAt], ['completed', refundedAt + rng.int(5, 60)]]),
      amount: { cents: -original.left },
      amountLeft: { cents: 0 },
      userRef: { userId: original.userId },
      companyRef: { companyId: ctx.companyId },
      refundOfRef: { paymentId: original.id },
      meta: metaOf('payment', refundedAt),
    });
    original.doc.refundRef = [{ paymentId: id }];
    (original.doc.amountLeft as Doc).cents = 0;
  }
}
