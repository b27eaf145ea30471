import type { Queryable } from './database';
import { quote } from './naming';
import { withoutIndexes } from './without-indexes';

/** The insert triggers that keep derived rows (day totals, merchant sale items), by table. */
const DERIVED_ROW_TRIGGERS: Record<string, readonly string[]> = {
  transaction: ['finance_transaction_day_insert', 'merchant_sale_item_insert'],
  payment: ['finance_payment_day_insert'],
};

/**
 * The tables of derived rows that the rebuild fills. It writes every row of them at once, so their indexes are built
 * after it (the sale items' three covering indexes kept up row by row took about 0.5 s of the demo seed's 9).
 */
const DERIVED_ROW_TABLES: readonly string[] = ['finance_transaction_day', 'finance_payment_day', 'merchant_sale_item'];

/**
 * Runs a bulk load of new rows with the insert triggers that keep derived rows switched off, then rebuilds the
 * derived rows of the loaded companies in one pass each (`derived_rows_rebuild`, migration 0019). Inside the
 * caller's transaction: other sessions never see the triggers off. Loaders of demo and benchmark data only.
 */
export async function withoutDerivedTriggers<T>(db: Queryable, companies: readonly string[], load: () => Promise<T>): Promise<T> {
  const switchAll = async (to: 'ENABLE' | 'DISABLE') => {
    for (const [table, triggers] of Object.entries(DERIVED_ROW_TRIGGERS)) {
      for (const trigger of triggers) await db.query(`ALTER TABLE ${quote(table)} ${to} TRIGGER ${quote(trigger)}`);
    }
  };
  await switchAll('DISABLE');
  const result = await load();
  await switchAll('ENABLE');
  await withoutIndexes(db, DERIVED_ROW_TABLES, () => db.query('SELECT derived_rows_rebuild($1::text[])', [companies]));
  return result;
}
