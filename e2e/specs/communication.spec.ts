import { Api, seedMail, unique } from '../support/api';
import { expect, tableReady, test } from '../support/fixtures';

test.describe('communication logs', () => {
  test('mail tabs filter by the mapped states; the full history opens on request', async ({ page, signInAs, stack, snap }) => {
    const api = await Api.as('super', stack.baseURL);
    const subject = unique('Opened mail');
    const mail = await seedMail(api, subject);
    await signInAs('company');
    await page.goto('/company/communication/mail');
    await tableReady(page);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['All', 'Create', 'Sent', 'Delivered', 'Opened', 'Rejected', 'Failed']);

    // Opened covers mg-opened and mg-clicked; Failed covers mg-failed, mg-complained and mg-unsubscribed
    let request = page.waitForRequest((r) => r.url().includes('/api/company/model/communicationMail?') && r.url().includes('state.id_in'));
    await page.getByRole('tab', { name: 'Opened' }).click();
    expect(new URL((await request).url()).searchParams.get('state.id_in')?.split(',').sort()).toEqual(['mg-clicked', 'mg-opened']);
    await page.getByPlaceholder('Search').fill(subject);
    await page.getByPlaceholder('Search').press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: subject });
    await expect(row).toHaveCount(1);
    request = page.waitForRequest((r) => r.url().includes('/api/company/model/communicationMail?') && r.url().includes('state.id_in'));
    await page.getByRole('tab', { name: 'Failed' }).click();
    expect(new URL((await request).url()).searchParams.get('state.id_in')?.split(',').sort()).toEqual(['mg-complained', 'mg-failed', 'mg-unsubscribed']);
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: 'All' }).click();
    await expect(row).toHaveCount(1);

    // recipient and links
    await expect(row.getByTestId('recipient')).toContainText('Mail Receiver');
    await expect(row.getByTestId('recipient')).toContainText('receiver@demo.test');
    const userId = (mail.to as { userRef: { userId: string } }[])[0].userRef.userId;
    await expect(row.getByRole('link', { name: /Mail Receiver/ })).toHaveAttribute('href', `/company/user/${userId}/edit`);
    await expect(row.getByTestId('template-link')).toHaveCount(0);

    // the latest entry only, then everything
    await expect(row.getByTestId('state-entry')).toHaveCount(1);
    await expect(row.getByTestId('state-entry')).toContainText('Opened');
    await row.getByRole('button', { name: 'Click for full history' }).click();
    await expect(row.getByTestId('state-entry')).toHaveCount(3);
    await expect(row.getByTestId('state-entry').nth(1)).toContainText('Delivered');
    await expect(row.getByTestId('state-entry').nth(2)).toContainText('Create');
    await snap('mail-overview');
    await api.dispose();
  });

  test('SMS overview lists template name, phone and state', async ({ page, signInAs, snap }) => {
    await signInAs('company');
    await page.goto('/company/communication/sms');
    await tableReady(page);
    await expect(page.locator('.ant-table-thead')).toContainText('Template name');
    await expect(page.locator('.ant-table-thead')).toContainText('To');
    await expect(page.locator('.ant-table-thead')).toContainText('State');
    await snap('sms-overview');
  });
});
