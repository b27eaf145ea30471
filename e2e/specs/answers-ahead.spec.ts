import { allResources, openingListRequest } from '@backoffice/resources';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { freshPage } from '../support/routes';

/** Every list screen that opens on the first page of its list (resources/src/list-opening.ts). */
const LIST_SCREENS = allResources().filter((def) => def.screens?.route && openingListRequest(def, () => true));

/** What a list screen shows once its first page is in: rows, cards, or the empty table. */
const PAGE_SHOWN = '.ant-table-tbody tr.ant-table-row, .ant-table-placeholder, [data-testid="record-card"], [data-testid="merchant-card"]';

/** What an edit screen shows once its record is in: a field holding its value, or the merchant's products. */
const RECORD_SHOWN = '.ant-form-item input[value]:not([value=""]), .ant-table-tbody tr.ant-table-row';

/**
 * Opens `path` cold and answers the requests the admin made itself for `apiPath` (the page's own link preload is a
 * request of type "other"; the admin's are fetch or XHR), once `shown` is drawn and the page is quiet.
 */
async function ownRequests(page: Page, path: string, apiPath: string, shown: string): Promise<string[]> {
  const asked: string[] = [];
  const isRead = (url: string) => new URL(url).pathname === apiPath;
  page.on('request', (request) => {
    if (isRead(request.url()) && ['xhr', 'fetch'].includes(request.resourceType())) asked.push(request.url());
  });
  const preloaded = page.waitForRequest((request) => isRead(request.url()) && request.resourceType() === 'other');
  await page.goto(path);
  await preloaded;
  await expect(page.locator(`${shown} >> visible=true`).first(), path).toBeVisible();
  await page.waitForLoadState('networkidle');
  return asked;
}

test.describe('what a screen opened cold reads first, asked for by the page and not asked for again (issue 40)', () => {
  test('every list screen: its first page', async ({ browser, stack }) => {
    test.setTimeout(LIST_SCREENS.length * 20_000);
    expect(LIST_SCREENS.length).toBeGreaterThanOrEqual(10);
    for (const def of LIST_SCREENS) {
      const page = await freshPage(browser, stack, 'super');
      expect(await ownRequests(page, def.screens!.route, `/api/company/model/${def.name}`, PAGE_SHOWN), `${def.name}: the list's own requests`).toEqual([]);
      await page.context().close();
    }
  });

  test("the user, merchant and location edit screens: the record, whose version a save then names", async ({ browser, stack }) => {
    for (const [model, route] of [['user', '/company/user'], ['merchant', '/company/merchant'], ['location', '/company/location']]) {
      const page = await freshPage(browser, stack, 'company');
      const [record] = (await (await page.request.get(`/api/company/model/${model}?_start=0&_end=1`)).json()) as { _id: string }[];
      const asked = await ownRequests(page, `${route}/${record._id}/edit`, `/api/company/model/${model}/${record._id}`, RECORD_SHOWN);
      expect(asked, `${model}: the record's own requests`).toEqual([]);
      if (model === 'location') {
        const saved = page.waitForResponse((response) => response.url().endsWith(`/api/company/model/location/${record._id}`) && response.request().method() === 'PATCH');
        await page.getByRole('button', { name: 'Save' }).first().click();
        const response = await saved;
        expect(response.request().headers()['if-match'], 'the save names the version read ahead').toBeTruthy();
        expect(response.status()).toBe(200);
      }
      await page.context().close();
    }
  });
});
