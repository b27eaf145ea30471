import { Api, seedTimeslots, unique } from '../support/api';
import { chooseBatchItem, closeNotices, expect, menuItem, pickMenuItem, tableReady, test } from '../support/fixtures';

test('timeslots: guests / capacity, delete disabled for mux and refused with guests', async ({ page, signInAs, stack, snap }) => {
  const api = await Api.as('super', stack.baseURL);
  const label = unique('Slots');
  const { event, mux, full } = await seedTimeslots(api, label);
  await signInAs('event');
  await page.goto('/company/timeslot');
  await page.getByPlaceholder('Search').fill(label);
  await page.getByPlaceholder('Search').press('Enter');
  await tableReady(page);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  const muxRow = rows.filter({ hasText: `${label} mux` });
  const fullRow = rows.filter({ hasText: `${label} with guests` });
  await expect(muxRow).toContainText(`${label} event`);
  await expect(fullRow.getByTestId('guests')).toHaveText('1 / 40');
  await snap('timeslot-overview');

  // Edit goes to the timeslot in its event's timeslot module, and saving comes back to the list
  await muxRow.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/event/${event._id}/module-timeslot/${mux._id}/edit$`));
  const name = page.getByTestId('field-name.full').getByRole('textbox');
  await expect(name).toHaveValue(`${label} mux`);
  await name.fill(`${label} mux renamed`);
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/company\/timeslot(\?|$)/);
  expect(((await api.get('timeslot', String(mux._id))).body.name as { full: string }).full).toBe(`${label} mux renamed`);
  await page.getByPlaceholder('Search').fill(label);
  await page.getByPlaceholder('Search').press('Enter');
  await tableReady(page);
  await expect(rows.filter({ hasText: `${label} mux renamed` })).toHaveCount(1);

  // delete is disabled for kind 'mux'
  await muxRow.getByTestId('row-more').click();
  await expect(menuItem(page, 'Delete')).toHaveAttribute('aria-disabled', 'true');
  await muxRow.getByTestId('row-more').click();
  await expect(menuItem(page, 'Delete')).toHaveCount(0);

  // a timeslot with guests: the spec's confirmation, then the API refuses
  const dialog = page.locator('.ant-modal-confirm');
  await pickMenuItem(page, fullRow.getByTestId('row-more'), 'Delete', () => expect(dialog).toBeVisible({ timeout: 2_000 }));
  await expect(dialog).toContainText('Are you sure you want to delete this timeslot, deleting is only possible if the timeslot is empty.');
  const refused = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes(String(full._id)));
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const response = await refused;
  expect(response.status()).toBe(409);
  const { message } = (await response.json()) as { message: string };
  await expect(page.locator('.ant-notification-notice', { hasText: message })).toBeVisible();
  await expect(rows).toHaveCount(2);
  expect((await api.get('timeslot', String(full._id))).status).toBe(200);
  expect((await api.get('timeslot', String(mux._id))).status).toBe(200);
  expect(event._id).toBeTruthy();

  // Batch: download and import for everyone, patch for super admins only
  await closeNotices(page);
  await page.getByRole('button', { name: 'Batch' }).click();
  await expect(menuItem(page, /Download/)).toBeVisible();
  await expect(menuItem(page, /Import/)).toBeVisible();
  await expect(menuItem(page, /Patch/)).toHaveCount(0);
  await menuItem(page, /Download/).click();
  await expect(page).toHaveURL(/\/company\/model\/timeslot\/export\?q=/);
  const q = JSON.parse(new URL(page.url()).searchParams.get('q') ?? '{}') as { filters: { field: string; value: unknown }[] };
  expect(q.filters.find((filter) => filter.field === 'q')?.value).toBe(label);
  await api.dispose();
});

test('super admins get the Patch batch item', async ({ page, signInAs }) => {
  await signInAs('super');
  await page.goto('/company/timeslot');
  await chooseBatchItem(page, /Patch/, /\/company\/model\/timeslot\/patch$/);
});

test('a reference filter searched by two letters matches within the loaded events and says why', async ({ page, signInAs, stack }) => {
  const api = await Api.as('super', stack.baseURL);
  const name = unique('Zq refpick');
  await api.create('event', { name: { full: name } });
  await api.dispose();
  await signInAs('event');
  await page.goto('/company/timeslot');
  await tableReady(page);
  const eventFilter = page.locator('.ant-select', { has: page.locator('.ant-select-selection-placeholder', { hasText: /^Event$/ }) });
  await eventFilter.click();
  await eventFilter.locator('input').pressSequentially('Zq');
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(dropdown).toContainText('Type at least 3 letters or digits in a row to search');
  await expect(dropdown.getByTitle(name)).toBeVisible();

  // three letters search on the server, without the hint
  await eventFilter.locator('input').pressSequentially(' ref');
  await expect(dropdown).not.toContainText('Type at least 3 letters');
  await expect(dropdown.getByTitle(name)).toBeVisible();
  await dropdown.getByTitle(name).click();
  await expect(page).toHaveURL(/eventRef\.eventId/);
});
