import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedTableStatistics, tablesToAnalyze } from '../src/database/table-statistics';
import { mailPagePlan } from './support/mail-page-plan';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;

/** `count` sent messages of company a, written straight to their table as a bulk load would. */
async function addMessages(table: 'communication_mail' | 'communication_sms', count: number): Promise<void> {
  await t.db.query(
    `INSERT INTO ${table} (id, company_id, doc)
     SELECT md5(random()::text || g)::text, $1, jsonb_build_object('subject', 'Message ' || g,
       'state', jsonb_build_object('id', 'mg-delivered', 'put', jsonb_build_object('at', jsonb_build_object('unix', 1700000000 + g))))
     FROM generate_series(1, $2::int) g`,
    [t.companies.a, count],
  );
}

/** Rows changed since the table's last ANALYZE, as far as the database has counted them (once a second at most). */
async function changedSinceAnalyze(table: string): Promise<number> {
  const [row] = await t.db.query<{ changed: number }>(`SELECT n_mod_since_analyze::int AS changed FROM pg_stat_user_tables WHERE relname = $1`, [table]);
  return row?.changed ?? 0;
}

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('planner statistics', () => {
  it('are read for a table filled since it was made, after which a page of it comes from its index', async () => {
    await addMessages('communication_mail', 3000);
    expect(await tablesToAnalyze(t.db)).toContain('communication_mail');
    await t.app.get(EmbeddedTableStatistics).check();
    const [{ columns }] = await t.db.query<{ columns: number }>(`SELECT count(*)::int AS columns FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'communication_mail'`);
    expect(columns).toBeGreaterThan(0);
    expect(await mailPagePlan(t.db, t.companies.a)).toContain('communication_mail_state_put_at_unix_idx');
  });

  // a PostgreSQL server counts each connection's changes up to seconds later, and analyses by itself (autovacuum)
  it.skipIf(!!process.env.DATABASE_URL)('are read again on the embedded database once a tenth of a table changed, as autovacuum would', async () => {
    const counted = (rows: number) => expect.poll(() => changedSinceAnalyze('communication_sms'), { timeout: 10_000 }).toBe(rows);
    await addMessages('communication_sms', 1000);
    await counted(1000);
    expect(await tablesToAnalyze(t.db)).toContain('communication_sms');
    await t.app.get(EmbeddedTableStatistics).check();
    expect(await tablesToAnalyze(t.db)).not.toContain('communication_sms');
    await addMessages('communication_sms', 100);
    await counted(100);
    expect(await tablesToAnalyze(t.db)).not.toContain('communication_sms');
    await addMessages('communication_sms', 100);
    await counted(200);
    expect(await tablesToAnalyze(t.db)).toContain('communication_sms');
  });
});
