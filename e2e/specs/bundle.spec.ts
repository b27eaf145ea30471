import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// 400 kB before the data provider moved onto simple-rest and axios (issue 11); issue 12's 150 kB target is still open
const LIMIT = 450 * 1024;
/** A class name only the chart library (G2, under @ant-design/plots) carries. */
const CHART_MARKER = 'g2-tooltip';

function collectScripts(page: Page): Map<string, Buffer> {
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) {
      scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
    }
  });
  return scripts;
}

const hasChartCode = (scripts: Map<string, Buffer>) => [...scripts.values()].some((body) => body.includes(CHART_MARKER));

test('the sign-in route loads at most 450 kB of gzipped JavaScript, and no chart code', async ({ page }) => {
  const scripts = collectScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  let total = 0;
  for (const body of scripts.values()) total += gzipSync(body, { level: 9 }).length;
  console.log(`sign-in route: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} kB gzipped`);
  expect(total).toBeLessThanOrEqual(LIMIT);
  expect(hasChartCode(scripts)).toBe(false);
});

test('chart code loads on a page that draws a chart', async ({ page, signInAs }) => {
  await signInAs('merchant');
  const scripts = collectScripts(page);
  // the live page always draws its sales chart; the live register draws one only per terminal that sold
  await page.goto('/company/merchant/all/live');
  await expect.poll(() => hasChartCode(scripts), { timeout: 30_000 }).toBe(true);
});
