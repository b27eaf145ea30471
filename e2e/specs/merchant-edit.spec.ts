import { unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { MerchantSeed } from '../support/merchant-seed';

test('layout: the mobile list keeps one empty slot, the tablet has 24, products are dragged onto slots and saved', async ({ page, signInAs, stack, snap }) => {
  const seed = await MerchantSeed.as('merchant', stack.baseURL);
  const merchant = await seed.merchant(unique('Layout bar'));
  const beer = await seed.product(merchant._id, 'Beer', 350);
  const cola = await seed.product(merchant._id, 'Cola', 250);
  await signInAs('merchant');
  await page.goto(`/company/merchant/${merchant._id}/edit`);
  await page.getByRole('tab', { name: 'Layout' }).click();

  const mobile = page.getByTestId('slots-mobile');
  const mobileSlots = mobile.getByTestId('layout-slot');
  await expect(mobileSlots).toHaveCount(1);
  // filling the only slot adds a new empty one
  await mobileSlots.nth(0).getByRole('combobox').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('Beer').click();
  await expect(mobileSlots).toHaveCount(2);
  // dragging Cola from the palette onto the empty slot fills it, and another empty slot appears
  await mobile.getByTestId('palette-product').filter({ hasText: 'Cola' }).dragTo(mobileSlots.nth(1));
  await expect(mobileSlots).toHaveCount(3);
  await expect(mobileSlots.nth(1)).toHaveAttribute('data-product', String(cola._id));
  // emptying a slot removes it
  await mobileSlots.nth(0).getByRole('button', { name: 'Empty this slot' }).click();
  await expect(mobileSlots).toHaveCount(2);
  await expect(mobileSlots.nth(0)).toHaveAttribute('data-product', String(cola._id));

  const tablet = page.getByTestId('slots-tablet');
  const tabletSlots = tablet.getByTestId('layout-slot');
  await expect(tabletSlots).toHaveCount(24);
  await tablet.getByTestId('palette-product').filter({ hasText: 'Beer' }).dragTo(tabletSlots.nth(5));
  await expect(tabletSlots.nth(5)).toHaveAttribute('data-product', String(beer._id));
  await tabletSlots.nth(5).getByRole('button', { name: 'Empty this slot' }).click();
  await expect(tabletSlots).toHaveCount(24);
  await tablet.getByTestId('palette-product').filter({ hasText: 'Beer' }).dragTo(tabletSlots.nth(2));
  await snap('merchant-layout');

  await page.getByTestId('save').click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();
  const saved = await seed.get(`/api/company/model/merchant/${merchant._id}`);
  const placement = (layout: string) => ((saved[layout] as { tab0: { placement: string[] } }).tab0.placement);
  expect(placement('productLayoutMobile')).toEqual([cola._id, '']);
  expect(placement('productLayoutTablet')).toHaveLength(24);
  expect(placement('productLayoutTablet')[2]).toBe(beer._id);
  await seed.dispose();
});

test('about: name required and at most 50 characters; leaving with unsaved changes asks first', async ({ page, signInAs, stack }) => {
  const seed = await MerchantSeed.as('merchant', stack.baseURL);
  const merchant = await seed.merchant(unique('About bar'));
  await signInAs('merchant');
  await page.goto(`/company/merchant/${merchant._id}/edit`);
  await page.getByRole('tab', { name: 'About' }).click();
  const name = page.getByTestId('field-name.full').getByRole('textbox');
  await name.fill('x'.repeat(51));
  await expect(page.getByTestId('field-name.full')).toContainText('Must be at most 50 characters');
  await expect(page.getByTestId('save')).toBeDisabled();
  await name.fill('Renamed bar');
  let asked = false;
  page.once('dialog', (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Merchants' }).first().click();
  expect(asked).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/company/merchant/${merchant._id}/edit`));
  await seed.dispose();
});

test("products tab: creating the 25th product asks 'Are you sure?' about the 24-product tablet register", async ({ page, signInAs, stack }) => {
  const seed = await MerchantSeed.as('merchant', stack.baseURL);
  const merchant = await seed.merchant(unique('Full register'));
  for (let i = 1; i <= 24; i++) await seed.product(merchant._id, `Product ${String(i).padStart(2, '0')}`, 100 + i);
  await signInAs('merchant');
  await page.goto(`/company/merchant/${merchant._id}/edit`);
  await expect(page.getByTestId('product-count')).toHaveText('24 products');
  await expect(page.getByTestId('merchant-products').locator('tr.ant-table-row')).toHaveCount(24);
  await page.getByTestId('product-create').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Are you sure?');
  await expect(confirm).toContainText('A tablet register can only display 24 products. Adding more products means some will not be visible. Do you want to continue?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/merchant/${merchant._id}/edit`));
  await page.getByTestId('product-create').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/merchant/${merchant._id}/product/create/edit`));
  await seed.dispose();
});
