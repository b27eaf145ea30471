import { Inject, Injectable } from '@nestjs/common';
import { getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import type { Doc, StoredRecord } from '../../records/record-repository';
import { normalizeIban, isValidIban } from '../bank-file/iban';
import { FinanceLedger } from '../finance-ledger';
import { FINANCE_MESSAGES, centsAt, isBlockedEmail, providerFailure, refundProblem, refused, requireRight } from '../finance-rules';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../paynl/payment-provider';

export interface RefundResult {
  message: string;
  payment: StoredRecord;
  refund: StoredRecord;
}

/** Why a user's bank account cannot receive a refund, or null when it can. */
export function bankAccountProblem(user: Doc | undefined): string | null {
  if (!user) return 'no-user';
  if (isBlockedEmail(getPath(user, 'email.value'))) return 'blocked';
  if (!isValidIban(getPath(user, 'pay.iban'))) return 'no-valid-iban';
  return null;
}

/** What a bank refund records about the account it goes to. */
export function bankDetails(user: Doc, at: number): Doc {
  const bic = getPath(user, 'pay.bic');
  const holder = getPath(user, 'pay.cardholder');
  return {
    iban: normalizeIban(String(getPath(user, 'pay.iban'))),
    ...(typeof bic === 'string' && bic.trim() && { bic: bic.trim().toUpperCase() }),
    ...(typeof holder === 'string' && holder.trim() && { holder: holder.trim() }),
    email: String(getPath(user, 'email.value') ?? '').trim().toLowerCase(),
    queuedAt: at,
  };
}

/**
 * Refunds of a payment's leftover credit. Each runs in one database transaction that first locks the
 * payment, so of many simultaneous refunds of the same credit exactly one finds something left.
 */
@Injectable()
export class RefundService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly ledger: FinanceLedger,
  ) {}

  /**
   * Through the payment provider (paynl payments only): the provider pays the leftover back, then the
   * refund payment is written. The provider is called while the payment is locked; when it refuses,
   * the transaction rolls back and nothing changes.
   */
  refundByProvider(actor: Actor, paymentId: string): Promise<RefundResult> {
    requireRight(actor, 'finance');
    return this.db.transaction(async (tx) => {
      const payment = await this.ledger.lock(tx, this.ledger.payment, actor.companyId, paymentId);
      const problem = refundProblem(payment.doc, 'provider');
      if (problem) throw refused(FINANCE_MESSAGES.couldNotRefund, problem);
      const cents = centsAt(payment.doc, 'amountLeft.cents');
      const transactionId = String(getPath(payment.doc, 'meta.paynl.transactionId'));
      let answer;
      try {
        answer = await this.provider.refund(transactionId, cents, `Refund ${String(getPath(payment.doc, 'name.full') ?? '')}`.trim());
      } catch (error) {
        throw providerFailure(FINANCE_MESSAGES.couldNotRefund, error);
      }
      return this.writeRefund(tx, actor, payment, cents, { type: 'refund', state: 'completed', paynl: { refund: answer.raw } });
    });
  }

  /**
   * By bank account: the credit leaves the user's balance now (a pending refund payment) and the next
   * refund bank file pays it. The user needs a valid IBAN and an account that is not blocked.
   */
  refundByIban(actor: Actor, paymentId: string): Promise<RefundResult> {
    requireRight(actor, 'finance');
    return this.db.transaction(async (tx) => {
      const payment = await this.ledger.lock(tx, this.ledger.payment, actor.companyId, paymentId);
      const problem = refundProblem(payment.doc, 'iban');
      if (problem) throw refused(FINANCE_MESSAGES.couldNotRefund, problem);
      const userId = String(getPath(payment.doc, 'userRef.userId') ?? '');
      const [user] = await tx.query<StoredRecord>('SELECT id, doc FROM "user" WHERE company_id = $1 AND id = $2', [actor.companyId, userId]);
      const accountProblem = bankAccountProblem(user?.doc);
      if (accountProblem) throw refused(FINANCE_MESSAGES.couldNotRefund, accountProblem);
      const cents = centsAt(payment.doc, 'amountLeft.cents');
      return this.writeRefund(tx, actor, payment, cents, { type: 'refund', state: 'pending', bank: bankDetails(user.doc, Math.floor(Date.now() / 1000)) });
    });
  }

  private async writeRefund(tx: Queryable, actor: Actor, payment: StoredRecord, cents: number, options: { type: 'refund' | 'refund-cash'; state: 'completed' | 'pending'; paynl?: Doc; bank?: Doc }): Promise<RefundResult> {
    const refund = await this.ledger.create(tx, actor, this.ledger.payment, this.ledger.refundDoc(payment, actor, { ...options, cents }));
    const saved = await this.ledger.save(tx, actor, this.ledger.payment, payment, this.ledger.linkRefund(payment.doc, refund.id, cents));
    return { message: FINANCE_MESSAGES.refunded, payment: saved, refund };
  }
}
