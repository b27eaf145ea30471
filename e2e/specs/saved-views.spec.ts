import { Api, unique } from '../support/api';
import { expect, openTableView, tableReady, test } from '../support/fixtures';

test('a view saved with chosen columns and shared with the company opens for a colleague', async ({ page, browser, signInAs, stack }) => {
  const api = await Api.as('event', stack.baseURL);
  const city = unique('Zwolle');
  await api.create('location', { name: { full: unique('Hall') }, url: `hall-${Date.now()}`, city });
  await signInAs('event');
  await openTableView(page, '/company/location');
  // the search, a column added and one taken away
  await page.getByPlaceholder('Search').first().fill(city);
  await page.getByPlaceholder('Search').first().press('Enter');
  await page.getByTestId('choose-columns').click();
  await page.getByTestId('column-city').getByRole('checkbox').check();
  await page.getByTestId('column-meta.archived').getByRole('checkbox').uncheck();
  await expect(page.locator('.ant-table-thead')).toContainText('City');
  await expect(page.locator('.ant-table-thead')).not.toContainText('Archived');
  await page.keyboard.press('Escape');
  await page.getByTestId('save-view').click();
  const viewName = unique('Cities');
  await page.getByTestId('view-name').fill(viewName);
  await page.getByTestId('view-shared').check();
  await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-message', { hasText: 'View saved' })).toBeVisible();

  // a colleague with the same right picks it from the list's header
  const context = await browser.newContext({ baseURL: stack.baseURL, reducedMotion: 'reduce' });
  const colleague = await context.newPage();
  const signIn = await colleague.request.post('/api/auth/login', { data: { email: 'company@demo.test', password: 'demo-password' } });
  expect(signIn.status()).toBe(200);
  await openTableView(colleague, '/company/location');
  await colleague.getByTestId('view-picker').click();
  await colleague.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(viewName).click();
  await expect(colleague.locator('.ant-table-thead')).toContainText('City');
  await expect(colleague.locator('.ant-table-thead')).not.toContainText('Archived');
  await expect(colleague.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(colleague.locator('.ant-table-tbody')).toContainText(city);
  // the last view used opens again
  await colleague.goto('/company/location');
  await expect(colleague.getByTestId('view-picker')).toContainText(viewName);
  await context.close();
  await api.dispose();
});
