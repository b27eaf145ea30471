import { expect, menuItem, tableReady, test } from '../support/fixtures';

/**
 * Issue 39, long work: every bulk run of the refund screen asks first with the number of payments, names the people
 * of its rows, can be cancelled, and goes on when its window is hidden, listed on the refund screen to reopen.
 */
const BULK_ACTIONS = ['Sync payments', 'Relink payments', 'Fetch bank account numbers'];

for (const action of BULK_ACTIONS) {
  test(`${action} asks first with the count, and starts nothing when declined`, async ({ page, signInAs }) => {
    const started: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/company\/finance\/bulk$/.test(request.url())) started.push(request.url());
    });
    await signInAs('company');
    await page.goto('/company/finance/payment/refund');
    await tableReady(page);
    await page.getByTestId('refund-batch').click();
    await menuItem(page, action).click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm).toContainText(action);
    await expect(confirm).toContainText(/one of the [\d.,]+ payments/);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect(started).toEqual([]);
  });
}

test('a run names its people, goes on when hidden, reopens from the refund screen and is cancelled', async ({ page, signInAs }) => {
  await signInAs('company');
  await page.goto('/company/finance/payment/refund');
  await tableReady(page);
  await page.getByTestId('refund-batch').click();
  await menuItem(page, 'Relink payments').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
  const progress = page.locator('.ant-modal', { has: page.getByTestId('bulk-status') });
  await expect(progress.getByTestId('bulk-status')).toContainText('Running');
  const firstRow = progress.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(firstRow).toBeVisible();
  await expect(firstRow).not.toContainText(/[0-9a-f]{24}/);
  await progress.getByRole('button', { name: 'Hide' }).click();
  await expect(progress).toBeHidden();
  await page.getByTestId('bulk-running').first().click();
  await expect(progress.getByTestId('bulk-status')).toBeVisible();
  await progress.getByTestId('bulk-cancel').click();
  await expect(progress.getByTestId('bulk-status')).toContainText('Cancelled');
  await progress.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('bulk-running')).toHaveCount(0);
});
