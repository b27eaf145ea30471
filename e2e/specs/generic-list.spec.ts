import { Api, unique } from '../support/api';
import { expect, openTableView, tableReady, test } from '../support/fixtures';

test.describe('generic list (locations)', () => {
  let prefix: string;

  test.beforeAll(async ({ stack }) => {
    const api = await Api.as('super', stack.baseURL);
    prefix = unique('Listtest');
    for (let index = 0; index < 12; index++) {
      await api.create('location', {
        name: { full: `${prefix} ${String(index).padStart(2, '0')}`, tag: index % 3 === 0 ? ['bar'] : ['park'] },
        url: `lt-${index}`,
        city: 'Utrecht',
      });
    }
    await api.dispose();
  });

  test('search, sort, filter and page live in the URL and survive a reload', async ({ page, signInAs, snap }) => {
    await signInAs('company');
    await page.goto('/company/location?pageSize=5');
    await page.getByTitle('Table').click();
    await page.getByPlaceholder('Search').fill(prefix);
    await page.getByPlaceholder('Search').press('Enter');
    await tableReady(page);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText(`${prefix} 00`);
    await expect(page.locator('.ant-pagination-item')).toHaveCount(3);
    await snap('generic-list-table');

    // sort by name, descending
    await page.locator('.ant-table-thead th', { hasText: 'Name' }).click();
    await expect(page).toHaveURL(/sorters\[0\]\[order\]=desc/);
    await expect(rows.first()).toContainText(`${prefix} 11`);

    // second page
    await page.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/currentPage=2/);
    await expect(rows.first()).toContainText(`${prefix} 06`);

    await page.reload();
    await tableReady(page);
    await expect(page.getByPlaceholder('Search')).toHaveValue(prefix);
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
    await expect(rows.first()).toContainText(`${prefix} 06`);

    // filter by tag: only the 4 locations tagged bar remain, the tag shown as its label
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^Bar$/ }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/name\.tag/);
    await expect(page.locator('.ant-pagination-item')).toHaveCount(1);
    await expect(rows).toHaveCount(4);
    await page.reload();
    await tableReady(page);
    await expect(rows).toHaveCount(4);
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Bar');
  });

  test('a search too short for the search index says why the list is not filtered', async ({ page, signInAs }) => {
    await signInAs('company');
    await page.goto('/company/location?pageSize=5');
    await page.getByTitle('Table').click();
    const search = page.getByPlaceholder('Search');
    await search.fill('L-t');
    await search.press('Enter');
    const hint = page.getByRole('tooltip');
    await expect(hint).toHaveText('Type at least 3 letters or digits in a row to search');
    await tableReady(page);
    await expect(page.locator('.ant-pagination-item').nth(1)).toBeVisible();
    // the hint shows while the box has the focus or the pointer, never over the rest of the page
    await page.getByRole('heading', { name: 'Locations' }).click();
    await expect(hint).toHaveCount(0);
    await search.hover();
    await expect(hint).toHaveText('Type at least 3 letters or digits in a row to search');

    // typing takes the hint away; a searchable text filters
    await search.fill(prefix);
    await expect(hint).toHaveCount(0);
    await search.press('Enter');
    await tableReady(page);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(`${prefix} 00`);
  });

  test('a list opened without a query writes its defaults into the URL; back and the side menu still find it', async ({ page, signInAs }) => {
    await signInAs('company');
    await openTableView(page, '/company/location');
    await expect(page).toHaveURL(/\/company\/location\?pageSize=\d+&currentPage=1/);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    const firstName = (await rows.first().locator('td').nth(1).innerText()).trim();

    // away through the app and back through the browser's history
    await rows.first().getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/company\/location\/[^/]+\/edit/);
    await page.goBack();
    await expect(page).toHaveURL(/\/company\/location\?pageSize=\d+&currentPage=1/);
    await tableReady(page);
    await expect(rows.first()).toContainText(firstName);

    // each link of the pager names its own page (to open it in a new tab), and nothing of the route
    const pageTwoLink = await page.locator('.ant-pagination-item-2 a').getAttribute('href');
    expect(pageTwoLink).toMatch(/^\/company\/location\?[^*]*$/);
    expect(pageTwoLink).toContain('currentPage=2');

    // a change after the defaults goes through the router, and the side menu opens the list afresh
    await page.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/currentPage=2/);
    await expect(rows.first()).not.toContainText(firstName);
    await page.locator('.ant-layout-sider').getByRole('menuitem', { name: 'Locations' }).click();
    await expect(page).toHaveURL(/currentPage=1/);
    await expect(rows.first()).toContainText(firstName);
  });

  test('card view shows the same records', async ({ page, signInAs, snap }) => {
    await signInAs('company');
    await page.goto('/company/location');
    await page.getByTitle('Cards').click();
    await page.getByPlaceholder('Search').fill(prefix);
    await page.getByPlaceholder('Search').press('Enter');
    await expect(page.getByTestId('record-card')).toHaveCount(12);
    await snap('generic-list-cards');
  });
});
