import type { Locator, Page } from '@playwright/test';
import { Api, unique } from '../support/api';
import { expect, tableReady, test } from '../support/fixtures';

/**
 * Issue 40: a list's filter bar draws its selects closed in plain elements until a person reaches them, and every
 * date picker (filters, forms, finance periods) is drawn so too. They look exactly like antd's, a reference filter
 * asks the API for nothing until then, and mouse, keyboard and a click without the pointer each open the real one.
 */
const PICKER_SCRIPT = 'antd-date-picker';
const OPEN_PICKER = '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)';

/** The paths of the scripts the page asks for from now on. */
function scriptsAsked(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  return scripts;
}

/** Hovers a closed picker and leaves it: antd's picker (its input no longer read-only) is then in its place, drawn the same. */
async function reachPicker(page: Page, picker: Locator, scripts: string[]): Promise<void> {
  const closed = await drawing(picker);
  await picker.hover();
  await page.mouse.move(0, 0);
  await expect.poll(() => scripts.some((script) => script.includes(PICKER_SCRIPT))).toBe(true);
  await expect(picker.locator('input').first()).not.toHaveAttribute('readonly');
  expect(await drawing(picker)).toEqual(closed);
}
const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/** What a select draws: its elements with their classes, and its box. */
const drawing = (select: Locator) =>
  select.evaluate((root) => {
    const box = root.getBoundingClientRect();
    const elements = [root, ...root.querySelectorAll('*')].map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].sort().join('.')}`);
    return { elements, box: [box.x, box.y, box.width, box.height].map(Math.round) };
  });

test('the products list asks for no merchants until its Merchant filter is reached, which then works as a select', async ({ page, signInAs }) => {
  await signInAs('company');
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.mouse.move(0, 0);
  await page.goto('/company/merchant/product');
  await tableReady(page);
  await page.waitForLoadState('networkidle');
  expect(asked).not.toContain('/api/company/model/merchant');

  // a multiple select with nothing chosen is drawn closed too, as antd draws it
  const typeFilter = page.getByTestId('filter-type');
  const closed = await drawing(typeFilter);
  await typeFilter.hover();
  await page.mouse.move(0, 0);
  await expect(typeFilter.locator('input')).toHaveAttribute('id', /rc_select/);
  expect(await drawing(typeFilter)).toEqual(closed);

  const merchantFilter = page.locator('.ant-select', { has: page.locator('.ant-select-selection-placeholder', { hasText: /^Merchant$/ }) });
  await merchantFilter.click();
  const options = page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`);
  await expect(options.first()).toBeVisible();
  expect(asked).toContain('/api/company/model/merchant');
  const merchant = (await options.first().getAttribute('title'))!;
  await options.first().click();
  await expect(page).toHaveURL(/merchantRef\.merchantId/);
  await expect(page.locator('.ant-card-body .ant-select', { hasText: merchant })).toBeVisible();
});

test('a closed filter looks like the select that takes its place, and the keyboard opens it', async ({ page, signInAs }) => {
  await signInAs('company');
  await page.mouse.move(0, 0);
  await page.goto('/company/user');
  await tableReady(page);
  const tag = page.getByTestId('user-filter-tag');
  await expect(tag).toHaveText('Tag: Any');
  const closed = await drawing(tag);
  // the pointer over it puts antd's Select in its place, drawn the same: the same elements with the same classes, in the same box
  await tag.hover();
  await page.mouse.move(0, 0);
  await expect(tag.locator('input')).toHaveAttribute('id', /rc_select/);
  expect(await drawing(tag)).toEqual(closed);

  // the keyboard: from the Type filter by Tab over the Tag and Archived filters onto the saved-view picker, whose
  // arrow key opens it
  const views = page.getByTestId('view-picker');
  await expect(views.locator('input')).not.toHaveAttribute('id', /rc_select/);
  await page.getByTestId('user-filter-type').locator('input').focus();
  for (let press = 0; press < 3; press++) await page.keyboard.press('Tab');
  await expect(views.locator('input')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(OPEN_DROPDOWN).getByText('The list as it comes')).toBeVisible();
  await page.keyboard.press('Escape');
});

test('a click without the pointer (assistive technology) opens a closed filter', async ({ page, signInAs }) => {
  await signInAs('company');
  await page.mouse.move(0, 0);
  await page.goto('/company/user');
  await tableReady(page);
  await page.getByTestId('user-filter-type').dispatchEvent('click');
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: 'User type: Card' }).click();
  await expect(page).toHaveURL(/email\.anonymous/);
  await expect(page.getByTestId('user-filter-type').locator('.ant-select-selection-item')).toHaveText('User type: Card');
});

test('a date filter is drawn closed without its picker code, which loads when the filter is reached and filters the list', async ({ page, signInAs }) => {
  await signInAs('company');
  const scripts = scriptsAsked(page);
  await page.mouse.move(0, 0);
  await page.goto('/company/timeslot');
  await tableReady(page);
  const dateFilter = page.locator('.ant-card-body .ant-picker-range').first();
  await expect(dateFilter.locator('input').first()).toHaveAttribute('placeholder', 'Start: from');
  expect(scripts.filter((script) => script.includes(PICKER_SCRIPT))).toEqual([]);

  await reachPicker(page, dateFilter, scripts);
  await expect(dateFilter.locator('input').first()).toHaveAttribute('date-range', 'start');
  await dateFilter.click();
  const cells = page.locator(`${OPEN_PICKER} .ant-picker-cell-in-view`);
  await cells.nth(2).click();
  await cells.nth(9).click();
  await expect(page).toHaveURL(/start\.unix/);

  // opened with the range set, the filter shows it closed, with antd's clear button
  await page.reload();
  await tableReady(page);
  await expect(dateFilter.locator('input').first()).not.toHaveValue('');
  await reachPicker(page, dateFilter, scripts);
});

test("a form's date shows its value closed without the picker code; reached, antd's picker changes it and it saves", async ({ page, signInAs, stack }) => {
  const api = await Api.as('company', stack.baseURL);
  const name = unique('Closed Date');
  const user = await api.create('user', { name: { full: name }, email: { value: `${name.replace(/\W+/g, '.').toLowerCase()}@example.test` }, birthday: { date: '2001-04-05' } });
  await signInAs('company');
  const scripts = scriptsAsked(page);
  await page.mouse.move(0, 0);
  await page.goto(`/company/user/${user._id}/edit`);
  const birthday = page.getByTestId('field-birthday.date').locator('.ant-picker');
  await expect(birthday.locator('input')).toHaveValue('2001-04-05');
  expect(scripts.filter((script) => script.includes(PICKER_SCRIPT))).toEqual([]);

  await reachPicker(page, birthday, scripts);
  await birthday.locator('input').click();
  await page.locator(`${OPEN_PICKER} td[title="2001-04-06"]`).click();
  await expect(birthday.locator('input')).toHaveValue('2001-04-06');
  await page.getByTestId('save').click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible();
  expect(((await api.get('user', String(user._id))).body.birthday as { date: string }).date).toBe('2001-04-06');
  await api.dispose();
});

test("a form's closed date is reached by its label and by the keyboard, which focus antd's picker in its place", async ({ page, signInAs, stack }) => {
  const api = await Api.as('company', stack.baseURL);
  const name = unique('Label Date');
  const user = await api.create('user', { name: { full: name }, email: { value: `${name.replace(/\W+/g, '.').toLowerCase()}@example.test` }, birthday: { date: '1999-12-31' } });
  await signInAs('company');
  await page.mouse.move(0, 0);
  await page.goto(`/company/user/${user._id}/edit`);
  const input = page.getByTestId('field-birthday.date').locator('.ant-picker input');
  await expect(input).toHaveAttribute('readonly');
  await page.getByTestId('field-birthday.date').locator('label').click();
  await expect(input).not.toHaveAttribute('readonly');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('1999-12-31');

  await page.reload();
  await expect(input).toHaveAttribute('readonly');
  await input.focus();
  await expect(input).not.toHaveAttribute('readonly');
  await expect(input).toBeFocused();
  await api.dispose();
});

test("the payments' period shows its moments closed without the picker code; reached, antd's picker changes it", async ({ page, signInAs }) => {
  await signInAs('finance');
  const scripts = scriptsAsked(page);
  const year = new Date().getFullYear();
  await page.mouse.move(0, 0);
  await page.goto('/company/finance/payment');
  await tableReady(page);
  const period = page.getByTestId('period').locator('.ant-picker');
  await expect(period.locator('input').first()).toHaveValue(`${year}-01-01 00:00`);
  expect(scripts.filter((script) => script.includes(PICKER_SCRIPT))).toEqual([]);

  await reachPicker(page, period, scripts);
  const february = await page.evaluate((y) => new Date(y, 1, 1).getTime(), year);
  const asked = page.waitForRequest((request) => request.url().includes(`/api/company/finance/payment?start=${february}&`));
  await period.locator('input').first().click();
  await period.locator('input').first().fill(`${year}-02-01 00:00`);
  await period.locator('input').first().press('Enter');
  await period.locator('input').nth(1).press('Enter');
  await asked;
  await expect(period.locator('input').first()).toHaveValue(`${year}-02-01 00:00`);
});

test("a super admin's company switcher, in the header of every page, is drawn closed with its own icon", async ({ page, signInAs }) => {
  await signInAs('super');
  await page.mouse.move(0, 0);
  await page.goto('/company/location');
  const switcher = page.getByTestId('company-switcher');
  await expect(switcher).toBeVisible();
  await expect(switcher.locator('input')).not.toHaveAttribute('id', /rc_select/);
  await expect(switcher.locator('.anticon-bank')).toBeVisible();
  const closed = await drawing(switcher);
  await switcher.hover();
  await page.mouse.move(0, 0);
  await expect(switcher.locator('input')).toHaveAttribute('id', /rc_select/);
  expect(await drawing(switcher)).toEqual(closed);
});
