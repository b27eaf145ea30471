/** Answers of the finance endpoints (api/src/finance), shared by the API and the admin. Amounts are integer cents. */

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

export interface BulkRun {
  id: string;
  action: BulkAction;
  status: 'running' | 'done' | 'stopped';
  concurrency: number;
  waitMs: number;
  message: string | null;
  createdAt: string;
  updatedAt: string;
  counts: Record<ItemStatus, number>;
  items: { position: number; targetKind: string; targetId: string; status: ItemStatus; message: string | null }[];
}
