import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, tableReady, test } from '../support/fixtures';
import { liveSalesPath } from '../support/routes';

/**
 * The README's screenshots (docs/screenshots/*.png), taken from the demo data as the demo company admin sees it.
 * Only with UPDATE_SCREENSHOTS=1, so the ordinary runs never rewrite committed files:
 *
 *   UPDATE_SCREENSHOTS=1 npm test -w e2e -- specs/readme-screenshots.spec.ts
 */
const SCREENSHOTS = resolve(__dirname, '../../docs/screenshots');

test.use({ viewport: { width: 1440, height: 900 } });

test.skip(process.env.UPDATE_SCREENSHOTS !== '1', 'set UPDATE_SCREENSHOTS=1 to rewrite docs/screenshots');

async function save(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  // no toast, focus ring or blinking caret in a picture
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

/** The demo's busiest merchant (Main Bar), else the first one. */
async function busiestMerchantLive(page: Page): Promise<string> {
  const response = await page.request.get('/api/company/model/merchant?q=Main%20Bar&_start=0&_end=1');
  const [merchant] = response.ok() ? ((await response.json()) as { _id: string }[]) : [];
  return merchant ? `/company/merchant/${merchant._id}/live` : liveSalesPath(page);
}

test('README screenshots: dashboard, users list and a merchant\'s live sales', async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs('company');

  await page.goto('/company/dashboard');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await tableReady(page);
  await save(page, 'dashboard');

  await page.goto('/company/user');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await tableReady(page);
  await save(page, 'users');

  await page.goto(await busiestMerchantLive(page));
  await expect(page.getByTestId('live-revenue')).toBeVisible();
  await expect(page.getByTestId('live-products').locator('.ant-table-tbody')).toBeVisible();
  await expect(page.getByTestId('sales-chart').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await save(page, 'merchant-live');
});
