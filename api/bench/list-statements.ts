import type { ResourceDef } from '@backoffice/resources';
import type { Queryable } from '../src/database/database';
import type { ListQuery } from '../src/records/list-query';
import type { RecordRepository, Statement } from '../src/records/record-repository';
import { countCap, walkEntries, walkTestsRows } from '../src/records/record.service';

/**
 * The statements of a list as the API reads them (RecordService.page): the count beside the first page; a list
 * matching text (a search or a "contains" filter) first sorts its matches, and when more match than the cap a second
 * page walks the sort's index; a walk that tests rows stops after a budget of entries, and when its page comes out
 * short a second page sorts the matches (as many as the cap at most; none past an empty page) or walks the whole index.
 */
export async function listStatements(db: Queryable, repository: RecordRepository, def: ResourceDef, companyId: string, parsed: ListQuery): Promise<{ count: Statement; pages: Statement[] }> {
  const count = repository.countStatement(def, companyId, parsed, countCap(parsed) + 1);
  const counted = async () => (await db.query<{ total: number }>(count.sql, count.params))[0].total;
  const walk = repository.pageStatement(def, companyId, parsed);
  const sorted = repository.pageStatement(def, companyId, parsed, 'id, doc', { sortMatchesUpTo: countCap(parsed) + 1 });
  if (parsed.matchesText) return { count, pages: (await counted()) <= countCap(parsed) ? [sorted] : [sorted, walk] };
  if (!walkTestsRows(parsed)) return { count, pages: [walk] };
  const bounded = repository.pageStatement(def, companyId, parsed, 'id, doc', { walkEntries: walkEntries(parsed) });
  if ((await db.query(bounded.sql, bounded.params)).length === parsed.limit) return { count, pages: [bounded] };
  const total = await counted();
  if (total <= parsed.offset) return { count, pages: [bounded] };
  return { count, pages: [bounded, total <= countCap(parsed) ? sorted : walk] };
}

/** Runs a list's statements as the API does: the count beside the first page, then any further page. */
export async function readList(db: Queryable, { count, pages }: { count: Statement; pages: Statement[] }): Promise<void> {
  await Promise.all([db.query(count.sql, count.params), db.query(pages[0].sql, pages[0].params)]);
  for (const page of pages.slice(1)) await db.query(page.sql, page.params);
}
