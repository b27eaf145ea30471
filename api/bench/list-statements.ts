import type { ResourceDef } from '@backoffice/resources';
import type { Queryable } from '../src/database/database';
import { ColumnStatistics } from '../src/records/column-statistics';
import { type ListQuery, Params, type RawQuery, parseListQuery } from '../src/records/list-query';
import { BITMAP_PLANS, type RecordRepository, type Statement } from '../src/records/record-repository';
import { SORT_VALUES_AT_ONCE, countCap, opensTheList, pastCapRead, walkEntries, walkTestsRows } from '../src/records/record.service';

const SUPER = new Set(['super'] as const);

/** A list's count (null where its first page counts) and its pages, in the order the API reads them. */
export interface ListStatements {
  count: Statement | null;
  pages: Statement[];
}

/**
 * The statements of a list as the API reads them (RecordService.page): the count beside the first page; a list
 * matching text (a search or a "contains" filter) first counts and sorts its matches in one statement, and when more
 * match than the cap a second page is read from the sort's index (pastCapRead); a walk that tests rows stops after a budget of entries, and
 * when its page comes out short a second page sorts the matches (as many as the cap at most; none past an empty page)
 * or walks the whole index.
 */
export async function listStatements(db: Queryable, repository: RecordRepository, def: ResourceDef, companyId: string, query: RawQuery): Promise<ListStatements> {
  const parsed = parseListQuery(def, query, SUPER, new Params());
  const count = repository.countStatement(def, companyId, parsed, countCap(parsed) + 1);
  const counted = async () => (await runOn<{ total: number }>(db, count))[0].total;
  const walk = repository.pageStatement(def, companyId, parsed);
  const sorted = repository.pageStatement(def, companyId, parsed, 'id, doc', { sortMatchesUpTo: countCap(parsed) + 1 });
  if (parsed.matchesText) {
    const matches = repository.matchesStatement(def, companyId, parsed, 'id, doc', countCap(parsed) + 1);
    const found = await runOn<{ matched: number }>(db, matches);
    // the matches' own statement counts them, unless a page past the first is empty
    const countedApart = found.length === 0 && !opensTheList(parsed);
    const first = { count: countedApart ? count : null, pages: [matches] };
    if ((found[0]?.matched ?? (countedApart ? await counted() : 0)) <= countCap(parsed)) return first;
    const read = await pastCapRead(new ColumnStatistics(db), def, parsed);
    if (read === 'withinEachSortValue') {
      return { ...first, pages: [matches, ...(await withinEachSortValue(db, repository, def, companyId, parsed, query))] };
    }
    return { ...first, pages: [matches, repository.pageStatement(def, companyId, parsed, 'id, doc', read === 'distinctSortValues' ? { distinctSortValues: true } : {})] };
  }
  if (!walkTestsRows(parsed)) return { count, pages: [walk] };
  const bounded = repository.pageStatement(def, companyId, parsed, 'id, doc', { walkEntries: walkEntries(parsed) });
  if ((await db.query(bounded.sql, bounded.params)).length === parsed.limit) return { count, pages: [bounded] };
  const total = await counted();
  if (total <= parsed.offset) return { count, pages: [bounded] };
  return { count, pages: [bounded, total <= countCap(parsed) ? sorted : walk] };
}

/**
 * The statements of RecordService.withinEachSortValue: the walk with a budget; then the sort's values, and within each
 * value its walk with a budget and, when that comes out short, its list (count and pages), until the page is full.
 */
async function withinEachSortValue(db: Queryable, repository: RecordRepository, def: ResourceDef, companyId: string, parsed: ListQuery, query: RawQuery): Promise<Statement[]> {
  const walked = repository.pageStatement(def, companyId, parsed, 'id, doc', { walkEntries: walkEntries(parsed) });
  if ((await runOn(db, walked)).length === parsed.limit) return [walked];
  const statements = [walked];
  let rows = 0;
  let skip = parsed.offset;
  for (let after: string | null = null; ; ) {
    const values = repository.sortValuesStatement(def, companyId, parsed, after, SORT_VALUES_AT_ONCE);
    statements.push(values);
    const found = (await runOn<{ value: string }>(db, values)).map((row) => row.value);
    for (const value of found) {
      const needed = parsed.limit - rows;
      const within = { ...query, [parsed.sortValues!.path]: value, _start: String(skip), _end: String(skip + needed) };
      const withinParsed = parseListQuery(def, within, SUPER, new Params());
      const walkedWithin = repository.pageStatement(def, companyId, withinParsed, 'id, doc', { walkEntries: walkEntries(withinParsed) });
      statements.push(walkedWithin);
      if ((await runOn(db, walkedWithin)).length === needed) return statements;
      const list = await listStatements(db, repository, def, companyId, within);
      statements.push(...(list.count ? [list.count] : []), ...list.pages);
      rows += (await runOn(db, list.pages[list.pages.length - 1])).length;
      if (rows === parsed.limit) return statements;
      const withinCount = repository.countStatement(def, companyId, withinParsed, countCap(withinParsed) + 1);
      skip = Math.max(0, skip - Math.min((await runOn<{ total: number }>(db, withinCount))[0].total, countCap(parsed)));
    }
    if (found.length < SORT_VALUES_AT_ONCE) return statements;
    after = found[found.length - 1];
  }
}

/** Runs a statement on one connection as the API does: one planned with bitmaps only in a transaction of its own. */
export async function runOn<T = Record<string, unknown>>(db: Queryable, statement: Statement): Promise<T[]> {
  if (!statement.bitmapsOnly) return db.query<T>(statement.sql, statement.params);
  await db.query('BEGIN');
  try {
    await db.query(BITMAP_PLANS);
    return await db.query<T>(statement.sql, statement.params);
  } finally {
    await db.query('COMMIT');
  }
}

/**
 * Runs a list's statements as the API does: the count beside the first page (one after the other when either needs
 * its own transaction on this one connection), then any further page.
 */
export async function readList(db: Queryable, { count, pages }: ListStatements): Promise<void> {
  if (!count) await runOn(db, pages[0]);
  else if (count.bitmapsOnly || pages[0].bitmapsOnly) for (const statement of [count, pages[0]]) await runOn(db, statement);
  else await Promise.all([runOn(db, count), runOn(db, pages[0])]);
  for (const page of pages.slice(1)) await runOn(db, page);
}
