import { Api } from '../support/api';
import { expect, test } from '../support/fixtures';

/**
 * Issue 39, roles at the edges: a screen a role may open asks only for what the role may read (a list leaves out
 * the references to models it may not read), and a page it may not use names the missing right.
 */
test('a finance admin sees a user\'s transactions, without the products it may not read', async ({ page, signInAs, stack }) => {
  const api = await Api.as('company', stack.baseURL);
  const transactions = (await api.list('transaction', '_start=0&_end=50')).rows as { userRef?: { userId?: string } }[];
  await api.dispose();
  const userId = transactions.find((transaction) => transaction.userRef?.userId)?.userRef?.userId;
  expect(userId, 'a transaction of a user in the demo data').toBeTruthy();
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  await signInAs('finance');
  await page.goto(`/company/user/${userId}/edit`);
  await expect(page.getByTestId('user-transactions').locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByText('Cannot populate')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('visitor cards name the missing event right, with no cards and no Print all', async ({ page, signInAs, stack }) => {
  const api = await Api.as('super', stack.baseURL);
  const [event] = (await api.list('event', '_start=0&_end=1')).rows;
  await api.dispose();
  await signInAs('finance');
  await page.goto(`/company/device/${event._id}`);
  const state = page.getByTestId('no-access');
  await expect(state).toContainText('This page needs the event right');
  await expect(page.getByRole('button', { name: 'Print all' })).toHaveCount(0);
  await expect(page.getByText(String(event._id))).toHaveCount(0);
});
