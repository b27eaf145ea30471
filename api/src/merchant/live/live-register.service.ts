import type { LiveRegister } from '@backoffice/resources';
import { Inject, Injectable } from '@nestjs/common';
import { invalid } from '../../common/errors';
import { DATABASE, type Database } from '../../database/database';
import type { Doc } from '../../records/record-repository';
import type { Period } from '../period';
import { soldParams, soldWhere } from './live-sales.service';

/** The chart's intervals in ms with their default y-axis maximum (spec part 1 section 9); 10 minutes is the default. */
export const REGISTER_INTERVALS: Readonly<Record<number, number>> = { 3_600_000: 250, 600_000: 50, 60_000: 10 };
export const DEFAULT_REGISTER_INTERVAL = 600_000;
/** Bars per terminal when no period is given: the current interval and the 47 before it. */
export const REGISTER_BARS = 48;
/** At most this many bars per terminal. */
const MAX_BARS = 2000;


export function parseInterval(raw: unknown): number {
  if (raw === undefined || raw === '') return DEFAULT_REGISTER_INTERVAL;
  const interval = Number(raw);
  if (!(interval in REGISTER_INTERVALS)) {
    throw invalid(`interval must be one of ${Object.keys(REGISTER_INTERVALS).join(', ')} ms`, [{ field: 'interval', message: 'must be 3600000, 600000 or 60000' }]);
  }
  return interval;
}

/** The y-axis maximum for the largest bar: the interval's default, grown to 10 % above the largest value. */
export const yAxisMax = (interval: number, largest: number) => Math.max(REGISTER_INTERVALS[interval], Math.ceil(largest * 1.1));

/** Sold transactions per register terminal per interval, counted in SQL on the indexed columns (an index-only scan). */
@Injectable()
export class LiveRegisterService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Bars aligned to the interval: the given period, or the last REGISTER_BARS intervals up to now. */
  window(interval: number, period: Period | null, now = Date.now()): Period {
    const seconds = interval / 1000;
    if (period) {
      const from = Math.floor(period.from / seconds) * seconds;
      const to = Math.ceil(period.to / seconds) * seconds;
      if ((to - from) / seconds > MAX_BARS) throw invalid(`At most ${MAX_BARS} bars: choose a longer interval or a shorter period`, [{ field: 'interval', message: 'too many bars for this period' }]);
      return { from, to };
    }
    const current = Math.floor(now / 1000 / seconds) * seconds;
    return { from: current - (REGISTER_BARS - 1) * seconds, to: current + seconds };
  }

  async read(companyId: string, merchant: Doc | null, interval: number, period: Period): Promise<LiveRegister> {
    const merchantId = merchant ? String(merchant._id) : null;
    const seconds = interval / 1000;
    const params = soldParams(companyId, period, merchantId);
    const sql = `SELECT t.register_terminal_ref_register_terminal_id AS terminal_id, (t.state_put_at_unix - $2) / ${seconds} AS bucket, count(*) AS count
         FROM "transaction" t WHERE ${soldWhere(merchantId)} GROUP BY 1, 2`;
    type Count = { terminal_id: string | null; bucket: unknown; count: unknown };
    // company-wide reads can be large enough for PostgreSQL's JIT, which costs more than it saves here
    const counts = merchantId
      ? await this.db.query<Count>(sql, params)
      : await this.db.transaction(async (tx) => {
          await tx.query('SET LOCAL jit = off');
          return tx.query<Count>(sql, params);
        });
    const terminalIds = [...new Set(counts.map((row) => row.terminal_id).filter((id): id is string => Boolean(id)))];
    const terminals = await this.db.query<{ id: string; name: string | null; archived: boolean | null; merchant_id: string | null }>(
      `SELECT id, name_full AS name, meta_archived AS archived, merchant_ref_merchant_id AS merchant_id FROM register_terminal
       WHERE company_id = $1 AND (id = ANY($2::text[]) OR ${merchantId ? 'merchant_ref_merchant_id = $3' : 'true'}) ORDER BY name_full, id`,
      merchantId ? [companyId, terminalIds, merchantId] : [companyId, terminalIds],
    );
    const bars = Math.round((period.to - period.from) / seconds);
    const empty = () => Array.from({ length: bars }, (_, index) => ({ name: (period.from + index * seconds) * 1000, value: 0 }));
    const series = new Map<string | null, LiveRegister['terminals'][number]>();
    for (const terminal of terminals) {
      // archived terminals only show when they sold something in the period
      if (terminal.archived && !terminalIds.includes(terminal.id)) continue;
      series.set(terminal.id, { registerTerminalId: terminal.id, name: terminal.name ?? terminal.id, series: empty() });
    }
    let largest = 0;
    for (const row of counts) {
      const id = row.terminal_id ?? null;
      if (!series.has(id)) series.set(id, { registerTerminalId: id, name: id ? `Unknown terminal ${id}` : 'Without register terminal', series: empty() });
      const bar = series.get(id)!.series[Number(row.bucket)];
      if (!bar) continue;
      bar.value = Number(row.count);
      largest = Math.max(largest, bar.value);
    }
    return { interval, from: period.from, to: period.to, yMax: yAxisMax(interval, largest), terminals: [...series.values()] };
  }
}
