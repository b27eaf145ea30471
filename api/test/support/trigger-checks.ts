import { TriggerChecks } from '../../src/communication/triggers/trigger-checks';
import type { TestApp } from './test-app';

/** Waits until every trigger check that is due has run (a check's row goes once it is done). */
export async function drainedTriggerChecks(t: TestApp): Promise<void> {
  t.app.get(TriggerChecks).nudge();
  const until = Date.now() + 10_000;
  for (;;) {
    const [{ due }] = await t.db.query<{ due: number }>('SELECT count(*)::int AS due FROM communication_trigger_check WHERE due_at <= now()');
    if (due === 0) return;
    if (Date.now() > until) throw new Error(`${due} trigger checks still due`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
