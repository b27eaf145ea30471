import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { REFUND_LOCK_MS, getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import type { Doc, StoredRecord } from '../../records/record-repository';
import { FinanceLedger } from '../finance-ledger';
import { FINANCE_MESSAGES, centsAt, isSuper, refused, requireRight, withState } from '../finance-rules';
import { CreditAllocation } from '../user-actions/credit-allocation';

export interface ProductItem {
  productId: string;
  price: { cents: number };
}

export interface TransactionRefundResult {
  message: string;
  transaction: StoredRecord;
  /** leftover credit that came back, per payment */
  credited: { paymentId: string; cents: number }[];
  warning?: string;
}

/** Only a paid transaction can be edited, refunded or relinked (part 2 section 4). */
export function requirePaid(transaction: StoredRecord, what: 'edited' | 'refunded' | 'relinked'): void {
  if (getPath(transaction.doc, 'state.id') !== 'paid') throw refused(`Only a paid transaction can be ${what}`, 'not-paid');
}

const userOf = (doc: Doc) => getPath(doc, 'userRef.userId');

/**
 * Transaction rules: refund (30-day lock, super admins may override and are warned), relink, and the
 * product editor (amount = sum of the product prices, payment links emptied). Every change of what a
 * user spent recomputes that user's leftover credit in the same database transaction.
 */
@Injectable()
export class TransactionService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly ledger: FinanceLedger,
    private readonly allocation: CreditAllocation,
  ) {}

  refund(actor: Actor, id: string, now = Date.now()): Promise<TransactionRefundResult> {
    requireRight(actor, 'finance');
    return this.db.transaction(async (tx) => {
      const transaction = await this.lockWithUser(tx, actor.companyId, id);
      requirePaid(transaction, 'refunded');
      const paidAt = Number(getPath(transaction.doc, 'state.put.at.unix') ?? getPath(transaction.doc, 'meta.createdAt') ?? 0) * 1000;
      const tooOld = now - paidAt > REFUND_LOCK_MS;
      if (tooOld && !isSuper(actor)) throw refused(FINANCE_MESSAGES.tooOld, 'too-old');
      const before = await this.leftByPayment(tx, actor.companyId, transaction.doc);
      const saved = await this.ledger.save(tx, actor, this.ledger.transaction, transaction, withState(transaction.doc, 'refunded', actor, now));
      const userId = userOf(transaction.doc);
      if (typeof userId === 'string') await this.allocation.run(tx, actor, userId, { links: false });
      const after = await this.leftByPayment(tx, actor.companyId, transaction.doc);
      const credited = [...after].map(([paymentId, cents]) => ({ paymentId, cents: cents - (before.get(paymentId) ?? 0) })).filter((entry) => entry.cents !== 0);
      return { message: FINANCE_MESSAGES.refunded, transaction: saved, credited, ...(tooOld && { warning: FINANCE_MESSAGES.oldWarning }) };
    });
  }

  /** Links a paid transaction to the payments that pay it (the user's credit is recomputed as well). */
  relink(actor: Actor, id: string): Promise<StoredRecord> {
    requireRight(actor, 'finance');
    return this.db.transaction(async (tx) => {
      const transaction = await this.lockWithUser(tx, actor.companyId, id);
      requirePaid(transaction, 'relinked');
      const userId = userOf(transaction.doc);
      if (typeof userId !== 'string') throw refused('The transaction has no user to relink payments of', 'no-user');
      await this.allocation.run(tx, actor, userId, { links: true, onlyTransactionId: id });
      return this.ledger.lock(tx, this.ledger.transaction, actor.companyId, id);
    });
  }

  /** Replaces the products of a paid transaction. */
  setProducts(actor: Actor, id: string, productIds: unknown): Promise<StoredRecord> {
    requireRight(actor, 'finance');
    const ids = checkedProductIds(productIds);
    return this.edit(actor, id, () => ids);
  }

  addProduct(actor: Actor, id: string, productId: unknown): Promise<StoredRecord> {
    requireRight(actor, 'finance');
    const [added] = checkedProductIds([productId]);
    return this.edit(actor, id, (current) => [...current, added]);
  }

  /** Removes the product at an index; without an index the answer is 'index-required' (404). */
  removeProduct(actor: Actor, id: string, index: string | undefined): Promise<StoredRecord> {
    requireRight(actor, 'finance');
    if (index === undefined || index === '' || !/^\d+$/.test(index)) throw new NotFoundException({ message: FINANCE_MESSAGES.indexRequired });
    const position = Number(index);
    return this.edit(actor, id, (current) => {
      if (position >= current.length) throw new NotFoundException({ message: FINANCE_MESSAGES.indexRequired });
      return current.filter((_, at) => at !== position);
    });
  }

  private edit(actor: Actor, id: string, change: (current: string[]) => string[]): Promise<StoredRecord> {
    return this.db.transaction(async (tx) => {
      const transaction = await this.lockWithUser(tx, actor.companyId, id);
      requirePaid(transaction, 'edited');
      const current = (Array.isArray(transaction.doc.productRef) ? (transaction.doc.productRef as Doc[]) : []).map((item) => String(item.productId));
      const after = await this.withProducts(tx, actor.companyId, transaction.doc, change(current));
      const saved = await this.ledger.save(tx, actor, this.ledger.transaction, transaction, after);
      const userId = userOf(transaction.doc);
      if (typeof userId === 'string') await this.allocation.run(tx, actor, userId, { links: false });
      return saved;
    });
  }

  /** The transaction with these products at their current prices, the amount their sum, no payment links. */
  async withProducts(tx: Queryable, companyId: string, doc: Doc, productIds: readonly string[]): Promise<Doc> {
    const unique = [...new Set(productIds)];
    const rows = unique.length === 0 ? [] : await tx.query<{ id: string; cents: number | null }>(
      'SELECT id, price_cents AS cents FROM "product" WHERE company_id = $1 AND id = ANY($2::text[])',
      [companyId, unique],
    );
    const prices = new Map(rows.map((row) => [row.id, Number(row.cents ?? 0)]));
    const missing = unique.filter((productId) => !prices.has(productId));
    if (missing.length > 0) throw new BadRequestException({ message: `Unknown product ${missing.join(', ')}`, errors: missing.map((productId) => ({ field: 'productRef', message: `Unknown product ${productId}` })) });
    const items: ProductItem[] = productIds.map((productId) => ({ productId, price: { cents: prices.get(productId)! } }));
    const cents = items.reduce((sum, item) => sum + item.price.cents, 0);
    return { ...doc, productRef: items, amount: { cents }, paymentRef: [] };
  }

  /**
   * Locks the transaction together with every transaction of its user, in id order: the credit
   * recomputation that follows locks the same rows in the same order, so two edits of one user's
   * transactions wait for each other instead of deadlocking.
   */
  private async lockWithUser(tx: Queryable, companyId: string, id: string): Promise<StoredRecord> {
    const [found] = await tx.query<StoredRecord>('SELECT id, doc FROM "transaction" WHERE company_id = $1 AND id = $2', [companyId, id]);
    if (!found) throw new NotFoundException({ message: `No transaction with id ${id}` });
    const userId = userOf(found.doc);
    const locked = await tx.query<StoredRecord>(
      'SELECT id, doc FROM "transaction" WHERE company_id = $1 AND (id = $2 OR user_ref_user_id = $3) ORDER BY id FOR UPDATE',
      [companyId, id, typeof userId === 'string' ? userId : null],
    );
    const transaction = locked.find((row) => row.id === id);
    if (!transaction) throw new NotFoundException({ message: `No transaction with id ${id}` });
    if (userOf(transaction.doc) !== userId) throw refused('The transaction changed while it was being edited, try again', 'changed');
    return transaction;
  }

  private async leftByPayment(tx: Queryable, companyId: string, transaction: Doc): Promise<Map<string, number>> {
    const userId = userOf(transaction);
    if (typeof userId !== 'string') return new Map();
    const rows = await tx.query<StoredRecord>('SELECT id, doc FROM "payment" WHERE company_id = $1 AND user_ref_user_id = $2', [companyId, userId]);
    return new Map(rows.map((row) => [row.id, centsAt(row.doc, 'amountLeft.cents')]));
  }
}

function checkedProductIds(value: unknown): string[] {
  const items = Array.isArray(value) ? value : null;
  const ids = items?.map((item) => (typeof item === 'string' ? item : (item as Doc | null)?.productId));
  if (!ids || ids.some((id) => typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id))) {
    throw new BadRequestException({ message: 'productRef must be a list of product ids', errors: [{ field: 'productRef', message: 'must be a list of product ids' }] });
  }
  return ids as string[];
}
