import type { BaseRecord, DataProvider, GetListParams } from '@refinedev/core';
import simpleRest, { generateFilter, generateSort, stringify } from '@refinedev/simple-rest';
import axios from 'axios';
import { MODEL_API } from '../config';
import { selectedCompanyId } from './company-store';
import { toHttpError } from './http';
import { type ListMeta, restFilters } from './list-query';

/** The client simple-rest calls with: the chosen company's header and our error shape (records carry `id` beside `_id`). */
export const httpClient = axios.create({ headers: { Accept: 'application/json' } });
httpClient.interceptors.request.use((config) => {
  const companyId = selectedCompanyId();
  if (companyId) config.headers.set('X-Company-Id', companyId);
  return config;
});
httpClient.interceptors.response.use(
  undefined,
  (error) => Promise.reject(error.response ? toHttpError(error.response.status, error.response.data) : { message: 'Could not reach the server', statusCode: 0 }),
);

const base = simpleRest(MODEL_API, httpClient);

/**
 * A list request's query string as simple-rest builds it (`_start`/`_end`, `_sort`/`_order`, filters), with our
 * filters and meta (`_in`, `_select`, `_populate`); `pagination.mode: 'off'` leaves paging out (exports).
 */
export function listQuery({ pagination, sorters, filters, meta }: Pick<GetListParams, 'pagination' | 'sorters' | 'filters' | 'meta'>): Record<string, string | number> {
  const { currentPage = 1, pageSize = 10, mode = 'server' } = pagination ?? {};
  const sort = generateSort(sorters);
  return {
    ...(mode === 'server' && { _start: (currentPage - 1) * pageSize, _end: currentPage * pageSize }),
    ...(sort && { _sort: sort._sort.join(','), _order: sort._order.join(',') }),
    ...generateFilter(restFilters(filters, meta as ListMeta)),
  };
}

/** Refine's simple-rest data provider for /api/company/model/{model}; only what our API adds is written here. */
export const dataProvider: DataProvider = {
  ...base,
  async getList(params) {
    const { data, headers } = await httpClient.get(`${MODEL_API}/${params.resource}?${stringify(listQuery(params))}`, { signal: params.meta?.queryContext?.signal });
    // the API counts up to a cap: above it the total is a lower bound ("more than 10 000")
    return { data, total: Number(headers['x-total-count'] ?? data.length), totalIsLowerBound: headers['x-total-count-lower-bound'] === 'true' };
  },
  async getMany({ resource, ids, meta }) {
    if (ids.length === 0) return { data: [] };
    const filters = restFilters([{ field: '_id', operator: 'in', value: ids }], meta as ListMeta);
    const { data } = await base.getList({ resource, pagination: { currentPage: 1, pageSize: ids.length }, filters });
    return { data: data as never };
  },
  async getOne({ resource, id, meta }) {
    const { data } = await httpClient.get(`${MODEL_API}/${resource}/${id}`, { params: generateFilter(restFilters([], meta as ListMeta)) });
    return { data };
  },
};

/** Archive, unarchive or duplicate one record. */
export async function recordAction(resource: string, id: string, action: 'archive' | 'unarchive' | 'duplicate'): Promise<BaseRecord> {
  const { data } = await httpClient.post(`${MODEL_API}/${resource}/${id}/${action}`);
  return data ?? {};
}
