import { findResource } from '@backoffice/resources';
import type { BatchDecision, BatchGroup, BatchItemRow, BatchItemState, BatchStatus, GroupOption, UndecidedBatch } from '@backoffice/resources';
import { api } from '../../providers/http';

/** The batch endpoints (api/src/communication/batch). */
const base = '/api/company/batch';

export const batchApi = {
  groupOptions: async () => (await api<GroupOption[]>(`${base}/group-options`)).data,
  count: async (group: BatchGroup) => (await api<{ count: number }>(`${base}/group/count`, { method: 'POST', body: { group }, readsOnly: true })).data.count,
  slots: async () => (await api<{ slots: number[] }>(`${base}/slots`)).data.slots,
  create: async (body: { group: BatchGroup; templateId: string; chunkSize?: number }) => (await api<BatchStatus>(base, { method: 'POST', body })).data,
  status: async (batchId: string) => (await api<BatchStatus>(`${base}/${batchId}`)).data,
  preview: async (batchId: string, seq: number) => (await api<{ html: string; subject: string; rendered: string }>(`${base}/${batchId}/items/${seq}/preview`)).data,
  items: async (batchId: string, start: number, end: number, state?: BatchItemState) => {
    const response = await api<BatchItemRow[]>(`${base}/${batchId}/items`, { query: new URLSearchParams({ _start: String(start), _end: String(end), ...(state && { state }) }) });
    return { rows: response.data, total: Number(response.headers.get('X-Total-Count') ?? response.data.length) };
  },
  run: async (batchId: string, body: { deliverAt?: number; chunkSize?: number }) => (await api<BatchStatus>(`${base}/${batchId}/run`, { method: 'POST', body })).data,
  pause: async (batchId: string) => (await api<BatchStatus>(`${base}/${batchId}/pause`, { method: 'POST' })).data,
  /** A decision on uncertain items: these seqs, or all of them without. */
  decide: async (batchId: string, decision: BatchDecision, seqs?: number[]) => (await api<BatchStatus>(`${base}/${batchId}/decisions`, { method: 'POST', body: { decision, ...(seqs && { seqs }) } })).data,
  undecided: async () => (await api<UndecidedBatch[]>(`${base}/undecided`)).data,
};

export interface NamedRecord {
  _id: string;
  name?: { full?: string };
  format?: string;
}

/** A model's records for the choice lists (events, timeslots, products, templates), archived ones left out. */
export async function namedRecords(model: string): Promise<NamedRecord[]> {
  const query = new URLSearchParams({ _start: '0', _end: '1000', _sort: 'name.full', _order: 'asc', ...(findResource(model)?.archivable && { 'meta.archived': 'false' }) });
  return (await api<NamedRecord[]>(`/api/company/model/${model}`, { query })).data;
}
