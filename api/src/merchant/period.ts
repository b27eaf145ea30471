import { invalid } from '../common/errors';

/** A time window in unix seconds, from inclusive, to exclusive. */
export interface Period {
  from: number;
  to: number;
}

/** At most ten years per read. */
const MAX_SPAN = 10 * 366 * 86_400;

function unix(raw: unknown, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = typeof raw === 'number' ? raw : Number(raw);
  if (typeof raw === 'object' || !Number.isInteger(value) || value < 0 || value > 32_503_680_000) {
    throw invalid(`${name} must be a unix time in whole seconds`, [{ field: name, message: 'must be a unix time in whole seconds' }]);
  }
  return value;
}

/**
 * `from` and `to` (or the spec's `fromUnix` and `toUnix`) in unix seconds, `to` after `from`.
 * Defaults when both are missing: the last 24 hours.
 */
export function parsePeriod(query: Record<string, unknown>, now = Math.floor(Date.now() / 1000)): Period {
  const from = unix(query.from ?? query.fromUnix, 'from');
  const to = unix(query.to ?? query.toUnix, 'to');
  if (from === undefined && to === undefined) return { from: now - 86_400, to: now };
  if (from === undefined || to === undefined) throw invalid('Give both from and to', [{ field: from === undefined ? 'from' : 'to', message: 'is required' }]);
  if (to <= from) throw invalid('to must be after from', [{ field: 'to', message: 'must be after from' }]);
  if (to - from > MAX_SPAN) throw invalid('A period can be at most ten years', [{ field: 'to', message: 'at most ten years after from' }]);
  return { from, to };
}
