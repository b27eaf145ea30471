import { Api, unique } from '../support/api';
import { expect, tableReady, test } from '../support/fixtures';

test('product overview shows merchant and image, links to the product edit route; price is entered in euros', async ({ page, signInAs, stack, snap }) => {
  const api = await Api.as('super', stack.baseURL);
  const merchant = await api.create('merchant', { name: { full: unique('Product merchant') } });
  const name = unique('Cola');
  const product = await api.create('product', { nameLocalized: { full: { en: name } }, type: 'drink', price: { cents: 250 }, merchantRef: { merchantId: merchant._id } });
  await signInAs('merchant');
  await page.goto('/company/merchant/product');
  await page.getByPlaceholder('Search').fill(name);
  await page.getByPlaceholder('Search').press('Enter');
  await tableReady(page);
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(String((merchant.name as { full: string }).full));
  await expect(row).toContainText('€ 2.50');
  await snap('product-overview');
  const link = row.getByRole('link', { name });
  await expect(link).toHaveAttribute('href', `/company/merchant/${merchant._id}/product/${product._id}/edit`);
  await link.click();

  // the edit form: English name in its tab, price in euros, saved as cents
  await expect(page.getByTestId('field-nameLocalized.full').getByRole('textbox', { name: /Name \(en\)/ })).toHaveValue(name);
  const price = page.getByTestId('field-price.cents').getByRole('spinbutton');
  await expect(price).toHaveValue('2.50');
  await snap('product-edit');
  await price.fill('3.75');
  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes(String(product._id)));
  await page.getByTestId('save').click();
  const request = (await saved).request();
  expect((request.postDataJSON() as { price: { cents: number } }).price.cents).toBe(375);
  await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();
  expect(((await api.get('product', String(product._id))).body.price as { cents: number }).cents).toBe(375);
  await api.dispose();
});

test('an image that breaks the ratio or minimum size is refused before upload', async ({ page, signInAs }) => {
  await signInAs('merchant');
  const uploads: string[] = [];
  page.on('request', (request) => request.url().includes('/api/image') && request.method() === 'POST' && uploads.push(request.url()));
  await page.goto('/company/merchant/create/edit');
  // a 300 × 100 PNG drawn in the page
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 100;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1f6feb';
    context.fillRect(0, 0, 300, 100);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  await page.getByTestId('image-image.banner').locator('input[type=file]').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
  await expect(page.locator('.ant-message')).toContainText('Image must be at least 1024 px wide');
  expect(uploads).toEqual([]);
});

test('out-of-range product values are refused on the field, never corrected (issue 11 item 3)', async ({ page, signInAs, stack }) => {
  const api = await Api.as('super', stack.baseURL);
  const merchant = await api.create('merchant', { name: { full: unique('Range merchant') } });
  const product = await api.create('product', { nameLocalized: { full: { en: unique('Range') } }, type: 'drink', price: { cents: 250 }, merchantRef: { merchantId: merchant._id } });
  await signInAs('merchant');
  const patches: string[] = [];
  page.on('request', (request) => request.method() === 'PATCH' && patches.push(request.url()));
  await page.goto(`/company/merchant/${merchant._id}/product/${product._id}/edit`);
  const price = page.getByTestId('field-price.cents');
  await price.getByRole('spinbutton').fill('-5');
  const servings = page.getByTestId('field-content.servings');
  await servings.getByRole('spinbutton').fill('-2');
  await servings.getByRole('spinbutton').blur();
  await expect(servings.getByRole('spinbutton')).toHaveValue('-2');
  await expect(price.locator('.ant-form-item-explain-error')).toHaveText('Must be at least 0');
  await expect(servings.locator('.ant-form-item-explain-error')).toHaveText('Must be at least 0');
  await expect(page.getByTestId('save')).toBeDisabled();
  expect(patches).toEqual([]);
  expect(((await api.get('product', String(product._id))).body.price as { cents: number }).cents).toBe(250);
  await api.dispose();
});

test('a failed product save shows the error and throws nothing in the page (issue 11 item 11)', async ({ page, signInAs, stack }) => {
  const api = await Api.as('super', stack.baseURL);
  const merchant = await api.create('merchant', { name: { full: unique('Failing merchant') } });
  const product = await api.create('product', { nameLocalized: { full: { en: unique('Failing') } }, type: 'drink', price: { cents: 250 }, merchantRef: { merchantId: merchant._id } });
  await signInAs('merchant');
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // the API refuses the save (as it would for a rule the form does not know)
  await page.route(`**/api/company/model/product/${product._id}`, (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'Refused by a domain rule', statusCode: 409 }) }) : route.fallback(),
  );
  await page.goto(`/company/merchant/${merchant._id}/product/${product._id}/edit`);
  await expect(page.getByTestId('field-price.cents').getByRole('spinbutton')).toHaveValue('2.50');
  await page.getByTestId('field-price.cents').getByRole('spinbutton').fill('3.00');
  await page.getByTestId('save').click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Refused by a domain rule' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(pageErrors).toEqual([]);
  await api.dispose();
});
