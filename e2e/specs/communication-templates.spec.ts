import { Api, unique } from '../support/api';
import type { Page } from '@playwright/test';
import { expect, tableReady, test } from '../support/fixtures';

// each page's first visit loads its chunk, and the preview renders through the API: slow on a busy machine
test.describe.configure({ timeout: 180_000 });

/** The first visit of a page loads its chunk; on a busy machine that takes longer than the default wait. */
async function listReady(page: Page): Promise<void> {
  await expect(page.locator('.ant-table-tbody').first()).toBeVisible({ timeout: 45_000 });
  await tableReady(page);
}

test.describe('templates, previews and sending', () => {
  test("creates a template from 'From template', previews it live while typing, sends a preview that reaches Delivered", async ({ page, signInAs }) => {
    await signInAs('company');
    await page.goto('/company/template');
    await listReady(page);
    await page.getByTestId('from-template').click();
    const suggestion = page.getByTestId('suggestion').filter({ hasText: 'Welcome' });
    await expect(suggestion).toContainText('Email - Modern');
    await suggestion.click();
    await expect(page).toHaveURL(/\/company\/template\/create\/edit\?template=/);

    // the preset fills the form and the preview renders it in a sandboxed frame
    const name = page.getByTestId('field-name.full').locator('input');
    await expect(name).toHaveValue('Welcome', { timeout: 45_000 });
    const frame = page.frameLocator('[data-testid=preview-frame]');
    await expect(frame.locator('body')).toContainText('Your account is ready', { timeout: 30_000 });
    await expect(page.getByTestId('preview-frame')).toHaveAttribute('sandbox', '');

    // typing re-renders the preview after the debounce
    const label = unique('Welcome');
    await name.fill(label);
    const subject = unique('Hello');
    await page.getByTestId('field-subject.en').locator('input').fill(subject);
    const content = page.getByTestId('field-content.en').locator('textarea');
    await content.fill('<p>Live {{ user.email }} preview</p>');
    await expect(frame.locator('body')).toContainText('Live ');
    await expect(frame.locator('body')).toContainText('@');
    await expect(frame.locator('body')).not.toContainText('Your account is ready');
    await expect(page.getByTestId('preview-subject')).toHaveText(subject);

    // a syntax error shows under the field, naming the line
    await content.fill('<p>one</p>\n{% if user %}');
    await expect(page.getByTestId('field-content.en')).toContainText('content.en line 2');
    await content.fill('<p>Fixed {{ user.name.first }}</p>');
    await expect(page.getByTestId('field-content.en')).not.toContainText('line 2');

    // send a preview to myself
    await page.getByTestId('send-preview').click();
    await expect(page.locator('.ant-message-notice', { hasText: 'Sent preview to' })).toBeVisible({ timeout: 30_000 });

    await page.getByTestId('save').click();
    await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();
    // the list, with or without the query it writes its defaults into
    await expect(page).toHaveURL(/\/company\/template(\?|$)/);
    await listReady(page);
    await page.getByPlaceholder('Search').fill(label);
    await page.getByPlaceholder('Search').press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: label });
    await expect(row).toContainText('Email - Modern');
    await expect(row).toContainText('User is registered');

    // the preview mail moves along its states through the provider's webhooks
    await page.goto('/company/communication/mail');
    await listReady(page);
    await page.getByPlaceholder('Search').fill(subject);
    await page.getByPlaceholder('Search').press('Enter');
    const mail = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: subject });
    await expect(mail).toHaveCount(1);
    await expect(async () => {
      await page.getByRole('tab', { name: 'Delivered' }).click();
      await page.getByRole('tab', { name: 'All' }).click();
      await expect(mail.getByTestId('state-entry')).toContainText(/Delivered|Opened/, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await mail.getByRole('button', { name: 'Click for full history' }).click();
    await expect(mail.getByTestId('state-entry').filter({ hasText: 'Delivered' })).toHaveCount(1);
    await expect(mail.getByTestId('state-entry').filter({ hasText: 'Sent' })).toHaveCount(1);

    // and it is in my communication history
    const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { _id: string } };
    await page.goto(`/company/user/${me.user._id}/edit`);
    await page.getByRole('tab', { name: 'Communication history' }).click({ timeout: 45_000 });
    await expect(page.getByTestId('history-mails')).toContainText(subject);
  });

  test('filters templates by kind', async ({ page, signInAs }) => {
    await signInAs('company');
    await page.goto('/company/template');
    await listReady(page);
    const request = page.waitForRequest((r) => r.url().includes('/api/company/model/template?') && r.url().includes('format_in'));
    await page.getByTestId('kind-filter').getByText('SMS').click();
    expect(new URL((await request).url()).searchParams.get('format_in')).toBe('communication-sms-text-plain');
    await listReady(page);
    const styles = await page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(3)').allTextContents();
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style).toBe('SMS - Text');
  });
});

test.describe('push test and planned communications', () => {
  test("sends a push test: 'Sent test message!', and 'Could not send test message' for a dead token", async ({ page, signInAs }) => {
    await signInAs('company');
    await page.goto('/company/push-notification');
    await expect(page.getByRole('heading', { name: 'Push notification' })).toBeVisible({ timeout: 45_000 });
    await page.getByTestId('field-to').locator('input').fill('ExponentPushToken[e2e-test]', { timeout: 45_000 });
    await page.getByTestId('field-title').locator('input').fill('Hello from the test');
    await page.getByTestId('field-body').locator('textarea').fill('Body text');
    await page.getByTestId('send').click();
    await expect(page.locator('.ant-message')).toContainText('Sent test message!');
    await page.getByTestId('field-to').locator('input').fill('ExponentPushToken[Unregistered-e2e]');
    await page.getByTestId('send').click();
    await expect(page.locator('.ant-message')).toContainText('Could not send test message');
  });

  test('cancels a planned communication, which archives its task', async ({ page, signInAs, stack }) => {
    const api = await Api.as('company', stack.baseURL);
    const subject = unique('Planned reminder');
    const next = Math.floor(Date.now() / 1000) + 3 * 86400;
    const task = await api.create('workerTask', {
      next,
      routine: { active: true },
      actionMethod: { nameCommon: 'scheduled-mail', nameUnique: subject, args: [[{ name: 'A', email: 'a@demo.test' }, { name: 'B', email: 'b@demo.test' }], [{ subject: { en: subject } }]] },
    });
    await signInAs('company');
    await page.goto('/company/communication/planned');
    await listReady(page);
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Mail');
    await expect(row.getByTestId('recipient-count')).toHaveText('2');
    await row.getByTestId('cancel').click();
    await page.getByTestId('confirm-cancel').click();
    await expect(row).toHaveCount(0);
    expect((await api.get('workerTask', String(task._id))).body).toMatchObject({ meta: { archived: true } });
    await api.dispose();
  });
});
