import { Api, unique } from '../support/api';
import { expect, openTableView, pickMenuItem, tableReady, test } from '../support/fixtures';

test('archive and unarchive ask for confirmation, one row or a selection', async ({ page, signInAs, stack }) => {
  const api = await Api.as('super', stack.baseURL);
  const prefix = unique('Archivable');
  for (const suffix of ['a', 'b', 'c']) await api.create('merchant', { name: { full: `${prefix} ${suffix}` } });
  await signInAs('merchant');
  await page.goto('/company/merchant');
  await page.getByTitle('Table').click();
  await page.getByPlaceholder('Search').fill(prefix);
  await page.getByPlaceholder('Search').press('Enter');
  await tableReady(page);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);

  // one row through its menu: cancel first, then confirm
  const dialog = page.locator('.ant-modal-confirm');
  const archiveFirstRow = () =>
    pickMenuItem(page, rows.first().getByTestId('row-more'), 'Archive', () => expect(dialog).toBeVisible({ timeout: 2_000 }));
  await archiveFirstRow();
  await expect(dialog).toContainText('Are you sure you want to archive this item?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(3);
  await archiveFirstRow();
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(rows).toHaveCount(2);

  // a selection of the two others, the second by shift-click from the first
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').click({ modifiers: ['Shift'] });
  await expect(rows.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await page.getByRole('button', { name: /Archive selected/ }).click();
  await expect(dialog).toContainText('Are you sure you want to archive 2 items?');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.locator('.ant-table-tbody .ant-empty')).toBeVisible();

  // the archived ones, unarchived again
  await page.getByTestId('filter-meta.archived').click();
  await page.locator('.ant-select-item-option', { hasText: 'Archived: Yes' }).click();
  await expect(rows).toHaveCount(3);
  await page.locator('.ant-table-thead .ant-checkbox-input').check();
  await page.getByRole('button', { name: /Unarchive selected/ }).click();
  await expect(dialog).toContainText('Are you sure you want to unarchive 3 items?');
  await dialog.getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.locator('.ant-table-tbody .ant-empty')).toBeVisible();
  const { rows: active } = await api.list('merchant', `q=${encodeURIComponent(prefix)}&meta.archived=false`);
  expect(active).toHaveLength(3);
  await api.dispose();
});

test('"Archived: All" stays chosen after a reload, where the list would hide archived records by default', async ({ page, signInAs }) => {
  await signInAs('merchant');
  await openTableView(page, '/company/merchant');
  const filter = page.getByTestId('filter-meta.archived');
  await expect(filter).toContainText('Archived: No');
  await filter.click();
  await page.locator('.ant-select-item-option', { hasText: 'Archived: All' }).click();
  await expect(page).toHaveURL(/operator(\]|%5D)=in/);
  await page.reload();
  await tableReady(page);
  await expect(filter).toContainText('Archived: All');
});
