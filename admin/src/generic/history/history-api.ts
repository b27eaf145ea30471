import type { ActivityEntry, HistoryEntry, RestoreAnswer } from '@backoffice/resources';
import { MODEL_API } from '../../config';
import { api } from '../../providers/http';
import { fetchPage, pageQuery } from '../../providers/paged';

/** The API's history and activity routes (api/src/history). */
export const historyApi = {
  record: (resource: string, id: string, start: number, end: number) => fetchPage<HistoryEntry>(`${MODEL_API}/${resource}/${id}/history`, pageQuery(start, end)),
  restore: async (resource: string, id: string, entryId: string, version: string | undefined) =>
    (await api<RestoreAnswer>(`${MODEL_API}/${resource}/${id}/history/${entryId}/restore`, { method: 'POST', headers: version ? { 'If-Match': version } : {} })).data,
  activity: (start: number, end: number, filter: { actor?: string; model?: string; door?: string }) => fetchPage<ActivityEntry>('/api/company/activity', pageQuery(start, end, filter)),
};
