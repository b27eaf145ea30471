import { type Page } from '@playwright/test';
import { Api, signedInContext, unique } from '../support/api';
import { expect as baseExpect, menuItem, test } from '../support/fixtures';

// these screens lazy-load their chunks (the map among them); on the shared 2-core machine the first render can take long
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ actionTimeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

/** A third-party user with the given access entries, signed in in this page's browser context. */
async function signInThirdParty(page: Page, api: Api, accessRef: unknown[]): Promise<void> {
  const email = `${unique('third').replace(/\W/g, '')}@third.test`;
  await api.create('user', {
    name: { first: 'Tess', last: 'Third', full: 'Tess Third' },
    email: { value: email },
    security: { password: { value: 'third-party-pass' } },
    _projectSpecific: { rights: ['third-party'] },
    accessRef,
  });
  const response = await page.request.post('/api/auth/login', { data: { email, password: 'third-party-pass' } });
  expect(response.status()).toBe(200);
}

const tabs = (page: Page) => page.getByRole('tab');

test.describe('dashboard', () => {
  test('a third party with one access entry sees only that tab and cannot create', async ({ page, stack }) => {
    const api = await Api.as('company', stack.baseURL);
    const pageName = unique('Dashboard page');
    await api.create('page', { name: { full: pageName } });
    await signInThirdParty(page, api, [{ accessModel: 'page', accessScope: 'view', accessId: null }]);
    await page.goto('/company/dashboard');
    await expect(tabs(page)).toHaveText([/^Pages\s*\d+$/, 'Info']);
    await page.getByRole('searchbox', { name: 'Search' }).fill(pageName);
    await expect(page.getByRole('row', { name: new RegExp(pageName) })).toBeVisible();
    await expect(page.getByRole('button', { name: /Create new/ })).toHaveCount(0);
    await api.dispose();
  });

  test('Create new lists the models with manage or publish scope; a video asks its kind first', async ({ page, stack }) => {
    const api = await Api.as('company', stack.baseURL);
    await signInThirdParty(page, api, [
      { accessModel: 'video', accessScope: 'edit', accessId: null },
      { accessModel: 'page', accessScope: 'publish', accessId: null },
      { accessModel: 'location', accessScope: 'view', accessId: null },
    ]);
    await page.goto('/company/dashboard');
    await expect(tabs(page)).toHaveText([/^Pages/, 'Locations', 'Videos', 'Info']);
    await page.getByRole('button', { name: /Create new/ }).click();
    await expect(menuItem(page, /./)).toHaveText(['Pages']);
    await menuItem(page, 'Pages').click();
    await expect(page).toHaveURL(/\/application\/page\/create\/edit\?to=%2Fcompany%2Fdashboard/);
    await api.dispose();
  });

  test('a company admin creates a video of a chosen kind and comes back to the dashboard', async ({ page, signInAs }) => {
    await signInAs('company');
    await page.goto('/company/dashboard');
    await expect(tabs(page)).toHaveText([/^Pages/, 'Locations', 'Events', 'Videos', 'Merchants', 'Info']);
    await page.getByRole('button', { name: /Create new/ }).click();
    await expect(menuItem(page, /./)).toHaveCount(5);
    await menuItem(page, 'Videos').click();
    await page.getByRole('dialog').locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'vimeo' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/application\/video\/create\/edit\?to=%2Fcompany%2Fdashboard&preset=%7B%22kind%22%3A%22vimeo%22%7D/);
    await expect(page.getByTestId('field-kind').getByRole('textbox')).toHaveValue('vimeo');
    await page.getByTestId('field-name.full').getByRole('textbox').fill(unique('Video'));
    await page.getByTestId('save').click();
    await expect(page).toHaveURL(/\/company\/dashboard$/);
  });
});

test('event quick-create starts with the spec defaults and opens the new event', async ({ page, signInAs, stack }) => {
  await signInAs('event');
  await page.goto('/company/dashboard');
  await page.getByRole('button', { name: /Create new/ }).click();
  await menuItem(page, 'Events').click();
  const wizard = page.getByRole('dialog');
  const name = unique('Quick event');
  await wizard.getByLabel('Name (English)').fill(name);
  await wizard.getByRole('button', { name: 'Next' }).click();
  const today = await page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const later = new Date(now.getFullYear(), now.getMonth() + 6, now.getDate());
    const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    return { today: day(now), later: day(later) };
  });
  const inputs = wizard.locator('.ant-picker-range input');
  await expect(inputs.nth(0)).toHaveValue(`${today.today} 00:00`);
  await expect(inputs.nth(1)).toHaveValue(`${today.later} 23:59`);
  await expect(inputs.nth(2)).toHaveValue(`${today.today} 11:00`);
  await expect(inputs.nth(3)).toHaveValue(`${today.today} 23:00`);
  await expect(inputs.nth(4)).toHaveValue(`${today.today} 11:00`);
  await expect(inputs.nth(5)).toHaveValue(`${today.today} 23:00`);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.locator('.ant-form-item', { hasText: 'Who can check in' }).locator('.ant-select').click();
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options).toHaveText(['guests', 'admins']);
  await page.keyboard.press('Escape');
  await wizard.getByRole('button', { name: 'Next' }).click();
  // the demo company offers English and Dutch, so the localization module is offered
  await expect(wizard.getByRole('checkbox', { name: 'localization' })).toHaveCount(1);
  // right after the step changes, a click can land while the step still settles and leave the box as it was
  const ticket = wizard.getByRole('checkbox', { name: 'ticket' });
  await expect(async () => {
    await ticket.check({ timeout: 2_000 });
    await expect(ticket).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/company/model/event'));
  await wizard.getByRole('button', { name: 'Create' }).click();
  const { _id: id } = (await (await created).json()) as { _id: string };
  await expect(page).toHaveURL(new RegExp(`/company/event/${id}/edit\\?to=%2Fcompany%2Fdashboard`));
  const api = await Api.as('event', stack.baseURL);
  const event = (await api.get('event', id)).body as { name: { full: string }; duration: { start: { unix: number }; end: { unix: number } }; module: Record<string, { active?: boolean }> };
  expect(event.name.full).toBe(name);
  expect(event.duration.end.unix - event.duration.start.unix).toBe(12 * 3600);
  expect(event.module.ticket.active).toBe(true);
  expect(event.module.swipe.active).toBe(false);
  await api.dispose();
});

test('Print all prints one 81 x 127.5 mm page per approved card and marks those printed', async ({ page, signInAs, stack }) => {
  const api = await Api.as('company', stack.baseURL);
  const event = await api.create('event', { name: { full: unique('Card event') } });
  const guests = [];
  for (const [first, approved] of [['Ann', true], ['Ben', false], ['Cas', true]] as const) {
    const user = await api.create('user', { name: { first, last: 'Guest', full: `${first} Guest` }, email: { value: `${unique(first).replace(/\W/g, '')}@guest.test` } });
    guests.push(await api.create('eventGuest', { eventRef: { eventId: event._id }, userRef: { userId: user._id }, card: { isApproved: approved } }));
  }
  const nameless = await api.create('user', { name: { last: 'Nameless' }, email: { value: `${unique('nameless').replace(/\W/g, '')}@guest.test` } });
  await api.create('eventGuest', { eventRef: { eventId: event._id }, userRef: { userId: nameless._id } });

  await signInAs('event');
  await page.goto('/company/device');
  await page.getByRole('combobox', { name: 'Event' }).click();
  await page.keyboard.type(String((event.name as { full: string }).full));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/company/device/${event._id}$`));
  await expect(page.getByTestId('visitor-card')).toHaveCount(3);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  const marked = page.waitForResponse((response) => response.url().endsWith('/print-all'));
  await page.getByRole('button', { name: 'Print all' }).click();
  expect(((await (await marked).json()) as { printed: string[] }).printed.sort()).toEqual([guests[0]._id, guests[2]._id].sort());
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  const pages = [...pdf.matchAll(/\/Type\s*\/Page[^s]/g)];
  expect(pages).toHaveLength(2);
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((box) => [Number(box[1]), Number(box[2])]);
  // 81 mm and 127.5 mm in points (1 mm = 72 / 25.4 pt)
  for (const [width, height] of boxes) {
    expect(width).toBeCloseTo((81 * 72) / 25.4, 0);
    expect(height).toBeCloseTo((127.5 * 72) / 25.4, 0);
  }
  expect(boxes.length).toBeGreaterThanOrEqual(2);
  const printedState = await Promise.all(guests.map(async (guest) => ((await api.get('eventGuest', String(guest._id))).body as { card?: { isPrinted?: boolean } }).card?.isPrinted ?? false));
  expect(printedState).toEqual([true, false, true]);
  await api.dispose();
});

test('the company profile opens the tabs of the role, in the admin and in the API', async ({ page, signInAs, stack }) => {
  await signInAs('user');
  await page.goto('/company/profile');
  await expect(tabs(page)).toHaveText(["What's New"]);
  const userAdmin = await signedInContext('user', stack.baseURL);
  expect((await userAdmin.patch('/api/company/profile/general', { data: { settings: { selfService: true } } })).status()).toBe(403);
  await userAdmin.dispose();

  await page.context().clearCookies();
  await signInAs('company');
  await page.goto('/company/profile?tab=general');
  await expect(tabs(page)).toHaveText(["What's New", 'General settings', 'App settings']);
  const nameId = page.getByTestId('field-name.id').getByRole('textbox');
  const original = await nameId.inputValue();
  await nameId.fill('');
  await nameId.pressSequentially('My Company 2!');
  await expect(nameId).toHaveValue('mycompany2');
  await expect(page.getByTestId('field-settings.authentication.google.active').getByRole('switch')).toBeDisabled();
  await expect(page.getByTestId('field-settings.authentication.google.active').getByRole('switch')).toBeChecked();
  await page.getByTestId('field-settings.payment.cupRetourPolicy').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: 'Max 5 per order' }).click();
  await nameId.fill(original);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/company/profile/general'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Successfully saved')).toBeVisible();

  await page.context().clearCookies();
  await signInAs('super');
  await page.goto('/company/profile');
  await expect(tabs(page)).toHaveText(["What's New", 'General settings', 'App settings', 'Super settings']);
});

test('manuals: / focuses the search, Enter opens the top hit with sanitised HTML, ArrowDown enters the results', async ({ page, signInAs, stack }) => {
  const api = await Api.as('super', stack.baseURL);
  const word = unique('zebra').replace(/\W/g, '');
  await api.create('tutorial', { name: { full: `Stripes ${word}`, description: 'About stripes', tag: [word, '1'] }, content: { en: `<p>Black and white</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>` } });
  await api.create('tutorial', { name: { full: `Spots ${word}`, description: 'About spots', tag: [word, '2'] }, content: { en: '<p>Dots</p>' } });
  await signInAs('merchant');
  await page.goto('/company/tutorial');
  await expect(page.getByTestId('manual-results').getByRole('link', { name: `Stripes ${word}` })).toBeVisible();
  await page.locator('body').press('/');
  await expect(page.getByRole('searchbox', { name: 'Search manuals' })).toBeFocused();
  await page.keyboard.type(word);
  const results = page.getByTestId('manual-results').getByRole('link');
  await expect(results).toHaveText([`Stripes ${word}`, `Spots ${word}`]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tutorialId=/);
  const view = page.getByTestId('manual-view');
  await expect(view.getByRole('heading', { name: `Stripes ${word}` })).toBeVisible();
  await expect(view.getByText('Black and white')).toBeVisible();
  expect(await view.getByTestId('safe-html').innerHTML()).not.toMatch(/onerror|script/);
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  await view.getByRole('button', { name: 'Next tutorial' }).click();
  await expect(view.getByRole('heading', { name: `Spots ${word}` })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search manuals' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(results.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(1)).toBeFocused();
  const id = new URL(page.url()).searchParams.get('tutorialId');
  await page.goto(`/company/tutorial/${id}/view`);
  await expect(page.getByTestId('manual-view').getByRole('heading', { name: `Spots ${word}` })).toBeVisible();
  await api.dispose();
});

test('a polygon drawn on the location map fills the geometry editor and is saved', async ({ page, signInAs, stack }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(stack.baseURL) && !request.url().startsWith('data:')) outside.push(request.url());
  });
  await signInAs('company');
  await page.goto('/company/location/create/edit');
  await page.getByTestId('field-name.full').getByRole('textbox').fill(unique('Drawn'));
  await page.getByTestId('field-url').getByRole('textbox').fill('drawn');
  const map = page.getByTestId('geometry-map');
  await expect(map).toBeVisible();
  await map.locator('.leaflet-pm-icon-polygon').click();
  const box = (await map.boundingBox())!;
  // clear of the toolbar and its Finish / Cancel actions at the top left
  const corners = [[0.6, 0.6], [0.85, 0.6], [0.75, 0.9]].map(([x, y]) => ({ x: box.x + box.width * x, y: box.y + box.height * y }));
  for (const corner of corners) await page.mouse.click(corner.x, corner.y);
  await page.mouse.click(corners[0].x, corners[0].y);
  const editor = page.getByTestId('geometry-editor');
  await expect(editor.getByTestId(/^geometry-ring-0-\d+$/)).toHaveCount(4);
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/company/model/location'));
  await page.getByTestId('save').click();
  const { geojson } = (await (await created).json()) as { geojson: { type: string; coordinates: number[][][] } };
  expect(geojson.type).toBe('Polygon');
  expect(geojson.coordinates[0]).toHaveLength(4);
  expect(geojson.coordinates[0][0]).toEqual(geojson.coordinates[0][3]);
  // longitude first: the map opens on Amsterdam
  expect(geojson.coordinates[0][0][0]).toBeCloseTo(4.9, 0);
  expect(geojson.coordinates[0][0][1]).toBeCloseTo(52.37, 0);
  expect(outside).toEqual([]);
});
