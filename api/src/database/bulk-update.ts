import type { ResourceDef } from '@backoffice/resources';
import type { Queryable } from './database';
import { quote, tableName } from './naming';

/** The top-level keys of one record's document to set and to remove. */
export interface DocumentChange {
  id: string;
  set: Record<string, unknown>;
  unset: string[];
}

/**
 * Merges many changes into their records' documents in one statement. The ids travel twice: as a list they let the
 * planner read just those rows by index; joined on the JSON alone it may read all the company's rows.
 */
export function bulkMerge(db: Queryable, def: ResourceDef, companyId: string, changes: readonly DocumentChange[]): Promise<unknown> {
  // removing keys costs a subquery per row: only changes that remove any pay for it
  const removes = changes.some((change) => change.unset.length > 0);
  const newDoc = removes ? `(t.doc || (v -> 'set')) - ARRAY(SELECT jsonb_array_elements_text(v -> 'unset'))` : `t.doc || (v -> 'set')`;
  return db.query(
    `UPDATE ${quote(tableName(def))} AS t SET doc = ${newDoc}
     FROM jsonb_array_elements($2::jsonb) AS v WHERE t.company_id = $1 AND t.id = ANY($3::text[]) AND t.id = v ->> 'id'`,
    [companyId, JSON.stringify(changes.map(({ id, set, unset }) => (removes ? { id, set, unset } : { id, set }))), changes.map((change) => change.id)],
  );
}
