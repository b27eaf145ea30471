import { test as base, expect, type Download, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { readState, type SignIn, type StackState } from './stack';

export const SCREENSHOTS = resolve(__dirname, '../screenshots');

function stackState(): StackState {
  return readState();
}

export function signInFor(role: string): SignIn {
  const found = stackState().signIns.find((entry) => entry.role.toLowerCase() === role.toLowerCase());
  if (!found) throw new Error(`no demo sign-in printed for ${role}`);
  return found;
}

interface Fixtures {
  stack: StackState;
  /** signs in through the API (the browser context keeps the cookie) */
  signInAs: (role: string) => Promise<void>;
  /** saves a full-page screenshot under e2e/screenshots */
  snap: (name: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  stack: async ({}, use) => use(stackState()),
  baseURL: async ({}, use) => use(stackState().baseURL),
  signInAs: async ({ page }, use) => {
    await use(async (role: string) => {
      const { email, password } = signInFor(role);
      const response = await page.request.post('/api/auth/login', { data: { email, password } });
      expect(response.status(), `sign-in of ${role}`).toBe(200);
    });
  },
  snap: async ({ page }, use) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await use(async (name: string) => {
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), fullPage: true });
    });
  },
});

export { expect };

/** Waits until a table has rows (or shows its empty state). */
export async function tableReady(page: Page): Promise<void> {
  await expect(page.locator('.ant-table-tbody').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** Opens a list in its table view (lists with cards open in those) and waits for its rows. */
export async function openTableView(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTitle('Table').click();
  await tableReady(page);
}

/** Every link of the side menu, with each group opened. */
export async function menuLinks(page: Page): Promise<string[]> {
  const sider = page.locator('.ant-layout-sider');
  await expect(sider.locator('.ant-menu').first()).toBeVisible();
  const groups = sider.locator('.ant-menu-submenu-title');
  const count = await groups.count();
  for (let index = 0; index < count; index++) {
    const submenu = groups.nth(index).locator('xpath=..');
    if (!(await submenu.evaluate((node) => node.classList.contains('ant-menu-submenu-open')))) await groups.nth(index).click();
  }
  const hrefs = await sider.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => /^\/(company|application)\//.test(href)))].sort();
}

/** An item of the open dropdown menu (closed menus stay in the page, hidden). */
export function menuItem(page: Page, name: string | RegExp) {
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name });
}

/**
 * Opens a dropdown with `opener` and clicks one of its items until `chosen` holds. On a loaded machine the first
 * click can land while the dropdown is still opening and do nothing, so: open and click again until it took effect.
 */
export async function pickMenuItem(page: Page, opener: Locator, name: string | RegExp, chosen: () => Promise<unknown>): Promise<void> {
  await expect(async () => {
    if (!(await menuItem(page, name).isVisible())) await opener.click();
    await menuItem(page, name).click({ timeout: 2_000 });
    await chosen();
  }).toPass({ timeout: 20_000 });
}

/**
 * Closes the toasts on screen, as a user would before reaching what they cover (the list's Batch menu sits under
 * them). Toasts do not close by themselves while the pointer rests on them, and Playwright's clicks put it there.
 */
export async function closeNotices(page: Page): Promise<void> {
  const close = page.locator('.ant-notification-notice-close');
  await expect(async () => {
    if ((await close.count()) > 0) await close.first().click({ timeout: 2_000 });
    await expect(close).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Clicks an item of the list's Batch menu until `chosen` holds (see pickMenuItem). */
export async function pickBatchItem(page: Page, name: string | RegExp, chosen: () => Promise<unknown>): Promise<void> {
  await pickMenuItem(page, page.getByRole('button', { name: /Batch/ }), name, chosen);
}

/**
 * Follows an item of the Batch menu to its page. (A list writing its state into the URL used to undo such a
 * navigation too; admin/src/providers/router-provider.ts stops that.)
 */
export async function chooseBatchItem(page: Page, name: string | RegExp, url: RegExp): Promise<void> {
  await pickBatchItem(page, name, () => expect(page).toHaveURL(url, { timeout: 2_000 }));
}

/** The file an item of the Batch menu downloads: the item is clicked until the menu closes, which it does on a click that took. */
export async function downloadBatchItem(page: Page, name: string | RegExp, timeout = 30_000): Promise<Download> {
  const download = page.waitForEvent('download', { timeout });
  await pickBatchItem(page, name, () => expect(menuItem(page, name)).toBeHidden({ timeout: 2_000 }));
  return download;
}
