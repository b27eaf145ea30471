import { allResources, openingListRequest } from '@backoffice/resources';
import { expect, test } from '../support/fixtures';
import { freshPage } from '../support/routes';

/** Every list screen that opens on the first page of its list (resources/src/list-opening.ts). */
const LIST_SCREENS = allResources().filter((def) => def.screens?.route && openingListRequest(def, () => true));

/** What a list screen shows once its first page is in: rows, cards, or the empty table. */
const PAGE_SHOWN = '.ant-table-tbody tr.ant-table-row, .ant-table-placeholder, [data-testid="record-card"], [data-testid="merchant-card"]';

test('a list screen opened cold shows the first page the page asked for ahead, without asking for it again (issue 40)', async ({ browser, stack }) => {
  test.setTimeout(LIST_SCREENS.length * 20_000);
  expect(LIST_SCREENS.length).toBeGreaterThanOrEqual(10);
  for (const def of LIST_SCREENS) {
    const page = await freshPage(browser, stack, 'super');
    const asked: string[] = [];
    // the page's link preload is a request of type "other"; the admin's own are fetch or XHR
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/company/model/${def.name}` && ['xhr', 'fetch'].includes(request.resourceType())) asked.push(request.url());
    });
    const preloaded = page.waitForRequest((request) => new URL(request.url()).pathname === `/api/company/model/${def.name}` && request.resourceType() === 'other');
    await page.goto(def.screens!.route);
    await preloaded;
    await expect(page.locator(PAGE_SHOWN).first(), def.name).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked, `${def.name}: the list's own requests`).toEqual([]);
    await page.context().close();
  }
});
