import { expect, test } from '../support/fixtures';

test('the welcome screen is prefilled, has no side menu and its start button only alerts', async ({ page, signInAs, snap }) => {
  await signInAs('company');
  const writes: string[] = [];
  page.on('request', (request) => request.method() !== 'GET' && request.url().includes('/api/') && writes.push(`${request.method()} ${request.url()}`));
  await page.goto('/company/init');
  await expect(page.getByText('Some more about you')).toBeVisible();
  await expect(page.getByText('About the company')).toBeVisible();
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  await expect(page.getByLabel('First name')).toHaveValue(/.+/);
  // the company's reply-to email is prefilled too (issue 11 item 5)
  const company = await (await page.request.get('/api/auth/me')).json();
  const record = await (await page.request.get(`/api/company/model/company/${company.company._id}`)).json();
  expect(record.email.value).toMatch(/@/);
  await expect(page.getByLabel('Reply-to email')).toHaveValue(record.email.value);
  await expect(page.getByRole('combobox', { name: 'Mobile country code' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Mobile country code' }).click({ force: true });
  await expect(page.locator('.ant-select-item-option')).toHaveText(['+31']);
  await page.keyboard.press('Escape');

  // reply-to email is required
  await page.getByLabel('Reply-to email').fill('');
  await page.getByTestId('welcome-start').click();
  await expect(page.getByText('Reply-to email is required')).toBeVisible();
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);

  await page.getByLabel('Reply-to email').fill('reply@demo.test');
  await page.getByTestId('welcome-start').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('Temporarily disabled, please contact support');
  await snap('welcome');
  await page.getByRole('button', { name: 'OK' }).click();
  expect(writes).toEqual([]);

  // the menu is back everywhere else
  await page.goto('/company/location');
  await expect(page.locator('.ant-layout-sider')).toBeVisible();
});
