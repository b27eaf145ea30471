import { Api, unique } from '../support/api';
import { expect, test } from '../support/fixtures';

test.describe('generated create and edit screens', () => {
  test('a too-long name shows the rule before sending, then the location saves', async ({ page, signInAs, snap }) => {
    await signInAs('company');
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && request.url().includes('/api/company/model/location') && posts.push(request.url()));
    await page.goto('/company/location');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/company\/location\/create\/edit$/);
    const name = page.getByTestId('field-name.full').getByRole('textbox');
    await name.fill('x'.repeat(76));
    await expect(page.getByTestId('field-name.full')).toContainText('Must be at most 75 characters');
    // Save waits for a valid form
    await expect(page.getByTestId('save')).toBeDisabled();
    await snap('create-location-too-long');
    expect(posts).toHaveLength(0);

    await name.fill(unique('Location'));
    await page.getByTestId('field-url').getByRole('textbox').fill('new-location');
    await expect(page.getByTestId('field-name.full')).not.toContainText('Must be at most');
    const saved = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/company/model/location'));
    await page.getByTestId('save').click();
    expect((await saved).status()).toBe(201);
    await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();
    await expect(page).toHaveURL(/\/company\/location(\?|$)/);
  });

  test('API field errors show on the field and the error toast', async ({ page, signInAs }) => {
    await signInAs('company');
    await page.route('**/api/company/model/location', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Validation failed', errors: [{ field: 'url', message: 'url is already taken' }] }) })
        : route.continue(),
    );
    await page.goto('/company/location/create/edit');
    await page.getByTestId('field-name.full').getByRole('textbox').fill(unique('Location'));
    await page.getByTestId('field-url').getByRole('textbox').fill('taken');
    await page.getByTestId('save').click();
    await expect(page.locator('.ant-notification-notice', { hasText: 'Error while saving' })).toBeVisible();
    await expect(page.getByTestId('field-url')).toContainText('Is already taken');
  });

  test('edit saves, and leaving with unsaved changes is guarded', async ({ page, signInAs, stack, snap }) => {
    const api = await Api.as('super', stack.baseURL);
    const location = await api.create('location', { name: { full: unique('Guarded') }, url: 'guarded', city: 'Delft' });
    await signInAs('super');
    await page.goto(`/company/location/${location._id}/edit`);
    const city = page.getByTestId('field-city').getByRole('textbox');
    await expect(city).toHaveValue('Delft');
    await expect(page.getByTestId('field-_id').getByRole('textbox')).toHaveValue(String(location._id));
    await snap('edit-location');
    await city.fill('Leiden');

    // leaving asks first: dismiss keeps the page and the change
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('You have unsaved changes');
      void dialog.dismiss();
    });
    await page.locator('.ant-breadcrumb a', { hasText: 'Locations' }).click();
    await expect(page).toHaveURL(new RegExp(`/company/location/${location._id}/edit`));
    await expect(city).toHaveValue('Leiden');

    await page.getByTestId('save').click();
    await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();
    await expect(page).toHaveURL(/\/company\/location(\?|$)/);
    expect((await api.get('location', String(location._id))).body.city).toBe('Leiden');

    // accepting the warning leaves without saving
    await page.goto(`/company/location/${location._id}/edit`);
    await city.fill('Haarlem');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('.ant-breadcrumb a', { hasText: 'Locations' }).click();
    await expect(page).toHaveURL(/\/company\/location(\?|$)/);
    expect((await api.get('location', String(location._id))).body.city).toBe('Leiden');
    await api.dispose();
  });
});

test('the location form offers every page, up to 9 999, sorted by name (issue 11 item 6)', async ({ page, signInAs }) => {
  await signInAs('company');
  const pages = page.waitForRequest((request) => request.url().includes('/api/company/model/page?'));
  await page.goto('/company/location/create/edit');
  const query = new URL((await pages).url()).searchParams;
  expect([query.get('_start'), query.get('_end'), query.get('_sort'), query.get('_order')]).toEqual(['0', '9999', 'name.full', 'asc']);
});
