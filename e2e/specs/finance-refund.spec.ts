import { FinanceSeed } from '../support/finance';
import { expect, tableReady, test } from '../support/fixtures';

test('refund: one payment through the provider from the refund screen, and a refused one', async ({ page, signInAs, stack, snap }) => {
  const seed = await FinanceSeed.open(stack.baseURL);
  const stamp = Date.now();
  const good = await seed.user(`Refund Good ${stamp}`, 7_100_001);
  const bad = await seed.user(`Refund Bad ${stamp}`, 7_100_002);
  const payment = await seed.payment(good._id, { cents: 2500, left: 1234, ago: 60 });
  const failing = await seed.payment(bad._id, { cents: 2500, left: 999, ago: 30, transactionId: `EX-FAIL-${stamp}` });

  await signInAs('finance');
  await page.goto('/company/finance/payment/refund?refundability=provider');
  await tableReady(page);
  // finance admins: no 'All' year, no anonymous-card filter, no Batch menu
  await page.getByTestId('filter-year').click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('All', { exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('filter-anonymous')).toHaveCount(0);
  await expect(page.getByTestId('refund-batch')).toHaveCount(0);

  const row = page.locator('tr', { hasText: `Refund Good ${stamp}` });
  await expect(row).toContainText('€ 12.34');
  await snap('finance-refunds');
  await row.getByTestId(`refund-${payment._id}`).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'We have refunded payment!' })).toBeVisible();
  await expect(page.locator('tr', { hasText: `Refund Good ${stamp}` })).toHaveCount(0);
  expect(((await seed.read('payment', payment._id)).amountLeft as { cents: number }).cents).toBe(0);

  const badRow = page.locator('tr', { hasText: `Refund Bad ${stamp}` });
  await badRow.getByTestId(`refund-${failing._id}`).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Could not refund!' })).toBeVisible();
  expect(((await seed.read('payment', failing._id)).amountLeft as { cents: number }).cents).toBe(999);
  await seed.dispose();
});

test('refund: company admins get the Batch menu', async ({ page, signInAs }) => {
  await signInAs('company');
  await page.goto('/company/finance/payment/refund');
  await page.getByTestId('refund-batch').click();
  for (const item of ['Refund by bank file', 'Sync payments', 'Relink payments', 'Fetch bank account numbers']) {
    await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: item })).toBeVisible();
  }
});

test("refund: super admins get the 'All' year and the anonymous-card filter", async ({ page, signInAs }) => {
  await signInAs('super');
  await page.goto('/company/finance/payment/refund');
  await expect(page.getByTestId('filter-anonymous')).toBeVisible();
  await page.getByTestId('filter-year').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('All', { exact: true }).click();
  await expect(page).toHaveURL(/year=all/);
  await tableReady(page);
});
