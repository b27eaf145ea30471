import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { freshPage, MEASURED_ROUTES } from '../support/routes';

const RUNS = 3;
/**
 * Issue 12's target for a list route from a cold cache is 1.5 s. It holds on a quiet machine; on a shared one the
 * figures mostly measure the other load, so the limit is enforced only when set (E2E_LIST_COLD_LIMIT_MS=1500).
 */
const LIST_COLD_LIMIT = Number(process.env.E2E_LIST_COLD_LIMIT_MS ?? Infinity);

interface Visit {
  /** ms from the start of the navigation until the page shows what it is for and its main thread answers */
  usable: number;
  /** ms the page's main thread was busy meanwhile */
  busy: number;
}

async function visit(page: Page, path: string, usable: (page: Page) => Promise<void>): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
  const before = await busy();
  await page.goto(path, { waitUntil: 'commit' });
  await usable(page);
  // runs on the page's main thread, so it answers once that thread is free for the user's input
  const at = await page.evaluate(() => performance.now());
  const after = await busy();
  await cdp.detach();
  return { usable: Math.round(at), busy: Math.round((after - before) * 1000) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

test('time to a usable page, cold and warm, for the sign-in, users, transactions and live sales routes', async ({ browser, stack }) => {
  test.setTimeout(RUNS * MEASURED_ROUTES.length * 45_000);
  for (const route of MEASURED_ROUTES) {
    const cold: Visit[] = [];
    const warm: Visit[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await freshPage(browser, stack, route.role);
      const path = await route.path(page);
      cold.push(await visit(page, path, route.usable));
      await page.waitForLoadState('networkidle');
      warm.push(await visit(page, path, route.usable));
      await page.context().close();
    }
    const figure = (visits: Visit[]) => `${median(visits.map((v) => v.usable))} ms (main thread busy ${median(visits.map((v) => v.busy))} ms; runs ${visits.map((v) => v.usable).join(', ')})`;
    console.log(`${route.name}: cold ${figure(cold)}, warm ${figure(warm)}`);
    if (route.name === 'users list' || route.name === 'transactions') expect(median(cold.map((v) => v.usable))).toBeLessThanOrEqual(LIST_COLD_LIMIT);
  }
});
