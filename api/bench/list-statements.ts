import type { ResourceDef } from '@backoffice/resources';
import type { Queryable } from '../src/database/database';
import type { ListQuery } from '../src/records/list-query';
import type { RecordRepository, Statement } from '../src/records/record-repository';
import { COUNT_CAP } from '../src/records/record.service';

/**
 * The page and capped count of a list as the API reads them (RecordService.page): a search is counted first, and its
 * matches are sorted when they are within the cap.
 */
export async function listStatements(db: Queryable, repository: RecordRepository, def: ResourceDef, companyId: string, parsed: ListQuery): Promise<{ page: Statement; count: Statement }> {
  const count = repository.countStatement(def, companyId, parsed, COUNT_CAP + 1);
  const [{ total }] = parsed.search ? await db.query<{ total: number }>(count.sql, count.params) : [{ total: Infinity }];
  return { page: repository.pageStatement(def, companyId, parsed, 'id, doc', total <= COUNT_CAP), count };
}
