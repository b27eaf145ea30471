import { Inject, Injectable } from '@nestjs/common';
import type { ResourceDef } from '@backoffice/resources';
import { DATABASE, type Queryable } from '../database/database';
import { columnName, tableName } from '../database/naming';
import type { ListQuery } from './list-query';

/**
 * Rows per value from which a search on the sorted column is read value by value rather than walked: one descent of
 * the index to the next value costs about as much as testing 16 entries on a walk (6.5 against 0.4 µs).
 */
export const ROWS_PER_VALUE_READ_APART = 20;

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

/**
 * Rows per value from which a search within each value of its sort (ListQuery.sortValues without a deciding text) is
 * looked up value by value: each value costs a count and a read through the search index, about what walking past
 * 10 000 rows does.
 */
export const ROWS_PER_VALUE_SEARCHED_APART = 10_000;

/**
 * How a page of text matches is read when more match than the count's cap (so its matches are too many to sort):
 * value by value of the sort where the text tests the sorted column alone and its values repeat
 * (`distinctSortValues`); as the list within each value of the sort in turn where the sorted field is a key of the
 * search index and each value holds many rows (`withinEachSortValue`); else by walking the sort's index.
 */
export async function pastCapRead(statistics: ColumnStatistics, def: ResourceDef, query: ListQuery): Promise<'walk' | 'distinctSortValues' | 'withinEachSortValue'> {
  if (!query.sortValues) return 'walk';
  const rowsPerValue = (await statistics.rowsPerValue(tableName(def), columnName(query.sortValues.path))) ?? 0;
  if (query.sortValues.decidingText) return rowsPerValue >= ROWS_PER_VALUE_READ_APART ? 'distinctSortValues' : 'walk';
  return rowsPerValue >= ROWS_PER_VALUE_SEARCHED_APART ? 'withinEachSortValue' : 'walk';
}
