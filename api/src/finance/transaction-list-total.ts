import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DATABASE, type Database } from '../database/database';
import type { ParsedFilter } from '../records/list-query';
import { RecordHooks } from '../records/record-hooks';

const DAY = 86_400;

/** The whole UTC days inside [from, to] (unix seconds, both inclusive), or null when there is none. */
export function wholeDays(from: number, to: number): { first: number; last: number } | null {
  const first = Math.ceil(from / DAY);
  const last = Math.floor((to + 1) / DAY) - 1;
  return first <= last ? { first, last } : null;
}

/** The filters of the common transaction list (states and a time range), or null for any other shape. */
function stateAndRange(filters: readonly ParsedFilter[]): { states: string[] | null; from: number; to: number } | null {
  let states: string[] | null = null;
  let from: number | null = null;
  let to: number | null = null;
  for (const filter of filters) {
    if (filter.path === 'state.id' && (filter.operator === 'eq' || filter.operator === 'in') && states === null) states = filter.values as string[];
    else if (filter.path === 'state.put.at.unix' && filter.operator === 'gte' && from === null) from = filter.values[0] as number;
    else if (filter.path === 'state.put.at.unix' && filter.operator === 'lte' && to === null) to = filter.values[0] as number;
    else return null;
  }
  return from !== null && to !== null ? { states, from, to } : null;
}

/**
 * Totals of the transaction list by state over a date range, exact and without counting every row: the
 * per-day totals the finance overview keeps (finance_transaction_day, written in the same transaction as the
 * rows) cover the whole days, and only the two partial days at the ends are counted, in one statement so both
 * parts read the same snapshot. Counting 40 000 index entries was 95 % of the list's time.
 */
@Injectable()
export class TransactionListTotal implements OnModuleInit {
  constructor(
    private readonly hooks: RecordHooks,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  onModuleInit(): void {
    this.hooks.register('transaction', { countShortcut: (companyId, filters) => this.total(companyId, filters) });
  }

  async total(companyId: string, filters: readonly ParsedFilter[]): Promise<number | null> {
    const shape = stateAndRange(filters);
    const days = shape && wholeDays(shape.from, shape.to);
    if (!shape || !days) return null;
    const stateCondition = shape.states ? 'AND state_id = ANY($2::text[])' : 'AND $2::text[] IS NULL';
    const [{ total }] = await this.db.query<{ total: number }>(
      `SELECT ((SELECT coalesce(sum(total_count), 0) FROM finance_transaction_day
                 WHERE company_id = $1 AND day BETWEEN $3 AND $4 ${stateCondition})
             + (SELECT count(*) FROM "transaction"
                 WHERE company_id = $1 ${stateCondition}
                   AND ((state_put_at_unix >= $5 AND state_put_at_unix < $6) OR (state_put_at_unix >= $7 AND state_put_at_unix <= $8))))::int AS total`,
      [companyId, shape.states, days.first, days.last, shape.from, days.first * DAY, (days.last + 1) * DAY, shape.to],
    );
    return total;
  }
}
