import { expect, menuLinks, test } from '../support/fixtures';

test.describe('a page the user may not use says so (issue 11 item 7)', () => {
  const cases: [string, string, string][] = [
    ['merchant', '/company/finance/payment', 'finance'],
    ['finance', '/company/merchant', 'merchant'],
    ['application', '/company/finance/transaction', 'finance'],
    ['event', '/company/communication/mail', 'company or user'],
  ];
  for (const [role, route, right] of cases) {
    test(`${role} on ${route}`, async ({ page, signInAs, snap }) => {
      await signInAs(role);
      await page.goto(route);
      const state = page.getByTestId('no-access');
      await expect(state).toContainText('You do not have access to this page');
      await expect(state).toContainText(`This page needs the ${right} right`);
      await expect(page.locator('.ant-table-tbody')).toHaveCount(0);
      expect(await menuLinks(page)).not.toContain(route);
      if (role === 'merchant') await snap('no-access-payments');
    });
  }

  test('a page the user may use still opens', async ({ page, signInAs }) => {
    await signInAs('finance');
    await page.goto('/company/finance/transaction');
    await expect(page.getByTestId('no-access')).toHaveCount(0);
    await expect(page.locator('.ant-table-tbody').first()).toBeVisible();
  });
});

test.describe('communication logs are in the menu of company and user admins only (issue 11 item 8)', () => {
  for (const [role, shown] of [['user', true], ['merchant', false], ['event', false]] as const) {
    test(role, async ({ page, signInAs }) => {
      await signInAs(role);
      await page.goto('/company');
      await expect(page.getByTestId('current-user')).toBeVisible();
      const links = await menuLinks(page);
      expect(links.includes('/company/communication/mail')).toBe(shown);
      expect(links.includes('/company/communication/sms')).toBe(shown);
    });
  }
});
