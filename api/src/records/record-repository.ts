import { Inject, Injectable } from '@nestjs/common';
import type { ResourceDef } from '@backoffice/resources';
import { throwIfShuttingDown } from '../common/process-lifecycle';
import { DATABASE, type Database, type Queryable } from '../database/database';
import { quote, tableName } from '../database/naming';
import type { ListQuery } from './list-query';

export type Doc = Record<string, unknown>;

/**
 * A condition on the document, put above the LIMIT of rows read up to a cap where text is matched and an index-only
 * walk of a btree ordered by a matched text could answer (ListQuery.textOrderedWalk). A text match is only a filter
 * on a btree: such a walk meets the matches in that text's order, late when they share what the walk passes first
 * (transactions containing "Mai", their names "Main Bar: ..." after all "Backstage ...", "Coffee ...", "Lockers ...":
 * 420 ms to count 10 000). Needing the document rules such walks out, so the planner finds the matches through
 * trigrams or reads the table. Where the list also tests a column that no such btree holds (a state, a time), it is
 * left out, so the filter's own index can be walked without reading the rows it passes (transactions containing "Mai"
 * in the last year: 200 → 30 ms to count 10 000).
 */
const READS_ROWS = 'doc IS NOT NULL';
const readsRows = (query: ListQuery) => (query.textOrderedWalk ? ` WHERE ${READS_ROWS}` : '');

const EXPORT_CURSOR = 'export_cursor';

/**
 * The conditions of a statement planned with bitmaps only (ListQuery.textWithinFilter) in the form the search index
 * serves (ParsedFilter.keyed); the others, and those added after parsing (a scope), as they are.
 */
function keyedConditions(query: ListQuery): string[] {
  if (!query.textWithinFilter) return query.conditions;
  const forms = new Map(query.filters.flatMap((filter) => (filter.keyed ? [[filter.keyed.condition, filter.keyed.form] as const] : [])));
  return query.conditions.map((sql) => forms.get(sql) ?? sql);
}

/** The sort terms as columns `sort_0`, `sort_1`, … of a statement that orders rows by them after reading them. */
const sortColumns = (query: ListQuery) => query.sortTerms.map((term, n) => `${term.expression} AS sort_${n}`).join(', ');
/** The order by those columns. */
const bySortColumns = (query: ListQuery) => query.sortTerms.map((term, n) => `sort_${n} ${term.order}`).join(', ');
/** A row's values of the sort terms as a JSON array: the last row's make the next page's cursor. */
const sortKey = (query: ListQuery) => `jsonb_build_array(${query.sortTerms.map((term) => term.expression).join(', ')})::text AS "sortKey"`;

/** The first sort's order, and the comparison that passes beyond a value in it. */
function sortDirection(query: ListQuery): { order: 'ASC' | 'DESC'; beyond: '>' | '<' } {
  return query.sortTerms[0].order === 'desc' ? { order: 'DESC', beyond: '<' } : { order: 'ASC', beyond: '>' };
}

/**
 * A statement with only the parameters its SQL names, renumbered: a statement built from some of a list's conditions
 * leaves the others' parameters out, and the server cannot type a parameter it never sees.
 */
function referencedParams(sql: string, params: readonly unknown[]): Statement {
  const kept: unknown[] = [];
  const numbers = new Map<string, string>();
  const renumbered = sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    if (!numbers.has(n)) {
      kept.push(params[Number(n) - 1]);
      numbers.set(n, `$${kept.length}`);
    }
    return numbers.get(n)!;
  });
  return { sql: renumbered, params: kept };
}

/** How a page is read other than by walking the sort's index: see `pageStatement`. */
export interface PageRead {
  sortMatchesUpTo?: number;
  walkEntries?: number;
  distinctSortValues?: boolean;
}

export interface Statement {
  sql: string;
  params: unknown[];
  /** planned with index bitmaps only (ListQuery.textWithinFilter): run with BITMAP_PLANS in its transaction */
  bitmapsOnly?: boolean;
}

/** Switches off, to the end of the transaction, the plans that read a table or an index row by row. */
export const BITMAP_PLANS = "SELECT set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true)";
export interface StoredRecord {
  id: string;
  doc: Doc;
}
/** A row as the API answers it, in JSON text: its id and its output document. */
export interface OutputRow {
  id: string;
  json: string;
  /** its values of the list's sort terms, as a JSON array */
  sortKey?: string;
}

/** Company-scoped reads and writes of resource rows; every statement filters on company_id. */
@Injectable()
export class RecordRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  private where(companyId: string, query: ListQuery, conditions = query.conditions): { where: string; params: unknown[] } {
    const params = [...query.params, companyId];
    return { where: [`company_id = $${params.length}`, ...conditions].join(' AND '), params };
  }

  /**
   * The statement of a page, read by default as a walk of the sort's index. `read.sortMatchesUpTo`: the rows that
   * match are found first, at most that many, and then sorted, instead of walking the sort's index and testing each
   * row, which meets the matches last when they go together with the sort (normal users created last month, by last
   * activity); the page is right only when no more rows match: the caller checks with the count. A text's matches are
   * read so by `matchesStatement`, which counts them too. `read.walkEntries`: the walk stops after that many entries of the index's own range
   * (`sortIndexConditions`), so the page may come out short: the caller then reads it another way.
   * `read.distinctSortValues` (ListQuery.sortValues with its deciding text): the sort's distinct values are read in
   * order, one index descent each, and each value is tested once; the rows of those that match are read by the index,
   * in order. A walk tests every row instead: transactions containing "Mai" by name pass 750 000 names before
   * "Main Bar: …" (300 ms), against 1 700 distinct values (11 ms).
   */
  pageStatement(def: ResourceDef, companyId: string, query: ListQuery, columns = 'id, doc', read: PageRead = {}): Statement {
    if (query.afterRow) return this.afterRowPage(def, companyId, query, columns);
    const { where, params } = this.where(companyId, query);
    const table = quote(tableName(def));
    const page = `ORDER BY ${query.orderBy} LIMIT ${query.limit} OFFSET ${query.offset}`;
    // the page's ids found first: only its own rows are then read whole and shaped for output
    const byIds = (ids: string) => ({ sql: `SELECT ${columns} FROM ${table} WHERE ${this.where(companyId, query, []).where} AND id = ANY(ARRAY(${ids})) ORDER BY ${query.orderBy}`, params });
    if (read.sortMatchesUpTo !== undefined) {
      // the inner LIMIT keeps the planner from merging the matching into the sorted read
      return byIds(`SELECT id FROM (SELECT * FROM ${table} WHERE ${where} LIMIT ${read.sortMatchesUpTo}) AS ${table} ${page}`);
    }
    if (read.distinctSortValues && query.sortValues?.decidingText) return byIds(this.distinctValuesPage(def, companyId, query, query.sortValues.decidingText));
    if (read.walkEntries !== undefined && query.sortIndexConditions) {
      const ranged = new Set(query.sortIndexConditions);
      const range = this.where(companyId, query, query.conditions.filter((_, index) => ranged.has(index))).where;
      const tested = query.conditions.filter((_, index) => !ranged.has(index));
      const walked = `SELECT * FROM ${table} WHERE ${range} ORDER BY ${query.orderBy} LIMIT ${read.walkEntries}`;
      return byIds(`SELECT id FROM (${walked}) AS ${table}${tested.length > 0 ? ` WHERE ${tested.join(' AND ')}` : ''} ${page}`);
    }
    // A walk of the sort's index past rows that do not match the text: each entry is tested from the index alone when
    // it holds the matched columns (every btree index carries those that are columns: matchedTextColumns), not after
    // reading the row (2.6 s to pass 750 000 transactions to those containing "Mai", 0.4 s from the index).
    if (query.matchesText) return byIds(`SELECT id FROM ${table} WHERE ${where} ${page}`);
    if (!query.byValue) return { sql: `SELECT ${columns} FROM ${table} WHERE ${where} ${page}`, params };
    // the first rows of each value, each an ordered index read; the page is taken from them
    const { condition, alternatives } = query.byValue;
    const reads = alternatives.map((alternative) => {
      const conditions = query.conditions.map((sql, index) => (index === condition ? alternative : sql));
      return `(SELECT id FROM ${table} WHERE ${this.where(companyId, query, conditions).where} ORDER BY ${query.orderBy} LIMIT ${query.limit + query.offset})`;
    });
    return { sql: `SELECT ${columns} FROM ${table} WHERE ${where} AND id IN (${reads.join(' UNION ALL ')}) ${page}`, params };
  }

  /**
   * A page after a cursor's row (ListQuery.afterRow): each range of rows after it read in the list's order as far as
   * the page reaches, and the page taken from those few. Every range starts where the cursor's row is in the index
   * that serves the sort, so the millionth row is as near as the first.
   */
  private afterRowPage(def: ResourceDef, companyId: string, query: ListQuery, columns: string): Statement {
    const { where, params } = this.where(companyId, query);
    const table = quote(tableName(def));
    const ranges = query.afterRow!.map((after) => `(SELECT id, ${sortColumns(query)} FROM ${table} WHERE ${where} AND ${after} ORDER BY ${query.orderBy} LIMIT ${query.offset + query.limit})`);
    const pageIds = `SELECT id FROM (${ranges.join(' UNION ALL ')}) AS after_row ORDER BY ${bySortColumns(query)} LIMIT ${query.limit} OFFSET ${query.offset}`;
    return { sql: `SELECT ${columns} FROM ${table} WHERE ${this.where(companyId, query, []).where} AND id = ANY(ARRAY(${pageIds})) ORDER BY ${query.orderBy}`, params };
  }

  /**
   * The ids of a page read value by value of its sort (see `pageStatement`). The recursion is evaluated only as far as
   * the outer LIMIT pulls it, and a nested loop hands the rows on in the order of the values and, within a value, of
   * the index: the page's ids are the first ones met (they are sorted again when read).
   */
  private distinctValuesPage(def: ResourceDef, companyId: string, query: ListQuery, decidingText: readonly string[]): string {
    const { column } = query.sortValues!;
    const rows = `SELECT id FROM ${quote(tableName(def))} WHERE ${this.where(companyId, query).where} AND ${column} = sort_value.${column} ORDER BY ${query.orderBy} LIMIT ${query.offset + query.limit}`;
    return `${this.sortValueRecursion(def, companyId, query, '')} SELECT matched.id FROM sort_value, LATERAL (${rows}) AS matched WHERE ${decidingText.join(' AND ')} LIMIT ${query.limit} OFFSET ${query.offset}`;
  }

  /**
   * Up to `count` distinct values of the sorted column (ListQuery.sortValues) in the sort's order, after `after` or
   * from the first: one index descent each.
   */
  sortValuesStatement(def: ResourceDef, companyId: string, query: ListQuery, after: string | null, count: number): Statement {
    const { column } = query.sortValues!;
    const { params } = this.where(companyId, query);
    const start = after === null ? '' : `AND ${column} ${sortDirection(query).beyond} $${params.length + 1}`;
    const sql = `${this.sortValueRecursion(def, companyId, query, start)} SELECT ${column} AS value FROM sort_value WHERE ${column} IS NOT NULL LIMIT ${count}`;
    return referencedParams(sql, after === null ? params : [...params, after]);
  }

  async sortValuesAfter(def: ResourceDef, companyId: string, query: ListQuery, after: string | null, count: number): Promise<string[]> {
    const { sql, params } = this.sortValuesStatement(def, companyId, query, after, count);
    return (await this.db.query<{ value: string }>(sql, params)).map((row) => row.value);
  }

  /** `sort_value`: the sorted column's distinct values within the sort index's range, in order, from `start` on. */
  private sortValueRecursion(def: ResourceDef, companyId: string, query: ListQuery, start: string): string {
    const { column, rangeConditions } = query.sortValues!;
    const table = quote(tableName(def));
    const { order, beyond } = sortDirection(query);
    const range = this.where(companyId, query, rangeConditions).where;
    const next = `SELECT ${column} FROM ${table} WHERE ${range} AND ${column} ${beyond} sort_value.${column} ORDER BY ${column} ${order} LIMIT 1`;
    return `WITH RECURSIVE sort_value AS (
      (SELECT ${column} FROM ${table} WHERE ${range} AND ${column} IS NOT NULL ${start} ORDER BY ${column} ${order} LIMIT 1)
      UNION ALL SELECT (${next}) FROM sort_value WHERE ${column} IS NOT NULL)`;
  }

  /**
   * A list's text matches, at most `limit` of them, found once for both its count and its page: the page's rows, each
   * with how many matched (none when the page is empty). It reads once what a capped count and a sorted page would
   * each read: the matches of a broad search (10 000 of "Loc") took 36 ms to count and 36 to sort, 38 ms for both.
   */
  matchesStatement(def: ResourceDef, companyId: string, query: ListQuery, columns: string, limit: number): Statement {
    const { where, params } = this.where(companyId, query, keyedConditions(query));
    const table = quote(tableName(def));
    const matched = `SELECT id, ${sortColumns(query)} FROM (SELECT * FROM ${table} WHERE ${where} LIMIT ${limit}) AS ${table}${readsRows(query)}`;
    const pageIds = `SELECT id FROM matched ORDER BY ${bySortColumns(query)} LIMIT ${query.limit} OFFSET ${query.offset}`;
    const sql = `WITH matched AS MATERIALIZED (${matched})
      SELECT ${columns}, (SELECT count(*)::int FROM matched) AS matched FROM ${table}
      WHERE ${this.where(companyId, query, []).where} AND id = ANY(ARRAY(${pageIds})) ORDER BY ${query.orderBy}`;
    return { sql, params, bitmapsOnly: query.textWithinFilter };
  }

  /** The page of `matchesStatement` as the API's JSON text, and how many matched (null when the page is empty). */
  async matchesJson(def: ResourceDef, companyId: string, query: ListQuery, output: string, limit: number): Promise<{ rows: OutputRow[]; matched: number | null }> {
    const rows = await this.run<OutputRow & { matched: number }>(this.matchesStatement(def, companyId, query, `id, (${output})::text AS json, ${sortKey(query)}`, limit));
    return { rows: rows.map(({ id, json, sortKey }) => ({ id, json, sortKey })), matched: rows[0]?.matched ?? null };
  }

  /** Counts the matching rows up to `limit`: the count stops reading there (the whole list's, also for a page after a cursor). */
  countStatement(def: ResourceDef, companyId: string, query: ListQuery, limit: number): Statement {
    const { where, params } = this.where(companyId, query, keyedConditions(query));
    const counted = `SELECT * FROM ${quote(tableName(def))} WHERE ${where} LIMIT ${limit}`;
    const sql = `SELECT count(*)::int AS total FROM (${counted}) counted${readsRows(query)}`;
    // the cursor's values are parameters this statement does not name
    return { ...(query.afterRow ? referencedParams(sql, params) : { sql, params }), bitmapsOnly: query.textWithinFilter };
  }

  private run<T>(statement: Statement): Promise<T[]> {
    if (!statement.bitmapsOnly) return this.db.query<T>(statement.sql, statement.params);
    return this.db.transaction(async (tx) => {
      await tx.query(BITMAP_PLANS);
      return tx.query<T>(statement.sql, statement.params);
    });
  }

  /**
   * The cursor an export reads every row the query matches from, in its order. A search within a filter is read
   * through index bitmaps and sorted, as the list's count is: a cursor is planned for its first rows, so it walked the
   * filter's rows in order, all 440 000 mails of a template to find none containing "You" (1.0–1.7 s against 22 ms);
   * even when nearly all of them match ("New"), sorting the bitmap's rows took less than the walk (2.5 against 3.2–4.4 s).
   */
  exportCursorStatement(def: ResourceDef, companyId: string, query: ListQuery): Statement {
    const { where, params } = this.where(companyId, query, keyedConditions(query));
    const table = quote(tableName(def));
    if (query.afterRow) {
      // after a list page's cursor: each range after its row read in order, merged (see afterRowPage)
      const ranges = query.afterRow.map((after) => `(SELECT id, doc, ${sortColumns(query)} FROM ${table} WHERE ${where} AND ${after} ORDER BY ${query.orderBy})`);
      return { sql: `DECLARE ${EXPORT_CURSOR} NO SCROLL CURSOR FOR SELECT id, doc FROM (${ranges.join(' UNION ALL ')}) AS after_row ORDER BY ${bySortColumns(query)}`, params };
    }
    const sql = `DECLARE ${EXPORT_CURSOR} NO SCROLL CURSOR FOR SELECT id, doc FROM ${table} WHERE ${where} ORDER BY ${query.orderBy}`;
    return { sql, params, bitmapsOnly: query.textWithinFilter };
  }

  /**
   * The export cursor's rows handed over in batches (inside a transaction, as cursors need); `onBatch` may wait (for a
   * slow download) before the next batch is read.
   */
  async eachBatch(def: ResourceDef, companyId: string, query: ListQuery, batchSize: number, onBatch: (rows: StoredRecord[]) => Promise<void>): Promise<void> {
    const cursor = this.exportCursorStatement(def, companyId, query);
    await this.db.transaction(async (tx) => {
      if (cursor.bitmapsOnly) await tx.query(BITMAP_PLANS);
      await tx.query(cursor.sql, cursor.params);
      for (;;) {
        const rows = await tx.query<StoredRecord>(`FETCH ${batchSize} FROM ${EXPORT_CURSOR}`);
        if (rows.length === 0) break;
        throwIfShuttingDown();
        await onBatch(rows);
      }
    });
  }

  /**
   * A page of rows as the API's JSON text, shaped by the database: `output` is an SQL expression of the document
   * (outputDocSql), so the rows need not be parsed and serialised again on their way out.
   */
  async pageJson(def: ResourceDef, companyId: string, query: ListQuery, output: string, read: PageRead = {}): Promise<OutputRow[]> {
    return this.run<OutputRow>(this.pageStatement(def, companyId, query, `id, (${output})::text AS json, ${sortKey(query)}`, read));
  }

  async countUpTo(def: ResourceDef, companyId: string, query: ListQuery, limit: number): Promise<number> {
    const [{ total }] = await this.run<{ total: number }>(this.countStatement(def, companyId, query, limit));
    return total;
  }

  async get(def: ResourceDef, companyId: string, id: string, tx: Queryable = this.db, forUpdate = false): Promise<StoredRecord | null> {
    const rows = await tx.query<StoredRecord>(
      `SELECT id, doc FROM ${quote(tableName(def))} WHERE company_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
      [companyId, id],
    );
    return rows[0] ?? null;
  }

  async findByIds(def: ResourceDef, companyId: string, ids: readonly string[], tx: Queryable = this.db, forUpdate = false): Promise<StoredRecord[]> {
    if (ids.length === 0) return [];
    return tx.query<StoredRecord>(
      `SELECT id, doc FROM ${quote(tableName(def))} WHERE company_id = $1 AND id = ANY($2::text[])${forUpdate ? ' ORDER BY id FOR UPDATE' : ''}`,
      [companyId, ids],
    );
  }

  async insert(tx: Queryable, def: ResourceDef, companyId: string, id: string, doc: Doc): Promise<void> {
    await tx.query(`INSERT INTO ${quote(tableName(def))} (id, company_id, doc) VALUES ($1, $2, $3::jsonb)`, [id, companyId, JSON.stringify(doc)]);
  }

  async update(tx: Queryable, def: ResourceDef, companyId: string, id: string, doc: Doc): Promise<void> {
    await tx.query(`UPDATE ${quote(tableName(def))} SET doc = $3::jsonb WHERE company_id = $1 AND id = $2`, [companyId, id, JSON.stringify(doc)]);
  }

  async remove(tx: Queryable, def: ResourceDef, companyId: string, id: string): Promise<void> {
    await tx.query(`DELETE FROM ${quote(tableName(def))} WHERE company_id = $1 AND id = $2`, [companyId, id]);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }
}
