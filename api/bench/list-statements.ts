import type { ResourceDef } from '@backoffice/resources';
import type { Queryable } from '../src/database/database';
import type { ListQuery } from '../src/records/list-query';
import type { RecordRepository, Statement } from '../src/records/record-repository';
import { countCap } from '../src/records/record.service';

/**
 * The statements of a list as the API reads them (RecordService.page): the count beside the first page; a list
 * matching text (a search or a "contains" filter) first sorts its matches, and when more match than the cap a second
 * page walks the sort's index.
 */
export async function listStatements(db: Queryable, repository: RecordRepository, def: ResourceDef, companyId: string, parsed: ListQuery): Promise<{ count: Statement; pages: Statement[] }> {
  const count = repository.countStatement(def, companyId, parsed, countCap(parsed) + 1);
  if (!parsed.matchesText) return { count, pages: [repository.pageStatement(def, companyId, parsed)] };
  const [{ total }] = await db.query<{ total: number }>(count.sql, count.params);
  const sorted = repository.pageStatement(def, companyId, parsed, 'id, doc', countCap(parsed) + 1);
  return { count, pages: total > countCap(parsed) ? [sorted, repository.pageStatement(def, companyId, parsed)] : [sorted] };
}

/** Runs a list's statements as the API does: the count beside the first page, then any further page. */
export async function readList(db: Queryable, { count, pages }: { count: Statement; pages: Statement[] }): Promise<void> {
  await Promise.all([db.query(count.sql, count.params), db.query(pages[0].sql, pages[0].params)]);
  for (const page of pages.slice(1)) await db.query(page.sql, page.params);
}
