import { FinanceSeed } from '../support/finance';
import { expect, tableReady, test } from '../support/fixtures';

test('transactions: cards, totals by state, products with counts, and the product editor recomputes the amount', async ({ page, signInAs, stack, snap }) => {
  const seed = await FinanceSeed.open(stack.baseURL);
  const stamp = Date.now();
  const user = await seed.user(`Drinker ${stamp}`, 7_200_001);
  const payment = await seed.payment(user._id, { cents: 5000, left: 4300, type: 'cash' });
  const beer = await seed.product(`Beer ${stamp}`.slice(0, 40), 350);
  const cola = await seed.product(`Cola ${stamp}`.slice(0, 40), 300);
  const transaction = await seed.transaction(user._id, payment._id, `Bar ${stamp}`, [beer, beer], 5);

  await signInAs('finance');
  // a period of a few minutes around now, so the new transaction is on the first page
  await page.goto(`/company/finance/transaction?from=${stamp - 120_000}&to=${stamp + 120_000}`);
  await expect(page.getByTestId('total-sold')).toContainText('Total sold');
  await expect(page.getByTestId('total-credits')).toContainText('Total credits');
  await expect(page.getByTestId('transaction-states')).toContainText('Paid');
  await tableReady(page);
  const row = page.locator('tr', { hasText: `Bar ${stamp}` });
  await expect(row).toContainText(`Drinker ${stamp}`);
  await expect(row).toContainText('€ 7.00');
  await expect(row).toContainText('×2');
  await snap('finance-transactions');

  await row.getByTestId(`edit-products-${transaction._id}`).click();
  const editor = page.locator('.ant-modal', { hasText: 'Edit products' });
  await expect(editor.getByTestId('product-items').locator('.ant-list-item')).toHaveCount(2);
  await editor.getByTestId('product-items').locator('.ant-list-item').first().getByRole('button', { name: 'Remove' }).click();
  await editor.getByTestId('add-product').click();
  await page.keyboard.type(`Cola ${stamp}`.slice(0, 40));
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: `Cola ${stamp}`.slice(0, 40) }).click();
  await expect(editor.getByTestId('products-total')).toContainText('€ 6.50');
  await snap('finance-product-editor');
  await editor.getByTestId('save-products').click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();
  await expect(page.locator('tr', { hasText: `Bar ${stamp}` })).toContainText('€ 6.50');
  const saved = await seed.read('transaction', transaction._id);
  expect(saved.amount).toMatchObject({ cents: 650 });
  expect(saved.paymentRef).toEqual([]);
  expect((saved.productRef as { productId: string }[]).map((item) => item.productId)).toEqual([beer._id, cola._id]);
  await seed.dispose();
});

test('money shows one way on the transactions page: symbol, thousands separators, two decimals (issue 11 item 9)', async ({ page, signInAs }) => {
  await signInAs('finance');
  await page.goto('/company/finance/transaction');
  const money = /^\S+ \d{1,3}(,\d{3})*\.\d{2}$/;
  for (const card of ['total-sold', 'total-credits']) {
    const value = page.getByTestId(card).locator('.ant-statistic-content');
    await expect(value).toHaveText(money);
  }
});

test('the Actions column offers the product editor and refund on paid transactions and says why on the others (issue 11 item 10)', async ({ page, signInAs, stack }) => {
  const seed = await FinanceSeed.open(stack.baseURL);
  const stamp = Date.now();
  const user = await seed.user(`Actions ${stamp}`, 7_200_003);
  const payment = await seed.payment(user._id, { cents: 3000, type: 'cash' });
  const beer = await seed.product(`Actions beer ${stamp}`.slice(0, 40), 350);
  const paid = await seed.transaction(user._id, payment._id, `Paid ${stamp}`, [beer], 5);
  await signInAs('finance');
  await page.goto(`/company/finance/transaction?from=${stamp - 3_600_000}&to=${stamp + 120_000}`);
  await tableReady(page);
  const rows = page.getByTestId('transactions').locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // every row has its actions: enabled on paid transactions, disabled with the reason on the others
  const count = await rows.count();
  for (let index = 0; index < count; index++) await expect(rows.nth(index).getByRole('button', { name: 'Edit products' })).toHaveCount(1);
  const paidRow = page.locator('tr', { hasText: `Paid ${stamp}` });
  await expect(paidRow.getByRole('button', { name: 'Edit products' })).toBeEnabled();
  await expect(paidRow.getByRole('button', { name: 'Refund' })).toBeEnabled();

  // the user page's transaction table offers the product editor too (user pages are for user admins)
  await page.context().clearCookies();
  await signInAs('company');
  await page.goto(`/company/user/${user._id}/edit`);
  await page.getByRole('tab', { name: 'Payment details' }).click();
  await page.getByTestId(`edit-products-${paid._id}`).click();
  await expect(page.locator('.ant-modal', { hasText: 'Edit products' }).getByTestId('product-items').locator('.ant-list-item')).toHaveCount(1);
  await seed.dispose();
});
