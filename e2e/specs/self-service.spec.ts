import { Api } from '../support/api';
import { expect, test } from '../support/fixtures';

test('a merchant’s self-service page shows the terminal’s menu, and its QR address opens it for a visitor without signing in', async ({ page, browser, signInAs, stack }) => {
  const api = await Api.as('merchant', stack.baseURL);
  const [merchant] = (await api.list('merchant', '_end=1&q=Main')).rows;
  await api.dispose();
  await signInAs('merchant');
  await page.goto(`/company/merchant/${merchant._id}/edit`);
  await page.getByTestId('self-service').click();
  await expect(page).toHaveURL(new RegExp(`/company/merchant/${merchant._id}/self-service$`));
  const items = page.getByTestId('self-service-items').first();
  await expect(items.locator('.ant-card').first()).toBeVisible();
  await expect(page.getByTestId('menu-qr')).toHaveJSProperty('complete', true);
  const menuUrl = new URL((await page.getByTestId('open-menu').getAttribute('href'))!);

  const visitor = await browser.newContext({ baseURL: stack.baseURL });
  const phone = await visitor.newPage();
  await phone.goto(menuUrl.pathname);
  await expect(phone.getByRole('heading', { name: String((merchant.name as { full: string }).full) })).toBeVisible();
  await expect(phone.getByTestId('self-service-items').first().locator('.ant-card').first()).toContainText('€');
  await phone.goto(`${menuUrl.pathname.slice(0, -4)}abcd`);
  await expect(phone.getByText('This menu is not available')).toBeVisible();
  await visitor.close();
});
