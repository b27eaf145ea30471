import { allResources } from '../../resources/src/index';
import type { Page } from '@playwright/test';
import { expect, menuLinks, signInFor, test } from '../support/fixtures';
import { layoutFaults, settled } from '../support/layout-faults';
import { readState } from '../support/stack';

/** A phone, a tablet, a small laptop and a desktop (issue 40). */
const WIDTHS = [390, 768, 1024, 1440];

/**
 * Every screen of the admin: each link of the side menu as a super admin sees it (the admin's own list of routes),
 * the edit screen of the first record of every model with a screen, and the live sales of all merchants.
 */
async function everyScreen(page: Page): Promise<string[]> {
  await page.goto('/company');
  const lists = await menuLinks(page);
  const edits: string[] = [];
  for (const def of allResources().filter((def) => def.screens?.route && def.scope !== 'platform')) {
    const answer = await page.request.get(`/api/company/model/${def.name}?_start=0&_end=1&_select=_id`);
    const [record] = answer.ok() ? ((await answer.json()) as { _id: string }[]) : [];
    if (record) edits.push(`${def.screens!.route}/${record._id}/edit`);
  }
  return [...lists, ...edits, '/company/merchant/all/live'];
}

let screens: string[] = [];

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: readState().baseURL, viewport: { width: 1440, height: 900 } });
  const { email, password } = signInFor('super');
  expect((await context.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  screens = await everyScreen(await context.newPage());
  await context.close();
});

test.describe('every screen at every width: nothing wider than the screen, nothing over the header, no word broken', () => {
  for (const width of WIDTHS) {
    test(`${width} px`, async ({ page, signInAs }) => {
      test.setTimeout(screens.length * 15_000 + 30_000);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/login');
      await settled(page);
      expect(await layoutFaults(page), `/login at ${width} px`).toEqual([]);
      await signInAs('super');
      for (const screen of screens) {
        await page.goto(screen);
        await settled(page);
        expect.soft(await layoutFaults(page), `${screen} at ${width} px`).toEqual([]);
      }
    });
  }
});
