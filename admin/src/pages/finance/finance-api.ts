import type { BulkAction, BulkRun, BulkRunSummary, FinanceOverview, UserActionResult, UserBalance } from '@backoffice/resources';
import { api } from '../../providers/http';

export type { BulkAction, BulkRun, BulkRunSummary, FinanceOverview, ItemStatus as RowStatus } from '@backoffice/resources';

/** The finance endpoints of the API (api/src/finance); amounts are integer cents everywhere. */
const BASE = '/api/company/finance';


export interface RefundRow {
  _id: string;
  name?: { full?: string };
  paymentType: string;
  state?: { id?: string; put?: { at?: { unix?: number } } };
  amount?: { cents?: number };
  amountLeft?: { cents?: number };
  userRef?: { userId?: string; user?: { _id: string; name?: { full?: string }; email?: { value?: string; anonymous?: boolean }; pay?: { iban?: string; valid?: boolean; cardholder?: string } } };
  refundable: { provider: boolean; iban: boolean; providerReason?: string; ibanReason?: string };
}

export interface RefundFilter {
  year: string;
  refundability: 'any' | 'provider' | 'iban' | 'none';
  leftover: boolean;
  anonymous: 'include' | 'exclude' | 'only';
}

export interface BankFile {
  id: string;
  fileName: string;
  createdAt: string;
  fileCount: number;
  transferCount: number;
  refundCount: number;
  totalCents: number;
  files: { name: string; transfers: number; totalCents: number }[];
  downloadUrl: string;
  skipped?: { paymentId: string; reason: string }[];
}


export interface UserSummary {
  _id: string;
  name?: { full?: string | null };
  email?: { value?: string | null };
}

export interface PaymentRow {
  _id: string;
  name?: { full?: string };
  paymentType?: string;
  state?: { id?: string; put?: { at?: { unix?: number } } };
  amount?: { cents?: number };
  amountLeft?: { cents?: number };
  user: UserSummary | null;
}

export interface TransactionRow {
  _id: string;
  name?: { full?: string };
  state?: { id?: string; put?: { at?: { unix?: number } } };
  amount?: { cents?: number };
  productRef?: { productId: string; price?: { cents?: number } }[];
  user: UserSummary | null;
  products: { productId: string; count: number; name: string | null; image: string | null }[];
}

export interface ProductChoice {
  _id: string;
  name: string | null;
  price: { cents: number };
  image: string | null;
}

export interface Page {
  start: number;
  end: number;
}

async function listed<T>(path: string, query: Record<string, string>): Promise<{ rows: T[]; total: number }> {
  const response = await api<T[]>(path, { query: new URLSearchParams(query) });
  return { rows: response.data, total: Number(response.headers.get('x-total-count') ?? response.data.length) };
}

export const filterQuery = (filter: RefundFilter) => ({ year: filter.year, refundability: filter.refundability, leftover: String(filter.leftover), anonymous: filter.anonymous });

export const financeApi = {
  overview: async (start: number, end: number) => (await api<FinanceOverview>(`${BASE}/overview`, { query: new URLSearchParams({ start: String(start), end: String(end) }) })).data,

  payments: (startMs: number, endMs: number, page: Page) =>
    listed<PaymentRow>(`${BASE}/payment`, { start: String(startMs), end: String(endMs), _start: String(page.start), _end: String(page.end) }),

  transactions: (startMs: number, endMs: number, page: Page) =>
    listed<TransactionRow>(`${BASE}/transaction`, { start: String(startMs), end: String(endMs), _start: String(page.start), _end: String(page.end) }),

  productChoices: async (search: string) => (await api<ProductChoice[]>(`${BASE}/product`, { query: new URLSearchParams({ q: search }) })).data,

  refunds: async (filter: RefundFilter, page: { start: number; end: number; sort?: string; order?: 'asc' | 'desc' }) => {
    const query = new URLSearchParams({ ...filterQuery(filter), _start: String(page.start), _end: String(page.end), ...(page.sort && { _sort: page.sort, _order: page.order ?? 'desc' }) });
    const response = await api<RefundRow[]>(`${BASE}/refund`, { query });
    return { rows: response.data, total: Number(response.headers.get('x-total-count') ?? response.data.length) };
  },

  refundPayment: async (id: string, way: 'provider' | 'iban') => (await api<{ message: string }>(`${BASE}/payment/${id}/${way === 'provider' ? 'refund' : 'refund-iban'}`, { method: 'POST' })).data,

  refundTransaction: async (id: string) => (await api<{ message: string; warning?: string }>(`${BASE}/transaction/${id}/refund`, { method: 'POST' })).data,

  /** moves the ticket of a paid multi-ticket transaction to the active user with this email */
  assignTicket: async (id: string, email: string) => (await api<{ message: string }>(`${BASE}/transaction/${id}/assign-email`, { method: 'POST', body: { email } })).data,

  setProducts: async (id: string, productIds: string[]) =>
    (await api<Record<string, unknown>>(`${BASE}/transaction/${id}/product`, { method: 'PUT', body: { productRef: productIds.map((productId) => ({ productId })) } })).data,

  /** `confirmedCount`: the number of payments the person was shown when confirming */
  makeBankFile: async (filter: RefundFilter, confirmedCount: number) =>
    (await api<BankFile>(`${BASE}/refund-bank-file`, { method: 'POST', body: { filter: filterQuery(filter), confirmedCount } })).data,

  bankFiles: async () => (await api<BankFile[]>(`${BASE}/refund-bank-file`, { query: '_start=0&_end=20' })).data,

  startBulk: async (action: BulkAction, filter: RefundFilter) => (await api<BulkRun>(`${BASE}/bulk`, { method: 'POST', body: { action, filter: filterQuery(filter) } })).data,

  bulk: async (id: string) => (await api<BulkRun>(`${BASE}/bulk/${id}`)).data,

  /** the runs still running or ended within a day, to reopen */
  bulkRuns: async () => (await api<BulkRunSummary[]>(`${BASE}/bulk`)).data,

  cancelBulk: async (id: string) => (await api<BulkRun>(`${BASE}/bulk/${id}/cancel`, { method: 'POST' })).data,

  userBalance: async (userId: string) => (await api<UserBalance>(`${BASE}/user/${encodeURIComponent(userId)}/balance`)).data,

  /** One user's refund, relink, sync or bank-account fetch: the per-user endpoints carry the bulk actions' names. */
  userAction: async (userId: string, action: BulkAction) => (await api<UserActionResult>(`${BASE}/user/${encodeURIComponent(userId)}/${action}`, { method: 'POST' })).data,

  /** Non-refundable credit (a cash-non-refundable payment) for finance and non-refundable admins. */
  addCredit: async (userId: string, cents: number, note: string) => {
    await api(`${BASE}/user/${encodeURIComponent(userId)}/credit`, { method: 'POST', body: { cents, ...(note && { note }) } });
  },
};

/** The API's message of a failed call, else the fallback (the spec's message). */
export function messageOf(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}
