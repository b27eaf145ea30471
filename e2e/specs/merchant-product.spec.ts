import { unique } from '../support/api';
import { expect, test } from '../support/fixtures';
import { MerchantSeed } from '../support/merchant-seed';

const NOT_LINKED = 'This Locker Company event is not linked to your company';
const openSelect = (page: import('@playwright/test').Page, testId: string) => page.getByTestId(testId).locator('.ant-select-selector').click();
const option = (page: import('@playwright/test').Page, title: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(title, { exact: true });

test('product edit: name at most 50, tax and alcohol as percentages stored as fractions, saved and back', async ({ page, signInAs, stack, snap }) => {
  const seed = await MerchantSeed.as('merchant', stack.baseURL);
  const merchant = await seed.merchant(unique('Product bar'));
  await signInAs('merchant');
  await page.goto(`/company/merchant/${merchant._id}/product/create/edit`);
  const name = page.getByTestId('field-nameLocalized.full').getByRole('textbox', { name: /Name \(en\)/ });
  await name.fill('x'.repeat(51));
  await expect(page.getByTestId('field-nameLocalized.full')).toContainText('at most 50');
  await expect(page.getByTestId('save')).toBeDisabled();
  await name.fill('IPA');
  await page.getByTestId('field-price.cents').getByRole('spinbutton').fill('5.50');
  await openSelect(page, 'field-taxPercentage');
  await page.keyboard.type('9%');
  await page.keyboard.press('Enter');
  await openSelect(page, 'field-content.alcohol');
  await page.keyboard.type('6%');
  await page.keyboard.press('Enter');
  await snap('product-edit-merchant');
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/company/model/product'));
  await page.getByTestId('save').click();
  const body = (await created).request().postDataJSON() as { taxPercentage: number; content: { alcohol: number }; price: { cents: number }; merchantRef: { merchantId: string } };
  expect(body).toMatchObject({ taxPercentage: 0.09, content: { alcohol: 0.06 }, price: { cents: 550 }, merchantRef: { merchantId: merchant._id } });
  await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/company/merchant/${merchant._id}/edit`));
  await seed.dispose();
});

test("locker product: an event not linked to the company is invalid ('This Locker Company event is not linked to your company') and disables size and period", async ({ page, signInAs, stack }) => {
  const seed = await MerchantSeed.as('merchant', stack.baseURL);
  const merchant = await seed.merchant(unique('Locker desk'));
  const locker = await seed.product(merchant._id, 'Locker', 800, { type: 'others' });
  // stored before it became a locker: an event of another organiser
  await seed.patch(`/api/company/model/product/${locker._id}`, { content: { lockerCompanyEventId: 'lc-event-other' } });
  await signInAs('merchant');
  await page.goto(`/company/merchant/${merchant._id}/product/${locker._id}/edit`);
  await openSelect(page, 'field-type');
  await option(page, 'Locker (Locker Company)').click();
  const event = page.getByTestId('field-content.lockerCompanyEventId');
  await expect(event).toContainText(NOT_LINKED);
  await expect(page.getByTestId('field-content.lockerCompanySizeId').getByRole('combobox')).toBeDisabled();
  await expect(page.getByTestId('field-content.lockerCompanyPeriodId').getByRole('combobox')).toBeDisabled();
  await expect(page.getByTestId('save')).toBeDisabled();

  await openSelect(page, 'field-content.lockerCompanyEventId');
  await option(page, 'Festival lockers 2026').click();
  await expect(event).not.toContainText(NOT_LINKED);
  const size = page.getByTestId('field-content.lockerCompanySizeId').getByRole('combobox');
  await expect(size).toBeEnabled();
  await openSelect(page, 'field-content.lockerCompanySizeId');
  await option(page, 'Large (fits a suitcase)').click();
  // another event resets size and period
  await openSelect(page, 'field-content.lockerCompanyEventId');
  await option(page, 'City run lockers').click();
  await expect(page.getByTestId('field-content.lockerCompanySizeId')).not.toContainText('Large');
  await openSelect(page, 'field-content.lockerCompanySizeId');
  await option(page, 'Small (fits a backpack)').click();
  await page.getByTestId('save').click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();
  const saved = await seed.get(`/api/company/model/product/${locker._id}`);
  expect(saved.content).toMatchObject({ lockerCompanyEventId: 'lc-event-city', lockerCompanySizeId: 'lc-size-s' });
  await seed.dispose();
});

test('AI image suggestions: four pictures from a prompt, the picked one becomes the product image', async ({ page, signInAs, stack }) => {
  const seed = await MerchantSeed.as('merchant', stack.baseURL);
  const merchant = await seed.merchant(unique('Picture bar'));
  const product = await seed.product(merchant._id, 'Lemonade', 300);
  await signInAs('merchant');
  await page.goto(`/company/merchant/${merchant._id}/product/${product._id}/edit`);
  await page.getByTestId('ai-open-image.profile').click();
  await page.getByTestId('ai-prompt').fill('A glass of lemonade in the sun');
  await page.getByTestId('ai-suggest').click();
  await expect(page.getByTestId('ai-suggestion')).toHaveCount(4);
  const upload = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/api/image?model=product'));
  await page.getByTestId('ai-suggestion').nth(2).click();
  expect((await upload).status()).toBe(201);
  await expect(page.getByTestId('image-image.profile').locator('img')).toBeVisible();
  await page.getByTestId('save').click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();
  const saved = await seed.get(`/api/company/model/product/${product._id}`);
  expect((saved.image as { profile: string }).profile).toMatch(/^[0-9a-f]{24}$/);
  await seed.dispose();
});
