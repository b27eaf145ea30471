import type { Doc } from '../paths';
import { jsonSchema as s, type Schema } from './schema';

/** Answers of the finance endpoints (api/src/finance), shared by the API and the admin. Amounts are integer cents. */

/** Refunds through the payment provider: online payments only (part 2 section 4). */
export const PROVIDER_REFUND_TYPES: readonly string[] = ['paynl'];
/** Refunds by bank account (IBAN). */
export const IBAN_REFUND_TYPES: readonly string[] = ['paynl', 'pin-softpos', 'cash', 'pin', 'pin-terminal-paynl', 'internal'];

/** A paid transaction can be refunded for 30 days (part 2 section 9); after that only by a super admin. */
export const REFUND_LOCK_MS = 2_592_000_000;

/**
 * GET /api/company/finance/user/:userId/balance: who the user is, their leftover credit and debt, and what they come from:
 * the transactions that use credit (accepted, paid, completed) and all the user's payments, oldest first.
 */
export interface UserBalance {
  /** who the user is: enough for finance admins, who may not read users */
  user: { _id: string; name: { full: string | null }; email: { value: string | null; anonymous: boolean } };
  balance: { cents: number };
  debt: { cents: number };
  transaction: Doc[];
  payment: Doc[];
}

/** What a per-user payment action answers; `skipped` names why there was nothing to do. */
export interface UserActionResult {
  message: string;
  skipped?: string;
  [key: string]: unknown;
}

export interface FinanceOverview {
  start: number;
  end: number;
  transactionTotal: { _id: { state: string | null }; totalCount: number; totalCents: number }[];
  /** accepted, paid and completed together: what was sold */
  transactionAccepted: { totalCount: number; totalCents: number };
  paymentTypeTotal: { _id: { paymentType: string | null }; state: { id: string | null }; totalCount: number; totalCents: number; totalLeftCents?: number }[];
  /** completed payments (refunds count negative); super admins only, absent for everyone else */
  paymentTotal?: { totalCount: number; totalCents: number; totalLeftCents: number };
}

export type BulkAction = 'refund' | 'refund-iban' | 'sync' | 'relink' | 'fetch-iban';

/** Row status of a bulk run (spec part 1 section 4). */
export type ItemStatus = 'ready' | 'executing' | 'done' | 'skipped' | 'error';

/** A bulk run without its rows, as the refund screen lists the runs to reopen. */
export interface BulkRunSummary {
  id: string;
  action: BulkAction;
  /** stopped: at the first error of a sequential run; cancelled: by an admin, between two rows */
  status: 'running' | 'done' | 'stopped' | 'cancelled';
  concurrency: number;
  waitMs: number;
  message: string | null;
  createdAt: string;
  updatedAt: string;
  counts: Record<ItemStatus, number>;
}

export interface BulkRun extends BulkRunSummary {
  /** `label` names who the row is about (the user's name or email) */
  items: { position: number; targetKind: string; targetId: string; label: string | null; status: ItemStatus; message: string | null }[];
}

const count = s.integer({ minimum: 0 });
const cents = s.integer();
const record = (model: string) => s.ref(model);

/** Who a user is, for finance admins who may not read users. */
export const userSummarySchema: Schema<UserBalance['user']> = s.named(
  'UserSummary',
  s.object({ _id: s.objectId(), name: s.object({ full: s.nullable(s.string()) }), email: s.object({ value: s.nullable(s.string()), anonymous: s.boolean() }) }),
);

export const userBalanceSchema: Schema<UserBalance> = s.named(
  'UserBalance',
  s.object({
    user: userSummarySchema,
    balance: s.object({ cents }),
    debt: s.object({ cents }),
    transaction: s.array(record('transaction'), { description: 'the transactions that use credit (accepted, paid, completed)' }),
    payment: s.array(record('payment'), { description: "the user's payments, oldest first" }),
  }),
);

export const userActionResultSchema: Schema<UserActionResult> = s.named(
  'UserActionResult',
  s.object({ message: s.string(), skipped: s.string({ description: 'why there was nothing to do' }) }, { optional: ['skipped'], open: true, keywords: { description: 'what the action did (refunded, changed, checked, pay …)' } }),
);

export const financeOverviewSchema: Schema<FinanceOverview> = s.named(
  'FinanceOverview',
  s.object(
    {
      start: s.integer(),
      end: s.integer(),
      transactionTotal: s.array(s.object({ _id: s.object({ state: s.nullable(s.string()) }), totalCount: count, totalCents: cents })),
      transactionAccepted: s.object({ totalCount: count, totalCents: cents }),
      paymentTypeTotal: s.array(
        s.object(
          { _id: s.object({ paymentType: s.nullable(s.string()) }), state: s.object({ id: s.nullable(s.string()) }), totalCount: count, totalCents: cents, totalLeftCents: cents },
          { optional: ['totalLeftCents'] },
        ),
      ),
      paymentTotal: s.object({ totalCount: count, totalCents: cents, totalLeftCents: cents }),
    },
    { optional: ['paymentTotal'] },
  ),
);

const itemStatus = s.enum(['ready', 'executing', 'done', 'skipped', 'error']);
const bulkRunSummaryProperties = {
  id: s.objectId(),
  action: s.enum(['refund', 'refund-iban', 'sync', 'relink', 'fetch-iban']),
  status: s.enum(['running', 'done', 'stopped', 'cancelled']),
  concurrency: s.integer(),
  waitMs: s.integer(),
  message: s.nullable(s.string()),
  createdAt: s.string({ format: 'date-time' }),
  updatedAt: s.string({ format: 'date-time' }),
  counts: s.object({ ready: count, executing: count, done: count, skipped: count, error: count }),
};

export const bulkRunSummarySchema: Schema<BulkRunSummary> = s.named('BulkRunSummary', s.object(bulkRunSummaryProperties));

export const bulkRunSchema: Schema<BulkRun> = s.named(
  'BulkRun',
  s.object({
    ...bulkRunSummaryProperties,
    items: s.array(s.object({ position: count, targetKind: s.string(), targetId: s.objectId(), label: s.nullable(s.string()), status: itemStatus, message: s.nullable(s.string()) })),
  }),
);

/** A refund bank file made before: its files, transfers and total, and where to download it again. */
export interface BankFileInfo {
  id: string;
  fileName: string;
  contentType: string;
  createdAt: string;
  createdBy: string;
  fileCount: number;
  transferCount: number;
  refundCount: number;
  totalCents: number;
  files: { name: string; messageId: string; transfers: number; totalCents: number }[];
  downloadUrl: string;
}

const bankFileProperties = {
  id: s.objectId(),
  fileName: s.string(),
  contentType: s.string(),
  createdAt: s.string({ format: 'date-time' }),
  createdBy: s.string(),
  fileCount: count,
  transferCount: count,
  refundCount: count,
  totalCents: cents,
  files: s.array(s.object({ name: s.string(), messageId: s.string(), transfers: count, totalCents: cents })),
  downloadUrl: s.string(),
};
export const bankFileSchema: Schema<BankFileInfo> = s.named('BankFile', s.object(bankFileProperties));

/** A bank file just made, with the payments left out and why. */
export const bankFileMadeSchema: Schema<BankFileInfo & { skipped: { paymentId: string; reason: string }[] }> = s.named(
  'BankFileMade',
  s.object({ ...bankFileProperties, skipped: s.array(s.object({ paymentId: s.objectId(), reason: s.string() })) }),
);

/** A refund of a payment's leftover credit: the payment as it is now and the refund payment made. */
export const paymentRefundSchema = s.named('PaymentRefund', s.object({ message: s.string(), payment: record('payment'), refund: record('payment') }));

/** A paid transaction refunded: its amount went back to the credit it was paid from. */
export const transactionRefundSchema = s.named(
  'TransactionRefund',
  s.object(
    { message: s.string(), transaction: record('transaction'), credited: s.array(s.object({ paymentId: s.objectId(), cents })), warning: s.string({ description: 'older than 30 days (super admins)' }) },
    { optional: ['warning'] },
  ),
);

/** A ticket of a multi-ticket transaction assigned to another email. */
export const ticketAssignmentSchema = s.named(
  'TicketAssignment',
  s.object({ message: s.string(), transactionId: s.objectId(), eventGuestId: s.objectId(), user: s.object({ _id: s.objectId(), email: s.string() }) }),
);

/** A product of the transaction product editor. */
export const productChoiceSchema = s.named('ProductChoice', s.object({ _id: s.objectId(), name: s.nullable(s.string()), price: s.object({ cents }), image: s.nullable(s.string()) }));
