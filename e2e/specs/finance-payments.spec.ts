import { FinanceSeed } from '../support/finance';
import { expect, menuItem, tableReady, test } from '../support/fixtures';

const year = new Date().getFullYear();

test('payments: the current year by default, a summary by state and type, super-only figures absent for finance admins', async ({ page, signInAs, stack, snap }) => {
  const seed = await FinanceSeed.open(stack.baseURL);
  const payer = `Payer ${Date.now()}`;
  const user = await seed.user(payer, 7_000_001);
  await seed.payment(user._id, { cents: 4200, left: 1700, type: 'pin', ago: 5 });
  await signInAs('finance');
  await page.goto('/company/finance/payment');
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  const pickers = page.getByTestId('period').locator('input');
  await expect(pickers.nth(0)).toHaveValue(`${year}-01-01 00:00`);
  await expect(pickers.nth(1)).toHaveValue(`${year}-12-31 23:59`);
  const summary = page.getByTestId('payment-summary');
  await expect(summary.locator('tr', { hasText: 'Pin' }).first()).toBeVisible();
  await expect(summary).not.toContainText('Amount not yet spent');
  await expect(page.getByTestId('payment-total')).toHaveCount(0);
  // a period of a few minutes around now: the new payment is on the first page
  const now = Date.now();
  await page.goto(`/company/finance/payment?from=${now - 120_000}&to=${now + 60_000}`);
  await tableReady(page);
  await expect(page.getByTestId('payments').locator('tr', { hasText: payer })).toContainText('€ 42.00');
  // finance admins are not company admins: no Batch menu
  await expect(page.getByTestId('batch-menu')).toHaveCount(0);
  await page.getByRole('button', { name: 'Refund' }).click();
  await expect(page).toHaveURL(/\/company\/finance\/payment\/refund/);
  await seed.dispose();
});

test('payments: super admins see what is not yet spent and the Total card; company admins get the Batch menu', async ({ page, signInAs, snap }) => {
  await signInAs('super');
  await page.goto('/company/finance/payment');
  await expect(page.getByTestId('payment-summary')).toContainText('Amount not yet spent');
  await expect(page.getByTestId('payment-total')).toBeVisible();
  await snap('finance-payments');
  await page.getByTestId('batch-menu').click();
  await expect(menuItem(page, 'Download these payments')).toBeVisible();
  await menuItem(page, 'Import payments').click();
  await expect(page).toHaveURL(/\/company\/model\/payment\/import$/);
});

test("payments: an empty period says 'No payments in this period'", async ({ page, signInAs }) => {
  await signInAs('finance');
  const from = Date.UTC(2001, 0, 1);
  await page.goto(`/company/finance/payment?from=${from}&to=${from + 3_600_000}`);
  await expect(page.getByTestId('payments')).toContainText('No payments in this period');
});
