import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures';

const LIMIT = 400 * 1024;

test('the sign-in route loads at most 400 kB of gzipped JavaScript, and no chart code', async ({ page }) => {
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) {
      scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
    }
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  let total = 0;
  for (const body of scripts.values()) total += gzipSync(body, { level: 9 }).length;
  console.log(`sign-in route: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} kB gzipped`);
  expect(total).toBeLessThanOrEqual(LIMIT);
  expect([...scripts.keys()].filter((url) => /charts|plots|antv/i.test(url))).toEqual([]);
});
