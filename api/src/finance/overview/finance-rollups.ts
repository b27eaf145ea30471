import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DATABASE, type Database, type Queryable, namedStatement } from '../../database/database';

const DAY = 86_400;
const COMPACT_EVERY_MS = 60_000;

export interface TransactionGroup {
  state_id: string | null;
  count: number;
  cents: number;
}

export interface PaymentGroup {
  payment_type: string | null;
  state_id: string | null;
  count: number;
  cents: number;
  left_cents: number;
}

/**
 * A closed range of unix seconds split into whole UTC days (read from the per-day totals) and the partial
 * days at both ends (read from the rows themselves).
 */
export function splitRange(startUnix: number, endUnix: number): { firstDay: number; endDay: number; edges: [number, number][] } {
  const firstDay = Math.ceil(startUnix / DAY);
  const endDay = Math.floor((endUnix + 1) / DAY);
  if (firstDay >= endDay) return { firstDay: 0, endDay: 0, edges: [[startUnix, endUnix]] };
  const edges: [number, number][] = [];
  if (startUnix < firstDay * DAY) edges.push([startUnix, firstDay * DAY - 1]);
  if (endDay * DAY <= endUnix) edges.push([endDay * DAY, endUnix]);
  return { firstDay, endDay, edges };
}

/** An edge that holds no second. */
const NO_EDGE: [number, number] = [1, 0];

export type PeriodModel = 'transaction' | 'payment';

/** Migration 0024: the kept totals of the whole days plus the partial days' rows, with a plan kept per connection. */
const PERIOD_COUNTS = {
  transaction: namedStatement('transaction_period_count', 'SELECT transaction_period_count($1, $2, $3, $4, $5, $6, $7, $8) AS count'),
  payment: namedStatement('payment_period_count', 'SELECT payment_period_count($1, $2, $3, $4, $5, $6, $7, $8) AS count'),
};

/**
 * Sums over the per-day totals that the triggers of migration 0002 keep, plus the partial days, and
 * compacts the delta rows the triggers append (at most once a minute per company, after answering).
 */
@Injectable()
export class FinanceRollups implements OnApplicationShutdown {
  private readonly logger = new Logger('FinanceRollups');
  private readonly compactedAt = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async transactions(companyId: string, startUnix: number, endUnix: number): Promise<TransactionGroup[]> {
    const { firstDay, endDay, edges } = splitRange(startUnix, endUnix);
    const params: unknown[] = [companyId, firstDay, endDay];
    const raw = edges.map(([from, to]) => {
      params.push(from, to);
      return `SELECT state_id, 1 AS n, amount_cents AS c FROM "transaction" WHERE company_id = $1 AND state_put_at_unix BETWEEN $${params.length - 1} AND $${params.length}`;
    });
    const rows = await this.db.query<TransactionGroup>(
      `SELECT state_id, sum(n)::bigint AS count, coalesce(sum(c), 0)::bigint AS cents FROM (
         SELECT state_id, total_count AS n, total_cents AS c FROM finance_transaction_day WHERE company_id = $1 AND day >= $2 AND day < $3
         ${raw.map((select) => `UNION ALL ${select}`).join('\n')}
       ) AS rows GROUP BY state_id HAVING sum(n) <> 0 ORDER BY state_id`,
      params,
    );
    this.compactSoon(companyId);
    return rows;
  }

  /**
   * How many transactions or payments a range holds, of some states or of all: the exact total of their lists
   * (the generic one and the finance screens'). A missing edge is an empty range; `states` null counts them all.
   */
  async periodCount(model: PeriodModel, companyId: string, startUnix: number, endUnix: number, states: readonly string[] | null): Promise<number> {
    const { firstDay, endDay, edges } = splitRange(startUnix, endUnix);
    const [first = NO_EDGE, second = NO_EDGE] = edges;
    const rows = await this.db.query<{ count: number }>(PERIOD_COUNTS[model], [companyId, firstDay, endDay, ...first, ...second, states]);
    this.compactSoon(companyId);
    return rows[0].count;
  }

  async payments(companyId: string, startUnix: number, endUnix: number): Promise<PaymentGroup[]> {
    const { firstDay, endDay, edges } = splitRange(startUnix, endUnix);
    const params: unknown[] = [companyId, firstDay, endDay];
    const raw = edges.map(([from, to]) => {
      params.push(from, to);
      return `SELECT payment_type, state_id, 1 AS n, amount_cents AS c, amount_left_cents AS l FROM "payment" WHERE company_id = $1 AND state_put_at_unix BETWEEN $${params.length - 1} AND $${params.length}`;
    });
    const rows = await this.db.query<PaymentGroup>(
      `SELECT payment_type, state_id, sum(n)::bigint AS count, coalesce(sum(c), 0)::bigint AS cents, coalesce(sum(l), 0)::bigint AS left_cents FROM (
         SELECT payment_type, state_id, total_count AS n, total_cents AS c, total_left_cents AS l FROM finance_payment_day WHERE company_id = $1 AND day >= $2 AND day < $3
         ${raw.map((select) => `UNION ALL ${select}`).join('\n')}
       ) AS rows GROUP BY payment_type, state_id HAVING sum(n) <> 0 ORDER BY payment_type, state_id`,
      params,
    );
    this.compactSoon(companyId);
    return rows;
  }

  /**
   * Folds a company's delta rows into one row per day and group, touching only the groups that have more
   * than one row; safe beside concurrent writers (they only append rows this statement does not delete).
   */
  async compact(companyId: string, db: Queryable = this.db): Promise<void> {
    await db.query(
      `WITH dup AS (
         SELECT day, state_id FROM finance_transaction_day WHERE company_id = $1 GROUP BY day, state_id HAVING count(*) > 1
       ), gone AS (
         DELETE FROM finance_transaction_day d USING dup
         WHERE d.company_id = $1 AND d.day = dup.day AND d.state_id IS NOT DISTINCT FROM dup.state_id
         RETURNING d.day, d.state_id, d.total_count, d.total_cents
       )
       INSERT INTO finance_transaction_day (company_id, day, state_id, total_count, total_cents)
       SELECT $1, day, state_id, sum(total_count), sum(total_cents) FROM gone GROUP BY day, state_id HAVING sum(total_count) <> 0 OR sum(total_cents) <> 0`,
      [companyId],
    );
    await db.query(
      `WITH dup AS (
         SELECT day, payment_type, state_id FROM finance_payment_day WHERE company_id = $1 GROUP BY day, payment_type, state_id HAVING count(*) > 1
       ), gone AS (
         DELETE FROM finance_payment_day d USING dup
         WHERE d.company_id = $1 AND d.day = dup.day AND d.payment_type IS NOT DISTINCT FROM dup.payment_type AND d.state_id IS NOT DISTINCT FROM dup.state_id
         RETURNING d.day, d.payment_type, d.state_id, d.total_count, d.total_cents, d.total_left_cents
       )
       INSERT INTO finance_payment_day (company_id, day, payment_type, state_id, total_count, total_cents, total_left_cents)
       SELECT $1, day, payment_type, state_id, sum(total_count), sum(total_cents), sum(total_left_cents) FROM gone GROUP BY day, payment_type, state_id
       HAVING sum(total_count) <> 0 OR sum(total_cents) <> 0 OR sum(total_left_cents) <> 0`,
      [companyId],
    );
    this.compactedAt.set(companyId, Date.now());
  }

  private compactSoon(companyId: string): void {
    const last = this.compactedAt.get(companyId) ?? 0;
    if (Date.now() - last < COMPACT_EVERY_MS) return;
    this.compactedAt.set(companyId, Date.now());
    const job = this.compact(companyId)
      .catch((error: Error) => this.logger.warn(`compacting the finance totals of ${companyId} failed: ${error.message}`))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.running]);
  }
}
