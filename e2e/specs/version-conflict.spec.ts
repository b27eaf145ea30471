import type { Browser, Page } from '@playwright/test';
import { Api, unique } from '../support/api';
import { signInFor, expect, test } from '../support/fixtures';
import { MerchantSeed } from '../support/merchant-seed';

/** A second person in a browser of their own, signed in as a demo role. */
async function secondPerson(browser: Browser, baseURL: string, role: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const { email, password } = signInFor(role);
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  return page;
}

const aboutField = (page: Page, path: string) => page.getByTestId(`field-${path}`).getByRole('textbox');

test('two people edit the same merchant: the second save shows what the first changed, and keeps their own values by choice', async ({ page, browser, signInAs, stack }) => {
  const seed = await MerchantSeed.as('merchant', stack.baseURL);
  const merchant = await seed.merchant(unique('Shared bar'));
  await signInAs('company');
  const other = await secondPerson(browser, stack.baseURL, 'merchant');
  for (const person of [page, other]) {
    await person.goto(`/company/merchant/${merchant._id}/edit?tab=about`);
    await expect(aboutField(person, 'name.description')).toBeEditable();
  }

  // the second person types first, the first one saves first
  await aboutField(other, 'name.full').fill('Shared bar, renamed');
  await aboutField(other, 'name.description').fill('Open until one');
  await aboutField(page, 'name.description').fill('Open until two');
  await page.getByTestId('save').click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();

  await other.getByTestId('save').click();
  const conflict = other.getByTestId('version-conflict');
  await expect(conflict).toBeVisible();
  // the first person's write, from the history: who and what
  await expect(conflict.getByTestId('conflict-entry').first()).toContainText('Open until two');
  const first = (await (await page.request.get('/api/auth/me')).json()) as { user: { name?: { full?: string }; email: string } };
  await expect(conflict.getByTestId('conflict-entry').first()).toContainText(first.user.name?.full || first.user.email);
  await conflict.getByTestId('conflict-field-name.description').getByText('Keep mine').click();
  await other.getByTestId('conflict-keep').click();
  await expect(aboutField(other, 'name.description')).toHaveValue('Open until one');
  await expect(aboutField(other, 'name.full')).toHaveValue('Shared bar, renamed');
  await other.getByTestId('save').click();
  await expect(other.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();

  const api = await Api.as('merchant', stack.baseURL);
  const saved = (await api.get('merchant', String(merchant._id))).body as { name: { full: string; description: string } };
  expect(saved.name).toEqual({ full: 'Shared bar, renamed', description: 'Open until one' });
  await api.dispose();
  await other.context().close();
  await seed.dispose();
});
