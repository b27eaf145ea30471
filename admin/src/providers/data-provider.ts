import type { BaseRecord, DataProvider, GetListParams, GetListResponse, GetOneResponse } from '@refinedev/core';
import type { QueryKey } from '@tanstack/react-query';
import simpleRest, { generateFilter, generateSort, stringify } from '@refinedev/simple-rest';
import axios from 'axios';
import { MODEL_API } from '../config';
import { keepVersion } from '../generic/history/record-versions';
import { takeAnswerAhead } from './answers-ahead';
import { selectedCompanyId } from './company-store';
import { toHttpError } from './http';
import { type ListMeta, restFilters } from './list-query';

/**
 * The client simple-rest calls with: the chosen company's header and our error shape (records carry `id` beside `_id`).
 * No XSRF token (the session cookie is SameSite, the API reads none): axios would otherwise read the cookie store
 * asynchronously before every request, sending it after whatever React renders meanwhile.
 */
export const httpClient = axios.create({ headers: { Accept: 'application/json' }, withXSRFToken: false });
// synchronous: the request goes out in the same task as the query asks for it, not after the microtasks of an
// interceptor chain, behind which React re-rendered the page (40 to 60 ms) before a list's request was sent
httpClient.interceptors.request.use(
  (config) => {
    const companyId = selectedCompanyId();
    if (companyId) config.headers.set('X-Company-Id', companyId);
    return config;
  },
  undefined,
  { synchronous: true },
);
httpClient.interceptors.response.use(
  (response) => {
    keepVersion(response.config.url ?? '', response.headers);
    return response;
  },
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

type ListQuery = ReturnType<typeof listQuery>;

/** Lists remembered at most: each with the count's cap and the cursors after its pages beyond it. */
const REMEMBERED_LISTS = 50;
const pagesBeyondCap = new Map<string, { cap: number | null; cursors: Map<number, string> }>();

/** A list by its resource, filters and sort: its query without the page. */
const listKeyOf = (resource: string, { _start, _end, ...rest }: ListQuery) => `${resource}?${stringify(rest)}`;

/**
 * A page at or past the count's cap (the total a lower bound) is read after the cursor the page before it answered,
 * not with an offset, which passes every row before it: a list of a million rows pages on as fast as it began.
 * Numbered pages within the cap, and a page jumped to without the one before, are read by offset.
 */
function afterCursor(resource: string, query: ListQuery): ListQuery {
  const list = pagesBeyondCap.get(listKeyOf(resource, query));
  const start = Number(query._start ?? 0);
  const cursor = list?.cursors.get(start);
  if (!list?.cap || start < list.cap || !cursor) return query;
  const { _start, _end, ...rest } = query;
  return { ...rest, _cursor: cursor, _end: Number(_end) - start };
}

function rememberCursor(resource: string, query: ListQuery, cursor: string | undefined, lowerBound: number | null): void {
  const key = listKeyOf(resource, query);
  const list = pagesBeyondCap.get(key) ?? { cap: null, cursors: new Map() };
  pagesBeyondCap.delete(key);
  // the cap is the least lower bound seen: a page read past it by offset counts a little further
  pagesBeyondCap.set(key, { ...list, cap: lowerBound === null ? list.cap : Math.min(list.cap ?? Infinity, lowerBound) });
  if (cursor && query._end !== undefined) list.cursors.set(Number(query._end), cursor);
  if (pagesBeyondCap.size > REMEMBERED_LISTS) pagesBeyondCap.delete(pagesBeyondCap.keys().next().value!);
}

/** A page of a list as getList answers it, from the API's rows and headers. */
function listPage<Row>(resource: string, query: ListQuery, data: Row[], headers: Record<string, string | undefined>) {
  // the API counts up to a cap: above it the total is a lower bound ("more than 10 000")
  const total = Number(headers['x-total-count'] ?? data.length);
  const totalIsLowerBound = headers['x-total-count-lower-bound'] === 'true';
  rememberCursor(resource, query, headers['x-next-cursor'], totalIsLowerBound ? total : null);
  return { data, total, totalIsLowerBound };
}

/** Refine's simple-rest data provider for /api/company/model/{model}; only what our API adds is written here. */
export const dataProvider: DataProvider = {
  ...base,
  async getList(params) {
    const query = listQuery(params);
    const { data, headers } = await httpClient.get(`${MODEL_API}/${params.resource}?${stringify(afterCursor(params.resource, query))}`, { signal: params.meta?.queryContext?.signal });
    return listPage(params.resource, query, data, headers as Record<string, string | undefined>);
  },
  async getMany({ resource, ids, meta }) {
    if (ids.length === 0) return { data: [] };
    const filters = restFilters([{ field: '_id', operator: 'in', value: ids }], meta as ListMeta);
    const { data } = await base.getList({ resource, pagination: { currentPage: 1, pageSize: ids.length }, filters });
    return { data: data as never };
  },
  async getOne({ resource, id, meta }) {
    const { data } = await httpClient.get(`${MODEL_API}/${resource}/${id}`, { params: recordQuery(meta) });
    return { data };
  },
};

/** A read of one record's query: the fields to return and the references to populate. */
const recordQuery = (meta: GetListParams['meta']) => generateFilter(restFilters([], meta as ListMeta));

/** Refine's key of a query: `['data', provider, resource, action, …]`, with the action's id and params after it. */
type RefineKey = [scope: unknown, provider: unknown, resource: unknown, action: unknown, ...rest: unknown[]];

/**
 * What Refine's list or record query `queryKey` reads, when the page asked for it ahead (answers-ahead.ts): matched
 * by the request getList or getOne would send, so a guess that differs from what the screen asks costs an unused
 * request, never another list's rows or another record.
 */
export function answerAheadOf(queryKey: QueryKey): GetListResponse | GetOneResponse | undefined {
  const [scope, , resource, action, ...rest] = queryKey as RefineKey;
  if (scope !== 'data' || typeof resource !== 'string') return undefined;
  if (action === 'list') {
    const [params] = rest;
    if (!params || typeof params !== 'object') return undefined;
    // Refine's key holds the list's meta (populate, select) beside its filters, sorters and page
    const query = listQuery({ ...params, meta: params });
    const answer = takeAnswerAhead(`${MODEL_API}/${resource}?${stringify(query)}`);
    return answer && Array.isArray(answer.body) ? listPage<BaseRecord>(resource, query, answer.body, answer.headers) : undefined;
  }
  if (action === 'one') {
    const [id, meta] = rest;
    if (typeof id !== 'string' || !id) return undefined;
    const url = `${MODEL_API}/${resource}/${encodeURIComponent(id)}`;
    const answer = takeAnswerAhead(`${url}?${stringify(recordQuery(meta as GetListParams['meta']))}`);
    if (!answer?.body || typeof answer.body !== 'object') return undefined;
    keepVersion(url, answer.headers);
    return { data: answer.body as BaseRecord };
  }
  return undefined;
}

/** Archive, unarchive or duplicate one record. */
export async function recordAction(resource: string, id: string, action: 'archive' | 'unarchive' | 'duplicate'): Promise<BaseRecord> {
  const { data } = await httpClient.post(`${MODEL_API}/${resource}/${id}/${action}`);
  return data ?? {};
}
