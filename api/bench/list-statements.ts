import type { ResourceDef } from '@backoffice/resources';
import type { Queryable } from '../src/database/database';
import { ColumnStatistics, pageReadPastCap } from '../src/records/column-statistics';
import type { ListQuery } from '../src/records/list-query';
import { BITMAP_PLANS, type RecordRepository, type Statement } from '../src/records/record-repository';
import { countCap, walkEntries, walkTestsRows } from '../src/records/record.service';

/**
 * The statements of a list as the API reads them (RecordService.page): the count beside the first page; a list
 * matching text (a search or a "contains" filter) first sorts its matches, and when more match than the cap a second
 * page is read from the sort's index (pageReadPastCap); a walk that tests rows stops after a budget of entries, and
 * when its page comes out short a second page sorts the matches (as many as the cap at most; none past an empty page)
 * or walks the whole index.
 */
export async function listStatements(db: Queryable, repository: RecordRepository, def: ResourceDef, companyId: string, parsed: ListQuery): Promise<{ count: Statement; pages: Statement[] }> {
  const count = repository.countStatement(def, companyId, parsed, countCap(parsed) + 1);
  const counted = async () => (await runOn<{ total: number }>(db, count))[0].total;
  const walk = repository.pageStatement(def, companyId, parsed);
  const sorted = repository.pageStatement(def, companyId, parsed, 'id, doc', { sortMatchesUpTo: countCap(parsed) + 1 });
  if (parsed.matchesText) {
    if ((await counted()) <= countCap(parsed)) return { count, pages: [sorted] };
    return { count, pages: [sorted, repository.pageStatement(def, companyId, parsed, 'id, doc', await pageReadPastCap(new ColumnStatistics(db), def, parsed))] };
  }
  if (!walkTestsRows(parsed)) return { count, pages: [walk] };
  const bounded = repository.pageStatement(def, companyId, parsed, 'id, doc', { walkEntries: walkEntries(parsed) });
  if ((await db.query(bounded.sql, bounded.params)).length === parsed.limit) return { count, pages: [bounded] };
  const total = await counted();
  if (total <= parsed.offset) return { count, pages: [bounded] };
  return { count, pages: [bounded, total <= countCap(parsed) ? sorted : walk] };
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
export async function readList(db: Queryable, { count, pages }: { count: Statement; pages: Statement[] }): Promise<void> {
  if (count.bitmapsOnly || pages[0].bitmapsOnly) for (const statement of [count, pages[0]]) await runOn(db, statement);
  else await Promise.all([runOn(db, count), runOn(db, pages[0])]);
  for (const page of pages.slice(1)) await runOn(db, page);
}
