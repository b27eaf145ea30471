import type { SearchAnswer } from '@backoffice/resources';
import { api } from '../providers/http';

/** The search across everything (api/src/search). */
export async function searchEverything(q: string, signal: AbortSignal): Promise<SearchAnswer> {
  return (await api<SearchAnswer>('/api/company/search', { query: new URLSearchParams({ q }), signal })).data;
}
