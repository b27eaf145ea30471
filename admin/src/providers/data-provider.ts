import type { BaseRecord, DataProvider } from '@refinedev/core';
import { MODEL_API } from '../config';
import { api } from './http';
import { listQuery } from './list-query';

const modelUrl = (resource: string, id?: string | number, action?: string) =>
  [MODEL_API, encodeURIComponent(resource), id !== undefined ? encodeURIComponent(String(id)) : null, action].filter(Boolean).join('/');

const withId = <T extends BaseRecord>(record: T): T => (record && record.id === undefined && record._id !== undefined ? { ...record, id: record._id } : record);

function metaQuery(meta: Parameters<typeof listQuery>[0]['meta']): URLSearchParams | undefined {
  const query = listQuery({ pagination: { mode: 'off' }, meta });
  return query.size ? query : undefined;
}

/** Refine's data provider for /api/company/model/{model}, with `_select` and `_populate` from `meta`. */
export const dataProvider: DataProvider = {
  getApiUrl: () => MODEL_API,
  async getList({ resource, pagination, sorters, filters, meta }) {
    const { data, headers } = await api<BaseRecord[]>(modelUrl(resource), {
      query: listQuery({ pagination, sorters, filters, meta }),
      signal: meta?.queryContext?.signal,
    });
    const total = Number(headers.get('x-total-count') ?? data.length);
    // the API counts up to a cap: above it the total is a lower bound ("more than 10 000")
    return { data: data.map(withId) as never, total, totalIsLowerBound: headers.get('x-total-count-lower-bound') === 'true' };
  },
  async getMany({ resource, ids, meta }) {
    if (ids.length === 0) return { data: [] };
    const query = listQuery({ pagination: { currentPage: 1, pageSize: ids.length }, filters: [{ field: '_id', operator: 'in', value: ids }], meta });
    const { data } = await api<BaseRecord[]>(modelUrl(resource), { query, signal: meta?.queryContext?.signal });
    return { data: data.map(withId) as never };
  },
  async getOne({ resource, id, meta }) {
    const { data } = await api<BaseRecord>(modelUrl(resource, id), { query: metaQuery(meta), signal: meta?.queryContext?.signal });
    return { data: withId(data) as never };
  },
  async create({ resource, variables }) {
    const { data } = await api<BaseRecord>(modelUrl(resource), { method: 'POST', body: variables });
    return { data: withId(data) as never };
  },
  async update({ resource, id, variables }) {
    const { data } = await api<BaseRecord>(modelUrl(resource, id), { method: 'PATCH', body: variables });
    return { data: withId(data) as never };
  },
  async deleteOne({ resource, id }) {
    const { data } = await api<BaseRecord>(modelUrl(resource, id), { method: 'DELETE' });
    return { data: (data || { id }) as never };
  },
  async custom({ url, method, payload, query, headers }) {
    const search = query ? new URLSearchParams(query as Record<string, string>) : undefined;
    const { data } = await api(url, { method: method.toUpperCase(), body: payload, query: search, headers: headers as Record<string, string> });
    return { data: data as never };
  },
};

/** Archive, unarchive or duplicate one record. */
export async function recordAction(resource: string, id: string, action: 'archive' | 'unarchive' | 'duplicate'): Promise<BaseRecord> {
  const { data } = await api<BaseRecord>(modelUrl(resource, id, action), { method: 'POST' });
  return withId(data ?? {});
}
