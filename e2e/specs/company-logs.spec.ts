import { Api, unique } from '../support/api';
import { expect, test } from '../support/fixtures';

/** Issue 42's activity and issue 41's webhook delivery log, as a company admin opens them from the menu. */
test('the activity lists a write with its record and door, narrowed by model', async ({ page, signInAs, stack }) => {
  const api = await Api.as('company', stack.baseURL);
  const name = unique('Logged location');
  await api.create('location', { name: { full: name }, url: 'logged' });
  await api.dispose();
  await signInAs('company');
  await page.goto('/company/activity');
  await expect(page.getByTestId('activity-entry').filter({ hasText: name })).toBeVisible();
  await page.getByTestId('activity-model').click();
  await page.locator('.ant-select-item-option', { hasText: /^Locations$/ }).click();
  await expect(page.getByTestId('activity-entry').first()).toContainText('Location');
  await expect(page.getByTestId('activity-entry').filter({ hasText: name })).toBeVisible();
});

test('the webhook delivery log shows a delivery that found no receiver, and offers to send it again', async ({ page, signInAs, stack }) => {
  const api = await Api.as('company', stack.baseURL);
  // nothing listens on port 9 of this machine: each attempt fails and is kept
  const endpoint = await api.create('webhook', { name: { full: unique('Unreachable') }, url: 'http://127.0.0.1:9/hooks', models: ['merchant'], events: ['created'] });
  await api.create('merchant', { name: { full: unique('Hooked') } });
  try {
    await signInAs('company');
    await page.goto('/company/webhooks/deliveries');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'merchant.created' }).first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText(/Pending|Failed/);
    await expect(row.getByRole('button').first()).toBeVisible();
  } finally {
    // switched off, so the merchants later specs make (an import of 20 000) are sent nowhere
    await api.update('webhook', String(endpoint._id), { active: false });
    await api.dispose();
  }
});
