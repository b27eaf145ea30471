import { BadGatewayException, BadRequestException, HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { MONEY_LIMIT_CENTS, type UserActionResult, type UserBalance, getPath } from '@backoffice/resources';
import type { Actor } from '../../auth/actor';
import { newId } from '../../common/object-id';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import type { Doc, StoredRecord } from '../../records/record-repository';
import { isValidBic, isValidIban, normalizeIban } from '../bank-file/iban';
import { FinanceLedger } from '../finance-ledger';
import { output, userSummary } from '../finance-output';
import { FINANCE_MESSAGES, euros, momentNow, providerFailure, refundProblem, refused, requireRight, withState } from '../finance-rules';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderStatus, paymentStateOf } from '../paynl/payment-provider';
import { RefundService, bankAccountProblem } from '../refund/refund.service';
import { CreditAllocation } from './credit-allocation';

/** The outcome of a per-user action; `skipped` names why there was nothing to do. */
const SYNCED_STATES = ['created', 'pending', 'completed'];

/**
 * Per-user payment actions (part 1 section 7): refund, refund by bank account, relink payments, sync all
 * payments with the provider, fetch the bank account number from the provider; plus the user's balance
 * and non-refundable credit. Provider calls happen before any write; when one fails nothing changes.
 */
@Injectable()
export class UserPaymentService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly ledger: FinanceLedger,
    private readonly allocation: CreditAllocation,
    private readonly refunds: RefundService,
  ) {}

  private async user(companyId: string, userId: string, tx: Queryable = this.db): Promise<StoredRecord> {
    const [user] = await tx.query<StoredRecord>('SELECT id, doc FROM "user" WHERE company_id = $1 AND id = $2', [companyId, userId]);
    if (!user) throw new NotFoundException({ message: `No user with id ${userId}` });
    return user;
  }

  private payments(companyId: string, userId: string): Promise<StoredRecord[]> {
    return this.db.query<StoredRecord>('SELECT id, doc FROM "payment" WHERE company_id = $1 AND user_ref_user_id = $2 ORDER BY state_put_at_unix DESC NULLS LAST, id DESC', [companyId, userId]);
  }

  /** Refunds every payment of the user that can be refunded this way, each in its own transaction. */
  async refundAll(actor: Actor, userId: string, way: 'provider' | 'iban'): Promise<UserActionResult> {
    requireRight(actor, 'finance');
    const user = await this.user(actor.companyId, userId);
    const accountProblem = way === 'iban' ? bankAccountProblem(user.doc) : null;
    if (accountProblem) throw new HttpException({ message: FINANCE_MESSAGES.couldNotRefund, reason: accountProblem }, 422);
    const candidates = (await this.payments(actor.companyId, userId)).filter((payment) => refundProblem(payment.doc, way) === null);
    if (candidates.length === 0) throw refused(FINANCE_MESSAGES.couldNotRefund, 'nothing-left');
    const refunded: { paymentId: string; cents: number }[] = [];
    const failed: { paymentId: string; message: string; reason?: string; status: number }[] = [];
    for (const payment of candidates) {
      try {
        const result = way === 'provider' ? await this.refunds.refundByProvider(actor, payment.id) : await this.refunds.refundByIban(actor, payment.id);
        refunded.push({ paymentId: payment.id, cents: -Number(getPath(result.refund.doc, 'amount.cents')) });
      } catch (error) {
        if (!(error instanceof HttpException)) throw error;
        const body = error.getResponse() as { message?: string; reason?: string };
        failed.push({ paymentId: payment.id, message: String(body.message ?? error.message), reason: body.reason, status: error.getStatus() });
      }
    }
    if (failed.length > 0) {
      const answer = { message: FINANCE_MESSAGES.couldNotRefundPayments, reason: 'some-failed', refunded, failed };
      // 502 only when the provider failed; refusals of our own (e.g. a payment refunded meanwhile) are a conflict
      throw failed.some((failure) => failure.status >= 500) ? new BadGatewayException(answer) : new HttpException(answer, 409);
    }
    return { message: FINANCE_MESSAGES.refunded, refunded };
  }

  /** Relinks the user's paid transactions to the payments that pay them and recomputes leftover credit. */
  async relink(actor: Actor, userId: string): Promise<UserActionResult> {
    requireRight(actor, 'finance');
    await this.user(actor.companyId, userId);
    const result = await this.db.transaction(async (tx) => {
      await this.allocation.lockUser(tx, actor.companyId, userId);
      return this.allocation.run(tx, actor, userId, { links: true });
    });
    return { message: 'Successfully updated!', ...result };
  }

  /** The provider's status of every online payment of the user; states that changed are written. */
  async syncAll(actor: Actor, userId: string): Promise<UserActionResult> {
    requireRight(actor, 'finance');
    await this.user(actor.companyId, userId);
    const online = (await this.payments(actor.companyId, userId)).filter(
      (payment) => typeof getPath(payment.doc, 'meta.paynl.transactionId') === 'string' && SYNCED_STATES.includes(String(getPath(payment.doc, 'state.id'))),
    );
    if (online.length === 0) return { message: 'Nothing to sync', skipped: 'no-provider-payments', changed: [] };
    const statuses = new Map<string, ProviderStatus>();
    for (const payment of online) statuses.set(payment.id, await this.status(payment));
    const changed = await this.applyStatuses(actor, userId, statuses);
    return { message: 'Successfully updated!', checked: online.length, changed };
  }

  /** The provider's status of one payment. */
  async syncPayment(actor: Actor, paymentId: string): Promise<UserActionResult> {
    requireRight(actor, 'finance');
    const [payment] = await this.db.query<StoredRecord>('SELECT id, doc FROM "payment" WHERE company_id = $1 AND id = $2', [actor.companyId, paymentId]);
    if (!payment) throw new NotFoundException({ message: `No payment with id ${paymentId}` });
    if (typeof getPath(payment.doc, 'meta.paynl.transactionId') !== 'string') throw refused(FINANCE_MESSAGES.couldNotGetDetails, 'no-provider-transaction');
    const userId = String(getPath(payment.doc, 'userRef.userId') ?? '');
    const changed = await this.applyStatuses(actor, userId, new Map([[payment.id, await this.status(payment)]]));
    return { message: 'Successfully updated!', checked: 1, changed };
  }

  private async status(payment: StoredRecord): Promise<ProviderStatus> {
    try {
      return await this.provider.status(String(getPath(payment.doc, 'meta.paynl.transactionId')));
    } catch (error) {
      throw providerFailure(FINANCE_MESSAGES.couldNotGetDetails, error);
    }
  }

  private applyStatuses(actor: Actor, userId: string, statuses: Map<string, ProviderStatus>): Promise<{ paymentId: string; from: string; to: string }[]> {
    return this.db.transaction(async (tx) => {
      const { payments } = await this.allocation.lockUser(tx, actor.companyId, userId);
      const changed: { paymentId: string; from: string; to: string }[] = [];
      for (const payment of payments) {
        const status = statuses.get(payment.id);
        if (!status) continue;
        const from = String(getPath(payment.doc, 'state.id'));
        const to = paymentStateOf(status.code);
        const known = (getPath(payment.doc, 'meta.paynl') as Doc | undefined) ?? {};
        if (to === from && known.statusCode === status.code && known.status === status.action) continue;
        const paynl = { ...known, status: status.action, statusCode: status.code, syncedAt: momentNow().unix };
        let after: Doc = { ...payment.doc, meta: { ...(payment.doc.meta as Doc | undefined), paynl } };
        if (to !== from) {
          after = withState(after, to, actor);
          if (to !== 'completed') after.amountLeft = { cents: 0 };
          else if (from !== 'completed') after.amountLeft = { cents: Math.max(0, Number(getPath(payment.doc, 'amount.cents') ?? 0)) };
          changed.push({ paymentId: payment.id, from, to });
        }
        await this.ledger.save(tx, actor, this.ledger.payment, payment, after);
      }
      if (changed.length > 0) await this.allocation.run(tx, actor, userId, { links: false });
      return changed;
    });
  }

  /** The payer's bank account from the provider, written to the user's payment details. */
  async fetchBankAccount(actor: Actor, userId: string): Promise<UserActionResult> {
    requireRight(actor, 'finance');
    await this.user(actor.companyId, userId);
    const online = (await this.payments(actor.companyId, userId)).filter((payment) => typeof getPath(payment.doc, 'meta.paynl.transactionId') === 'string');
    if (online.length === 0) return { message: 'No online payments to ask the bank account of', skipped: 'no-provider-payments' };
    let account: ProviderStatus['bankAccount'] = null;
    for (const payment of online) {
      account = (await this.status(payment)).bankAccount;
      if (account) break;
    }
    if (!account) return { message: 'The payment provider knows no bank account of this user', skipped: 'no-bank-account' };
    if (!isValidIban(account.iban)) return { message: 'The payment provider sent an account number that is not a valid IBAN', skipped: 'invalid-iban' };
    const found = account;
    const pay = await this.db.transaction(async (tx) => {
      const user = await this.ledger.lock(tx, this.ledger.user, actor.companyId, userId);
      const current = (user.doc.pay as Doc | undefined) ?? {};
      const next: Doc = {
        ...current,
        iban: normalizeIban(found.iban),
        valid: true,
        ...(found.bic && isValidBic(found.bic) && { bic: found.bic.trim().toUpperCase() }),
        ...(found.name && !current.cardholder && { cardholder: found.name }),
      };
      await this.ledger.save(tx, actor, this.ledger.user, user, { ...user.doc, pay: next });
      return next;
    });
    return { message: 'Successfully updated!', pay };
  }

  /** Non-refundable credit given to a user (type cash-non-refundable), for finance and non-refundable admins. */
  async addCredit(actor: Actor, userId: string, body: { cents?: unknown; note?: unknown }): Promise<StoredRecord> {
    if (!(['super', 'finance', 'financeNonRefundable'] as const).some((right) => actor.rights.has(right))) requireRight(actor, 'financeNonRefundable');
    const cents = body?.cents;
    if (typeof cents !== 'number' || !Number.isInteger(cents) || cents <= 0) {
      throw new BadRequestException({ message: FINANCE_MESSAGES.validAmount, errors: [{ field: 'cents', message: FINANCE_MESSAGES.validAmount }] });
    }
    if (cents > MONEY_LIMIT_CENTS) {
      const message = `cents must be at most ${MONEY_LIMIT_CENTS} (${euros(MONEY_LIMIT_CENTS)}) in one credit`;
      throw new BadRequestException({ message, errors: [{ field: 'cents', message }] });
    }
    const note = typeof body.note === 'string' ? body.note.slice(0, 500) : undefined;
    return this.db.transaction(async (tx) => {
      await this.allocation.lockUser(tx, actor.companyId, userId);
      await this.user(actor.companyId, userId, tx);
      const at = momentNow();
      const put = { at, by: actor.userId };
      const payment = await this.ledger.create(tx, actor, this.ledger.payment, {
        name: { full: `Credit ${euros(cents)}` },
        paymentType: 'cash-non-refundable',
        state: { id: 'completed', put },
        stateHistory: [{ id: 'completed', put }],
        amount: { cents },
        amountLeft: { cents },
        userRef: { userId },
        companyRef: { companyId: actor.companyId },
        ...(note && { note }),
        meta: { createdAt: at.unix, updatedAt: at.unix },
      }, newId());
      await this.allocation.run(tx, actor, userId, { links: false });
      return (await tx.query<StoredRecord>('SELECT id, doc FROM "payment" WHERE company_id = $1 AND id = $2', [actor.companyId, payment.id]))[0];
    });
  }

  async balance(actor: Actor, userId: string): Promise<UserBalance> {
    requireRight(actor, 'finance');
    const user = await this.user(actor.companyId, userId);
    const { balanceCents, debtCents, payments, spends } = await this.allocation.balance(this.db, actor.companyId, userId);
    return {
      // who it is, for finance admins who may not read users
      user: userSummary(user),
      balance: { cents: balanceCents },
      debt: { cents: debtCents },
      transaction: spends.map((spend) => output('transaction', spend, actor)),
      payment: payments.map((payment) => output('payment', payment, actor)),
    };
  }
}
