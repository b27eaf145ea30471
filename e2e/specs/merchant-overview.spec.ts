import { unique } from '../support/api';
import { expect, pickMenuItem, tableReady, test } from '../support/fixtures';
import { MerchantSeed } from '../support/merchant-seed';

test('merchant overview: cards by default, a table on request, quick create opens the edit screen', async ({ page, signInAs, stack, snap }) => {
  const seed = await MerchantSeed.as('merchant', stack.baseURL);
  const existing = unique('Card bar');
  await seed.merchant(existing);
  await signInAs('merchant');
  await page.goto('/company/merchant');
  await page.getByPlaceholder('Search').fill(existing);
  await page.getByPlaceholder('Search').press('Enter');
  await expect(page.getByTestId('merchant-card').filter({ hasText: existing })).toHaveCount(1);
  await snap('merchant-overview-cards');

  await page.getByTitle('Table').click();
  await tableReady(page);
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: existing });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button', { name: 'Live data' })).toBeVisible();
  await snap('merchant-overview-table');

  const name = unique('Quick bar');
  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'New merchant' });
  await dialog.getByLabel('Merchant name (English)').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/company\/merchant\/[0-9a-f]{24}\/edit$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Products' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Layout' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'About' })).toBeVisible();
  await seed.dispose();
});

test("deleting a merchant with products is refused ('Cannot remove merchant'), without products it goes", async ({ page, signInAs, stack }) => {
  const seed = await MerchantSeed.as('merchant', stack.baseURL);
  const full = await seed.merchant(unique('Full bar'));
  await seed.product(full._id, 'Beer', 350);
  const empty = await seed.merchant(unique('Empty bar'));
  await signInAs('merchant');
  await page.addInitScript(() => localStorage.setItem('backoffice.view.merchant', 'table'));

  for (const [merchant, toast] of [[full, 'Cannot remove merchant'], [empty, 'We removed that darn merchant']] as const) {
    const name = String((merchant.name as { full: string }).full);
    await page.goto('/company/merchant');
    await page.getByPlaceholder('Search').fill(name);
    await page.getByPlaceholder('Search').press('Enter');
    await tableReady(page);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
    const confirm = page.locator('.ant-modal-confirm');
    await pickMenuItem(page, row.getByTestId('row-more'), 'Delete', () => expect(confirm).toBeVisible({ timeout: 2_000 }));
    await expect(confirm).toContainText('A merchant can only be deleted if it has no products');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.locator('.ant-notification-notice', { hasText: toast })).toBeVisible();
    if (merchant === full) {
      // the toast says it once, with the reason beside it (issue 11 item 11)
      const text = await page.locator('.ant-notification-notice', { hasText: toast }).innerText();
      expect(text.split(toast)).toHaveLength(2);
      expect(text).toContain('1 product');
    }
  }
  expect((await seed.get(`/api/company/model/merchant/${full._id}`))._id).toBe(full._id);
  await seed.dispose();
});
