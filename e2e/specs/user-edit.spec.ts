import type { Page } from '@playwright/test';
import { Api, unique } from '../support/api';
import { FinanceSeed } from '../support/finance';
import { expect, test } from '../support/fixtures';

const DAY = 86_400;
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text }).last();
const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm').last();
const leftOf = (doc: Record<string, unknown>) => (doc.amountLeft as { cents: number }).cents;

async function openPaymentDetails(page: Page, userId: string): Promise<void> {
  await page.goto(`/company/user/${userId}/edit`);
  await page.getByRole('tab', { name: 'Payment details' }).click();
}

test('payment details: a finance admin sees the balance, refunds a payment, relinks and adds credit', async ({ page, signInAs, stack, snap }) => {
  const seed = await FinanceSeed.open(stack.baseURL);
  const stamp = Date.now();
  const user = await seed.user(`Edit Credit ${stamp}`, 7_200_001);
  const beer = await seed.product(`Beer ${stamp}`, 500);
  const online = await seed.payment(user._id, { cents: 2500, left: 2000, ago: 7200 });
  // its leftover credit is not written yet: relinking recomputes it
  const cash = await seed.payment(user._id, { cents: 1000, left: 0, type: 'cash', ago: 3600 });
  await seed.transaction(user._id, online._id, `Bar ${stamp}`, [beer]);

  // company admins hold the finance right (and the user right the page needs to read the user)
  await signInAs('company');
  await openPaymentDetails(page, user._id);
  await expect(page.getByTestId('badge-you')).toHaveCount(0);
  const balance = page.getByTestId('user-balance');
  await expect(balance).toContainText('€ 30.00');
  await expect(page.getByTestId('user-debt')).toContainText('€ 0.00');
  await expect(page.getByTestId('user-transactions')).toContainText(`Bar ${stamp}`);
  await snap('user-payment-details');

  await page.getByTestId(`refund-payment-${online._id}`).click();
  await expect(confirmDialog(page)).toContainText('Refund € 20.00?');
  await confirmDialog(page).getByRole('button', { name: 'Refund' }).click();
  await expect(notice(page, 'We have refunded payment!')).toBeVisible();
  await expect(balance).toContainText('€ 10.00');
  expect(leftOf(await seed.read('payment', online._id))).toBe(0);

  await expect(page.getByTestId(`refund-payment-${cash._id}`)).toHaveCount(0);
  await page.getByTestId('user-action-relink').click();
  await expect(notice(page, 'Successfully updated!')).toBeVisible();
  await expect(page.getByTestId(`refund-payment-${cash._id}`)).toBeVisible();
  expect(leftOf(await seed.read('payment', cash._id))).toBe(1000);

  await page.getByTestId('user-action-credit').click();
  const dialog = page.locator('.ant-modal', { hasText: 'Add credits' });
  await dialog.getByRole('button', { name: 'Add credits' }).click();
  await expect(dialog).toContainText('Please enter a valid amount');
  await dialog.getByRole('spinbutton').fill('5');
  await dialog.getByRole('textbox').fill('Sorry for the wait');
  await dialog.getByRole('button', { name: 'Add credits' }).click();
  await expect(balance).toContainText('€ 15.00');
  await expect(page.getByTestId('user-payments')).toContainText('Cash (non-refundable)');
  await seed.dispose();
});

test('payment details: the refund lock of transactions, and a super admin confirming past it', async ({ page, signInAs, stack }) => {
  const seed = await FinanceSeed.open(stack.baseURL);
  const stamp = Date.now();
  const user = await seed.user(`Edit Lock ${stamp}`, 7_200_002);
  const beer = await seed.product(`Lock beer ${stamp}`, 400);
  const online = await seed.payment(user._id, { cents: 2000, ago: 50 * DAY });
  const old = await seed.transaction(user._id, online._id, `Old ${stamp}`, [beer], 40 * DAY);
  const recent = await seed.transaction(user._id, online._id, `Recent ${stamp}`, [beer]);

  await signInAs('company');
  await openPaymentDetails(page, user._id);
  await expect(page.getByTestId('user-balance')).toContainText('€ 12.00');
  await page.getByTestId(`refund-transaction-${old._id}`).click();
  await expect(confirmDialog(page)).not.toContainText('Refunding transaction older than 30 days');
  await confirmDialog(page).getByRole('button', { name: 'Refund' }).click();
  await expect(notice(page, 'Transaction is too old to refund, contact support if you want to continue')).toBeVisible();
  expect((await seed.read('transaction', old._id)).state).toMatchObject({ id: 'paid' });

  await page.getByTestId(`refund-transaction-${recent._id}`).click();
  await confirmDialog(page).getByRole('button', { name: 'Refund' }).click();
  await expect(notice(page, 'We have refunded payment!')).toBeVisible();
  await expect(page.getByTestId('user-balance')).toContainText('€ 16.00');
  await expect(page.getByTestId(`refund-transaction-${recent._id}`)).toHaveCount(0);

  await page.context().clearCookies();
  await signInAs('super');
  await openPaymentDetails(page, user._id);
  await page.getByTestId(`refund-transaction-${old._id}`).click();
  await expect(confirmDialog(page)).toContainText('Refunding transaction older than 30 days');
  await confirmDialog(page).getByRole('button', { name: 'Refund' }).click();
  await expect(notice(page, 'We have refunded payment!')).toBeVisible();
  await expect(page.getByTestId('user-balance')).toContainText('€ 20.00');
  expect((await seed.read('transaction', old._id)).state).toMatchObject({ id: 'refunded' });
  await seed.dispose();
});

test("payment details: not for admins without the finance right, nor for anonymous users; 'You' on your own page", async ({ page, signInAs, stack }) => {
  const api = await Api.as('super', stack.baseURL);
  const tag = unique('card').replace(/\W+/g, '-').toLowerCase();
  const card = await api.create('user', { email: { value: `${tag}@anonymous.cashless.test`, anonymous: true }, name: { full: `Card ${tag}` } });

  await signInAs('company');
  await page.goto(`/company/user/${card._id}/edit`);
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Card ${tag}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Payment details' })).toHaveCount(0);

  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { _id: string } };
  await page.goto(`/company/user/${me.user._id}/edit`);
  await expect(page.getByTestId('badge-you')).toHaveText('You');
  await expect(page.getByRole('tab', { name: 'Payment details' })).toBeVisible();

  await page.context().clearCookies();
  await signInAs('user');
  await page.goto(`/company/user/${me.user._id}/edit`);
  await expect(page.getByRole('heading', { name: 'Cora Company' })).toBeVisible();
  await expect(page.getByTestId('badge-you')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Payment details' })).toHaveCount(0);
  await api.dispose();
});

test('general: the generated form still saves an edit, and create still makes a user', async ({ page, signInAs, stack }) => {
  const api = await Api.as('super', stack.baseURL);
  const name = unique('Edited');
  const user = await api.create('user', { email: { value: `${name.replace(/\W+/g, '.').toLowerCase()}@user-edit.test` }, name: { first: 'Before', full: name } });

  await signInAs('user');
  await page.goto(`/company/user/${user._id}/edit`);
  const first = page.getByTestId('field-name.first').getByRole('textbox');
  await expect(first).toHaveValue('Before');
  await first.fill('After');
  await page.getByTestId('save').click();
  await expect(notice(page, 'Successfully saved')).toBeVisible();
  // back on the list, which soon writes its query into the URL
  await expect(page).toHaveURL(/\/company\/user(\?|$)/);
  expect(((await api.get('user', String(user._id))).body.name as { first: string }).first).toBe('After');

  // creating stays the generated form without tabs (a company admin action)
  await page.context().clearCookies();
  await signInAs('company');
  await page.goto('/company/user/create/edit');
  await expect(page.getByRole('heading', { name: 'Create user' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  const email = `${unique('created').replace(/\W+/g, '.').toLowerCase()}@user-edit.test`;
  await page.getByTestId('field-email.value').getByRole('textbox').fill(email);
  await page.getByTestId('save').click();
  await expect(notice(page, 'Successfully saved')).toBeVisible();
  await expect(page).toHaveURL(/\/company\/user(\?|$)/);
  expect((await api.list('user', `q=${encodeURIComponent(email)}`)).rows.map((row) => (row.email as { value: string }).value)).toEqual([email]);
  await api.dispose();
});

test('payment details: a finance admin who may not read users sees them alone, with the actions', async ({ page, signInAs, stack }) => {
  const seed = await FinanceSeed.open(stack.baseURL);
  const stamp = Date.now();
  const user = await seed.user(`Finance Only ${stamp}`, 7_200_003);
  const cash = await seed.payment(user._id, { cents: 1500, left: 0, type: 'cash', ago: 3600 });

  await signInAs('finance');
  await page.goto(`/company/user/${user._id}/edit`);
  await expect(page.getByRole('heading', { name: `Finance Only ${stamp}` })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByTestId('user-balance')).toContainText('€ 15.00');
  await page.getByTestId('user-action-relink').click();
  await expect(notice(page, 'Successfully updated!')).toBeVisible();
  await expect(page.getByTestId(`refund-payment-${cash._id}`)).toBeVisible();
  expect(leftOf(await seed.read('payment', cash._id))).toBe(1500);
  await seed.dispose();
});

test("payment details: a user's payments page in the tab, with page buttons rather than links to a URL the page ignores", async ({ page, signInAs, stack }) => {
  const seed = await FinanceSeed.open(stack.baseURL);
  const user = await seed.user(`Edit Pages ${Date.now()}`, 7_200_003);
  // eleven cash payments, the newest first: one more than a page of ten
  for (let n = 0; n < 11; n++) await seed.payment(user._id, { cents: 100 + n, type: 'cash', ago: 3600 + n * 60 });

  await signInAs('company');
  await openPaymentDetails(page, user._id);
  const payments = page.getByTestId('user-payments');
  const pager = page.locator('.ant-card', { has: payments }).locator('.ant-pagination');
  await expect(payments.locator('tr.ant-table-row')).toHaveCount(10);
  await expect(pager.locator('.ant-pagination-item')).toHaveCount(2);
  await expect(pager.locator('a[href]')).toHaveCount(0);
  await pager.locator('.ant-pagination-item-2').click();
  await expect(payments.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(payments).toContainText('€ 1.10');
  await expect(page).toHaveURL(`/company/user/${user._id}/edit`);
  await seed.dispose();
});
