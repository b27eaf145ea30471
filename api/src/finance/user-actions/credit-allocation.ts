import { Injectable } from '@nestjs/common';
import { getPath, sameJson } from '@backoffice/resources';
import type { Queryable } from '../../database/database';
import type { Doc, StoredRecord } from '../../records/record-repository';
import type { Actor } from '../../auth/actor';
import { FinanceLedger } from '../finance-ledger';
import { REFUND_PAYMENT_TYPES, SPENDING_STATES, centsAt } from '../finance-rules';

export interface Allocation {
  /** new amountLeft per credit payment */
  left: Map<string, number>;
  /** the payments each spending transaction is paid from, in order */
  links: Map<string, string[]>;
  balanceCents: number;
  debtCents: number;
}

export interface AllocationResult {
  balanceCents: number;
  debtCents: number;
  changedPayments: string[];
  changedTransactions: string[];
}

const timeOf = (doc: Doc) => Number(getPath(doc, 'meta.createdAt') ?? getPath(doc, 'state.put.at.unix') ?? 0);
const byTime = (a: StoredRecord, b: StoredRecord) => timeOf(a.doc) - timeOf(b.doc) || a.id.localeCompare(b.id);
const refIds = (doc: Doc, path: string, key: string): string[] =>
  (Array.isArray(doc[path]) ? (doc[path] as Doc[]) : []).map((item) => item?.[key]).filter((id): id is string => typeof id === 'string');

/**
 * Which credit pays which spending, for one user. Credits are the user's payments that brought money in
 * (not refunds), in state completed or refunded, oldest first; each can give its amount minus what was
 * refunded of it. Spending is every transaction in an accepted state (accepted, paid, completed), oldest
 * first; each takes from the payments it is linked to first, then from the oldest completed credit with
 * something left. A payment in state refunded only pays what is linked to it. What no credit covers is debt.
 */
export function allocate(payments: readonly StoredRecord[], spends: readonly StoredRecord[]): Allocation {
  const refunded = new Map<string, number>();
  for (const payment of payments) {
    const original = getPath(payment.doc, 'refundOfRef.paymentId');
    const state = String(getPath(payment.doc, 'state.id'));
    if (typeof original !== 'string' || !REFUND_PAYMENT_TYPES.includes(String(payment.doc.paymentType)) || state === 'cancelled' || state === 'expired') continue;
    refunded.set(original, (refunded.get(original) ?? 0) - centsAt(payment.doc, 'amount.cents'));
  }
  const credits = payments
    .filter((payment) => !REFUND_PAYMENT_TYPES.includes(String(payment.doc.paymentType)))
    .filter((payment) => ['completed', 'refunded'].includes(String(getPath(payment.doc, 'state.id'))) && centsAt(payment.doc, 'amount.cents') > 0)
    .sort(byTime);
  const remaining = new Map(credits.map((credit) => [credit.id, Math.max(0, centsAt(credit.doc, 'amount.cents') - (refunded.get(credit.id) ?? 0))]));
  const open = credits.filter((credit) => getPath(credit.doc, 'state.id') === 'completed').map((credit) => credit.id);
  const links = new Map<string, string[]>();
  let debtCents = 0;
  for (const spend of [...spends].sort((a, b) => Number(getPath(a.doc, 'state.put.at.unix') ?? 0) - Number(getPath(b.doc, 'state.put.at.unix') ?? 0) || a.id.localeCompare(b.id))) {
    let need = centsAt(spend.doc, 'amount.cents');
    const used: string[] = [];
    const take = (creditId: string) => {
      const available = remaining.get(creditId) ?? 0;
      if (need <= 0 || available <= 0) return;
      const taken = Math.min(need, available);
      remaining.set(creditId, available - taken);
      need -= taken;
      if (!used.includes(creditId)) used.push(creditId);
    };
    for (const linked of refIds(spend.doc, 'paymentRef', 'paymentId')) take(linked);
    for (const creditId of open) take(creditId);
    debtCents += Math.max(0, need);
    links.set(spend.id, used);
  }
  const left = new Map(credits.map((credit) => [credit.id, getPath(credit.doc, 'state.id') === 'completed' ? remaining.get(credit.id)! : 0]));
  const balanceCents = [...left.values()].reduce((sum, cents) => sum + cents, 0);
  return { left, links, balanceCents, debtCents };
}

/** Recomputes a user's leftover credit (and, when relinking, the payment links of paid transactions). */
@Injectable()
export class CreditAllocation {
  constructor(private readonly ledger: FinanceLedger) {}

  private async load(tx: Queryable, companyId: string, userId: string, lock: boolean): Promise<{ payments: StoredRecord[]; spends: StoredRecord[] }> {
    const forUpdate = lock ? ' FOR UPDATE' : '';
    // lock order: transactions before payments, by id
    const spends = await tx.query<StoredRecord>(
      `SELECT id, doc FROM "transaction" WHERE company_id = $1 AND user_ref_user_id = $2 AND state_id = ANY($3::text[]) ORDER BY id${forUpdate}`,
      [companyId, userId, SPENDING_STATES],
    );
    const payments = await tx.query<StoredRecord>(`SELECT id, doc FROM "payment" WHERE company_id = $1 AND user_ref_user_id = $2 ORDER BY id${forUpdate}`, [companyId, userId]);
    return { payments, spends };
  }

  /** Locks a user's transactions, then their payments (the order every finance write keeps). */
  async lockUser(tx: Queryable, companyId: string, userId: string): Promise<{ payments: StoredRecord[]; spends: StoredRecord[] }> {
    await tx.query('SELECT id FROM "transaction" WHERE company_id = $1 AND user_ref_user_id = $2 ORDER BY id FOR UPDATE', [companyId, userId]);
    return this.load(tx, companyId, userId, true);
  }

  /** The balance without changing anything, with the payments and spending transactions it comes from. */
  async balance(tx: Queryable, companyId: string, userId: string): Promise<{ balanceCents: number; debtCents: number; payments: StoredRecord[]; spends: StoredRecord[] }> {
    const { payments, spends } = await this.load(tx, companyId, userId, false);
    const { balanceCents, debtCents } = allocate(payments, spends);
    return { balanceCents, debtCents, payments, spends };
  }

  /**
   * Locks the user's spending and payments and writes the new amountLeft of every credit that changed.
   * With `links`, paid transactions (only those may be relinked) also get the payments that pay them;
   * `onlyTransactionId` limits that to one transaction.
   */
  async run(tx: Queryable, actor: Actor, userId: string, options: { links: boolean; onlyTransactionId?: string }): Promise<AllocationResult> {
    const { payments, spends } = await this.load(tx, actor.companyId, userId, true);
    const allocation = allocate(payments, spends);
    const paymentChanges = payments
      .filter((payment) => allocation.left.has(payment.id) && allocation.left.get(payment.id) !== centsAt(payment.doc, 'amountLeft.cents'))
      .map((payment) => ({ before: payment, after: { ...payment.doc, amountLeft: { cents: allocation.left.get(payment.id)! } } }));
    const transactionChanges = !options.links
      ? []
      : spends
          .filter((spend) => getPath(spend.doc, 'state.id') === 'paid' && (!options.onlyTransactionId || spend.id === options.onlyTransactionId))
          .filter((spend) => !sameJson(refIds(spend.doc, 'paymentRef', 'paymentId'), allocation.links.get(spend.id) ?? []))
          .map((spend) => ({ before: spend, after: { ...spend.doc, paymentRef: (allocation.links.get(spend.id) ?? []).map((paymentId) => ({ paymentId })) } }));
    if (transactionChanges.length > 0) await this.ledger.saveMany(tx, actor, this.ledger.transaction, transactionChanges);
    if (paymentChanges.length > 0) await this.ledger.saveMany(tx, actor, this.ledger.payment, paymentChanges);
    return {
      balanceCents: allocation.balanceCents,
      debtCents: allocation.debtCents,
      changedPayments: paymentChanges.map((change) => change.before.id),
      changedTransactions: transactionChanges.map((change) => change.before.id),
    };
  }
}
