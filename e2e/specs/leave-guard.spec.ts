import { allResources } from '@backoffice/resources';
import type { Page } from '@playwright/test';
import { Api, unique } from '../support/api';
import { expect, test } from '../support/fixtures';

/**
 * Issue 39, work is never lost: every leave-guarded form (the definitions' `screens.leaveGuard`, on the screen that
 * edits it) stays guarded after a refused save, with no uncaught error; a form with client-side errors cannot be
 * saved; a record changed by a side action is merged, never written back stale.
 */
const GUARDED_MODELS = allResources().filter((def) => def.screens?.leaveGuard).map((def) => def.name);

/** Where each guarded model is edited, for one of the company's records. */
const EDIT_PATHS: Record<string, (api: Api) => Promise<string>> = {
  company: async () => '/company/profile?tab=general',
  user: async (api) => `/company/user/${(await api.list('user', '_start=0&_end=1&email.anonymous=false')).rows[0]._id}/edit`,
  location: async (api) => `/company/location/${(await api.list('location', '_start=0&_end=1')).rows[0]._id}/edit`,
  merchant: async (api) => `/company/merchant/${(await api.list('merchant', '_start=0&_end=1')).rows[0]._id}/edit?tab=about`,
  product: async (api) => {
    const [product] = (await api.list('product', '_start=0&_end=1')).rows as { _id: string; merchantRef: { merchantId: string } }[];
    return `/company/merchant/${product.merchantRef.merchantId}/product/${product._id}/edit`;
  },
  template: async (api) => `/company/template/${(await api.list('template', '_start=0&_end=1')).rows[0]._id}/edit`,
  webhook: async (api) => `/company/webhooks/${(await api.list('webhook', '_start=0&_end=1')).rows[0]._id}/edit`,
};

/** Types into the form's first plain text field, as a person changing the record would. */
async function changeSomething(page: Page): Promise<void> {
  const field = page.locator('form input.ant-input[type="text"]:not([disabled]):not([readonly]):visible').first();
  await expect(field).toBeEditable();
  await field.fill(`${await field.inputValue()} x`.trim());
}

test('every leave-guarded model has its edit screen in this spec', () => {
  expect(GUARDED_MODELS.length).toBeGreaterThan(0);
  expect(GUARDED_MODELS.filter((model) => !EDIT_PATHS[model])).toEqual([]);
});

for (const model of GUARDED_MODELS) {
  test(`${model}: a refused save keeps the leave guard and leaves no uncaught error`, async ({ page, signInAs, stack }) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    await signInAs('super');
    const api = await Api.as('super', stack.baseURL);
    const path = await EDIT_PATHS[model](api);
    await api.dispose();
    await page.goto(path);
    await expect(page.locator('form .ant-spin-spinning')).toHaveCount(0);
    await changeSomething(page);
    await page.route(/\/api\/company\/(model|profile)\//, (route) =>
      route.request().method() === 'GET' ? route.fallback() : route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Refused by the test' }) }),
    );
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.locator('.ant-notification-notice-error, .ant-message-error').first()).toBeVisible();
    let asked = 0;
    page.on('dialog', (dialog) => {
      asked++;
      dialog.dismiss().catch(() => undefined);
    });
    await page.locator('.ant-layout-sider a[href="/company/dashboard"], .ant-layout-sider a[href^="/company/"]').first().click();
    await expect.poll(() => asked, 'the leave guard asks before the typed work is lost').toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe(new URL(path, stack.baseURL).pathname);
    expect(uncaught).toEqual([]);
  });
}

test('a form with client-side errors cannot be saved: the user form and the quick setup', async ({ page, signInAs, stack }) => {
  await signInAs('super');
  const api = await Api.as('super', stack.baseURL);
  const user = await api.create('user', { email: { value: `${unique('guard').replace(/\W/g, '')}@example.test` }, name: { first: 'Guard', last: 'Test' } });
  await api.dispose();
  await page.goto(`/company/user/${user._id}/edit`);
  const save = page.getByTestId('save');
  const first = page.getByTestId('field-name.first').locator('input');
  await expect(first).toHaveValue('Guard');
  await expect(save).toBeEnabled();
  await first.fill('x'.repeat(205));
  await expect(page.getByTestId('field-name.first')).toContainText('Must be at most');
  await expect(save).toBeDisabled();
  await first.fill('Guard');
  await expect(save).toBeEnabled();

  await page.goto('/company/user');
  await page.getByTestId('user-create').click();
  const dialog = page.getByRole('dialog');
  const create = dialog.getByRole('button', { name: 'Create' });
  await dialog.getByLabel('Email').fill(`${unique('quick').replace(/\W/g, '')}@example.test`);
  await dialog.getByLabel('First name').fill('x'.repeat(205));
  await expect(create).toBeDisabled();
  await dialog.getByLabel('First name').fill('Quick');
  await expect(create).toBeEnabled();
  await dialog.getByLabel('Password').fill('12345');
  await dialog.getByLabel('Password').blur();
  await expect(create).toBeDisabled();
});

test('rights added by a side action show at once and survive the next save of the tab', async ({ page, signInAs, stack }) => {
  await signInAs('super');
  const api = await Api.as('super', stack.baseURL);
  const user = await api.create('user', { email: { value: `${unique('rights').replace(/\W/g, '')}@example.test` }, name: { first: 'Rights', last: 'Test' } });
  const pages = (await api.list('page', '_start=0&_end=2')).rows.map((row) => String(row._id));
  expect(pages.length).toBe(2);
  await page.goto(`/company/user/${user._id}/edit`);
  await page.getByRole('tab', { name: 'Third-party access' }).click();
  await page.getByRole('textbox', { name: 'Ids' }).fill(pages.join(', '));
  await page.getByTestId('access-batch').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Added 2 rights')).toBeVisible();
  const table = page.locator('.ant-tabs-tabpane-active .ant-table-tbody');
  await expect(table.locator('tr.ant-table-row')).toHaveCount(2);
  await page.getByTestId('access-save').click();
  await expect(page.getByText('Successfully saved')).toBeVisible();
  const stored = await api.get('user', String(user._id));
  expect((stored.body.accessRef as unknown[]).length).toBe(2);
  await api.dispose();
});
