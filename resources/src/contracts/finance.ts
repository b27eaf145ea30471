import type { Doc } from '../paths';

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
