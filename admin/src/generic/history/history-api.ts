import type { ActivityEntry, HistoryEntry, RestoreAnswer } from '@backoffice/resources';
import { MODEL_API } from '../../config';
import { api } from '../../providers/http';

export interface HistoryPage<T> {
  entries: T[];
  total: number;
  /** the total is a lower bound: more entries follow */
  more: boolean;
}

const pageQuery = (start: number, end: number, extra: Record<string, string | undefined> = {}) =>
  new URLSearchParams(Object.entries({ _start: String(start), _end: String(end), ...extra }).filter((entry): entry is [string, string] => entry[1] !== undefined));

async function page<T>(path: string, query: URLSearchParams): Promise<HistoryPage<T>> {
  const { data, headers } = await api<T[]>(path, { query });
  return { entries: data, total: Number(headers.get('x-total-count') ?? data.length), more: headers.get('x-total-count-lower-bound') === 'true' };
}

/** The API's history and activity routes (api/src/history). */
export const historyApi = {
  record: (resource: string, id: string, start: number, end: number) => page<HistoryEntry>(`${MODEL_API}/${resource}/${id}/history`, pageQuery(start, end)),
  restore: async (resource: string, id: string, entryId: string, version: string | undefined) =>
    (await api<RestoreAnswer>(`${MODEL_API}/${resource}/${id}/history/${entryId}/restore`, { method: 'POST', headers: version ? { 'If-Match': version } : {} })).data,
  activity: (start: number, end: number, filter: { actor?: string; model?: string; door?: string }) => page<ActivityEntry>('/api/company/activity', pageQuery(start, end, filter)),
};
