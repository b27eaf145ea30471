import type { APIRequestContext, Page } from '@playwright/test';
import { type Doc, signedInContext, unique } from '../support/api';
import { downloadBatchItem, expect, test } from '../support/fixtures';

const notice = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text }).last();
const emailOf = (label: string) => `${label.toLowerCase().replace(/\s+/g, '-')}@people.test`;
// the user page loads the user, rights and settings: on a busy 2-core machine the first paint takes long
test.describe.configure({ timeout: 180_000 });

async function create(api: APIRequestContext, model: string, data: Doc): Promise<Doc & { _id: string }> {
  const response = await api.post(`/api/company/model/${model}`, { data });
  expect(response.status(), `create ${model}: ${await response.text()}`).toBe(201);
  return (await response.json()) as Doc & { _id: string };
}

async function read(api: APIRequestContext, model: string, id: string): Promise<Record<string, any>> {
  return (await api.get(`/api/company/model/${model}/${id}`)).json();
}

test("super admin cards: push tokens listed and removed, the 'Other' card signs the user out everywhere", async ({ page, signInAs, stack }) => {
  const api = await signedInContext('super', stack.baseURL);
  const name = unique('Push Person');
  const user = await create(api, 'user', { name: { full: name }, email: { value: emailOf(name) } });
  const token = await create(api, 'pushToken', { token: `ExponentPushToken[${Date.now()}]`, expoSlug: 'demo-app', userRef: { userId: user._id } });

  await signInAs('super');
  await page.goto(`/company/user/${user._id}/edit`);
  const tokens = page.getByTestId('push-tokens-card');
  await expect(tokens.getByTestId(`push-token-${token._id}`)).toContainText('demo-app', { timeout: 60_000 });
  await tokens.getByRole('button', { name: 'Remove' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(notice(page, 'Removed the push token')).toBeVisible();
  await expect(tokens).toContainText('No push tokens');
  expect((await api.get(`/api/company/model/pushToken/${token._id}`)).status()).toBe(404);

  const other = page.getByTestId('other-card');
  await expect(other).toContainText(user._id);
  await other.getByTestId('end-sessions').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(notice(page, 'Ended 0 sessions')).toBeVisible();
  await api.dispose();
});

test('payment details: the ticket of a multi-ticket transaction goes to another email through a prompt', async ({ page, signInAs, stack }) => {
  const api = await signedInContext('super', stack.baseURL);
  const buyerName = unique('Ticket Buyer');
  const friendName = unique('Ticket Friend');
  const buyer = await create(api, 'user', { name: { full: buyerName }, email: { value: emailOf(buyerName) } });
  const friend = await create(api, 'user', { name: { full: friendName }, email: { value: emailOf(friendName) } });
  const event = await create(api, 'event', { name: { full: unique('Ticket Festival') } });
  const guest = await create(api, 'eventGuest', { eventRef: { eventId: event._id }, userRef: { userId: buyer._id } });
  const transaction = await create(api, 'transaction', {
    name: { full: unique('Multi-ticket') },
    state: { id: 'paid', put: { at: { unix: Math.floor(Date.now() / 1000) - 600 } } },
    amount: { cents: 2500 },
    userRef: { userId: buyer._id },
    eventGuestRef: { eventGuestId: guest._id },
    eventMultiTicketRef: { eventMultiTicketId: 'abcdefabcdefabcdefabcdef' },
  });

  await signInAs('company');
  await page.goto(`/company/user/${buyer._id}/edit`);
  await page.getByRole('tab', { name: 'Payment details' }).click();
  await page.getByTestId(`assign-ticket-${transaction._id}`).click({ timeout: 60_000 });
  const prompt = page.locator('.ant-modal', { hasText: 'Assign to another email' });
  await prompt.getByTestId('assign-ticket-email').fill('nobody-at-all@people.test');
  await prompt.getByRole('button', { name: 'Assign' }).click();
  await expect(notice(page, 'No active user has the email nobody-at-all@people.test')).toBeVisible();
  await prompt.getByTestId('assign-ticket-email').fill(emailOf(friendName).toUpperCase());
  await prompt.getByRole('button', { name: 'Assign' }).click();
  await expect(notice(page, `Assigned the ticket to ${emailOf(friendName)}`)).toBeVisible();
  expect((await read(api, 'eventGuest', guest._id)).userRef).toEqual({ userId: friend._id });
  expect((await read(api, 'transaction', transaction._id)).userRef).toEqual({ userId: buyer._id });
  await api.dispose();
});

test("CVs: uploaded on the user page when the company allows them, and compressed into '<date> Export.zip' from the list", async ({ page, signInAs, stack }) => {
  const api = await signedInContext('super', stack.baseURL);
  const companyId = ((await (await api.get('/api/auth/me')).json()) as { company: { _id: string } }).company._id;
  const setting = async (on: boolean) => expect((await api.patch(`/api/company/model/company/${companyId}`, { data: { settings: { userFileCv: on } } })).status()).toBe(200);
  await setting(true);
  try {
    const name = unique('Cv Person');
    const user = await create(api, 'user', { name: { full: name }, email: { value: emailOf(name) } });
    await signInAs('super');
    await page.goto(`/company/user/${user._id}/edit`);
    const card = page.getByTestId('cv-card');
    await expect(card).toContainText('No CV uploaded', { timeout: 60_000 });
    await card.locator('input[type=file]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% e2e\n%%EOF\n') });
    await expect(notice(page, 'Successfully saved')).toBeVisible();
    await expect(card.getByTestId('cv-download')).toBeVisible();
    const single = page.waitForEvent('download');
    await card.getByTestId('cv-download').click();
    expect((await single).suggestedFilename()).toBe('cv.pdf');

    await page.goto('/company/user');
    await page.getByPlaceholder('Search').fill(name);
    await page.getByPlaceholder('Search').press('Enter');
    await expect(page.getByText(name).first()).toBeVisible({ timeout: 60_000 });
    const zip = await downloadBatchItem(page, 'Compress and download CVs');
    expect(zip.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2} Export\.zip$/);
  } finally {
    await setting(false);
    await api.dispose();
  }
});
