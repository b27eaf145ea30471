import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/**
 * An installation that switched outside services off (`*_ENABLED=false`): the API names them in /api/auth/me and
 * answers their features 409 (api/test/production/services-off.test.ts); here the admin, told so, disables those
 * features and says why on hover. The stack under test has every service on, so the answer is rewritten in flight.
 */
const OFF = [
  { service: 'paynl', message: 'Payments (pay.nl) are not configured for this installation' },
  { service: 'expoPush', message: 'Push notifications are not configured for this installation' },
  { service: 'sms', message: 'SMS is not configured for this installation' },
];

async function withServicesOff(page: Page): Promise<void> {
  await page.route('**/api/auth/me', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), servicesOff: OFF } });
  });
}

test.describe('features of switched-off services', () => {
  test('are disabled with the reason on hover: push test, SMS previews, syncs through pay.nl', async ({ page, signInAs }) => {
    await withServicesOff(page);
    await signInAs('super');

    await page.goto('/company/push-notification');
    const send = page.getByTestId('send');
    await expect(send).toBeDisabled();
    await page.locator('[data-service-off="expoPush"]').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Push notifications are not configured for this installation');

    await page.goto('/company/template/create/edit');
    await expect(page.getByTestId('send-preview')).toBeEnabled();
    await page.getByTestId('field-format').locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'SMS - Text' }).click();
    await expect(page.getByTestId('send-preview')).toBeDisabled();

    await page.goto('/company/finance/payment/refund');
    await page.getByTestId('refund-batch').click();
    await expect(page.getByRole('menuitem', { name: 'Sync payments' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('menuitem', { name: 'Relink payments' })).not.toHaveAttribute('aria-disabled', 'true');
  });
});
