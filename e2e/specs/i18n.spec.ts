import { expect, test } from '../support/fixtures';

test('switching to Dutch changes the labels, and back', async ({ page, signInAs, snap }) => {
  await signInAs('company');
  await page.goto('/company/location');
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create' })).toBeVisible();
  await page.getByText('NL', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Locaties' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aanmaken' })).toBeVisible();
  await expect(page.locator('.ant-layout-sider')).toContainText('Locaties');
  await expect(page.getByPlaceholder('Zoeken')).toBeVisible();
  await snap('dutch-locations');
  // the choice is remembered
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Locaties' })).toBeVisible();
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
});
