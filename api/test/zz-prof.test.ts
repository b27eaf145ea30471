import { it } from 'vitest';
import { findResource } from '@backoffice/resources';
import { runMigrations } from '../src/database/migrations';
import { openDatabase } from '../src/database/open-database';
import { bulkInsert } from '../src/database/bulk-insert';
import { buildCompanyData, DEMO_EVENTS_SCALE } from '../src/demo/seed';
import { demoClock } from '../src/demo/context';
it('prof', async () => {
  const ctx = buildCompanyData('0123456789abcdef01234567', 'demo-events', DEMO_EVENTS_SCALE, demoClock());
  const rows = ctx.rows.get('transaction')!;
  const sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const [label, list, chunk] of [['unsorted 2000', rows, 2000], ['sorted 2000', sorted, 2000], ['sorted 5000', sorted, 5000], ['sorted 500', sorted, 500]] as const) {
    const db = await openDatabase({ databaseUrl: null, dataDir: null, databaseSchema: null });
    await runMigrations(db);
    const t = performance.now();
    await db.transaction((tx) => bulkInsert(tx, findResource('transaction')!, list, chunk));
    console.log(label, Math.round(performance.now() - t), Math.round(process.memoryUsage().rss / 1e6));
    await db.close();
  }
}, 300000);
