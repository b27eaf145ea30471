import { Api, unique } from '../support/api';
import { expect, test } from '../support/fixtures';

test('the History panel shows each write field by field, and restores an earlier version through the API', async ({ page, signInAs, stack }) => {
  const api = await Api.as('event', stack.baseURL);
  const name = unique('Stage');
  const location = await api.create('location', { name: { full: name }, url: name.toLowerCase().replace(/\W+/g, '-'), city: 'Utrecht' });
  await signInAs('event');
  await page.goto(`/company/location/${location._id}/edit`);
  const city = page.getByTestId('field-city').getByRole('textbox');
  await expect(city).toHaveValue('Utrecht');
  await city.fill('Amersfoort');
  await page.getByTestId('save').click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();

  await page.goto(`/company/location/${location._id}/edit`);
  const history = page.getByTestId('record-history');
  const entries = history.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Edit');
  await expect(entries.nth(0)).toContainText('Utrecht');
  await expect(entries.nth(0)).toContainText('Amersfoort');
  await expect(entries.nth(1)).toContainText('Create');

  await entries.nth(1).getByTestId('history-restore').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Restore' }).click();
  await expect(page.locator('.ant-message', { hasText: 'Restored as it was on' })).toBeVisible();
  await expect(city).toHaveValue('Utrecht');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Restore');
  expect(((await api.get('location', String(location._id))).body as { city: string }).city).toBe('Utrecht');

  // in Dutch, the same history
  await page.getByText('NL', { exact: true }).click();
  await expect(history).toContainText('Geschiedenis');
  await expect(entries.nth(0)).toContainText('Herstellen');
  await api.dispose();
});
