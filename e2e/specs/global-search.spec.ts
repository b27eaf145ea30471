import { Api, unique } from '../support/api';
import { expect, test } from '../support/fixtures';

test('Ctrl+K finds a user by part of their email and opens them', async ({ page, signInAs, stack }) => {
  const api = await Api.as('company', stack.baseURL);
  const local = unique('searchable').replace(/\W+/g, '').toLowerCase();
  const user = await api.create('user', { email: { value: `${local}@example.test` }, name: { first: 'Sietske', last: 'Zoekbaar' } });
  await signInAs('company');
  await page.goto('/company/dashboard');
  await expect(page.getByTestId('global-search')).toBeVisible();
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('global-search-input');
  await expect(input).toBeFocused();
  // the middle of the address: the end of its unique part and the @
  await input.fill(`${local.slice(-6)}@exa`);
  const result = page.getByTestId('global-search-result').filter({ hasText: 'Sietske Zoekbaar' });
  await expect(result).toBeVisible();
  await expect(page.getByTestId('global-search-results')).toContainText('Users');
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/company/user/${user._id}/edit`));
  await api.dispose();
});
