import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Queryable } from '../database/database';

/** Statistics change slowly, and only choose between reads that return the same rows. */
const KEPT_MS = 10 * 60_000;

/**
 * How many rows share a value of a column on average, by the server's own statistics (those ANALYZE and autovacuum
 * keep, in pg_stats); null where it has none. Kept for a while in each process: losing them, or their being a little
 * out of date, changes only how a page is read, never which rows it holds.
 */
@Injectable()
export class ColumnStatistics {
  private readonly kept = new Map<string, { rowsPerValue: number | null; readAt: number }>();

  constructor(@Inject(DATABASE) private readonly db: Queryable) {}

  async rowsPerValue(table: string, column: string): Promise<number | null> {
    const key = `${table}.${column}`;
    const known = this.kept.get(key);
    if (known && Date.now() - known.readAt < KEPT_MS) return known.rowsPerValue;
    // n_distinct below 0 is minus the share of rows that are distinct
    const rows = await this.db.query<{ rows_per_value: number }>(
      `SELECT CASE WHEN s.n_distinct < 0 THEN -1 / s.n_distinct ELSE c.reltuples / s.n_distinct END AS rows_per_value
       FROM pg_stats s JOIN pg_class c ON c.oid = to_regclass(quote_ident($1))
       WHERE s.schemaname = current_schema() AND s.tablename = $1 AND s.attname = $2 AND s.n_distinct <> 0 AND c.reltuples >= 0`,
      [table, column],
    );
    const rowsPerValue = rows[0] ? Number(rows[0].rows_per_value) : null;
    this.kept.set(key, { rowsPerValue, readAt: Date.now() });
    return rowsPerValue;
  }
}
