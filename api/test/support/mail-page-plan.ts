import type { Queryable } from '../../src/database/database';

/** The plan of a company's first page of mails by time, as the mail list reads it: whether it uses the index. */
export async function mailPagePlan(db: Queryable, companyId: string): Promise<string> {
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN SELECT id, doc::text FROM communication_mail WHERE company_id = $1 ORDER BY state_put_at_unix DESC, id DESC LIMIT 25`,
    [companyId],
  );
  return plan.map((line) => line['QUERY PLAN']).join('\n');
}
