import { api } from './http';

/** A page of a log the API counts: its entries, the total, and whether that total is a lower bound (more follow). */
export interface LogPage<T> {
  entries: T[];
  total: number;
  more: boolean;
}

/** `_start`/`_end` and the filters that are set, as a query. */
export const pageQuery = (start: number, end: number, extra: Record<string, string | undefined> = {}) =>
  new URLSearchParams(Object.entries({ _start: String(start), _end: String(end), ...extra }).filter((entry): entry is [string, string] => entry[1] !== undefined));

export async function fetchPage<T>(path: string, query: URLSearchParams): Promise<LogPage<T>> {
  const { data, headers } = await api<T[]>(path, { query });
  return { entries: data, total: Number(headers.get('x-total-count') ?? data.length), more: headers.get('x-total-count-lower-bound') === 'true' };
}
