import { invalid } from '../common/errors';

/** Entries a page holds at most. */
const MAX_PAGE = 100;

const one = (raw: unknown) => (Array.isArray(raw) ? raw[0] : raw);

/** `_start` and `_end` as a list takes them (20 entries when `_end` is left out), at most 100 a page. */
export function pageOf(query: Record<string, unknown>): { offset: number; limit: number } {
  const start = Number(one(query._start) ?? 0);
  const end = Number(one(query._end) ?? start + 20);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) throw invalid('_start and _end must be row numbers', [{ field: '_start', message: 'must be a row number' }]);
  return { offset: start, limit: Math.min(end - start, MAX_PAGE) };
}
