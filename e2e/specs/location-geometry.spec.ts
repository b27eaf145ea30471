import { Api, SMALL_PNG, unique } from '../support/api';
import { expect, test } from '../support/fixtures';

test('a location gets its geometry from the editor: a polygon ring keeps at least 4 positions, then a point', async ({ page, signInAs, stack, snap }) => {
  const api = await Api.as('super', stack.baseURL);
  const name = unique('Mapped');
  await signInAs('company');
  await page.goto('/company/location/create/edit');
  await page.getByTestId('field-name.full').getByRole('textbox').fill(name);
  await page.getByTestId('field-url').getByRole('textbox').fill('mapped');

  const editor = page.getByTestId('geometry-editor');
  await editor.getByTestId('geometry-type').click();
  await page.locator('.ant-select-item-option', { hasText: 'Polygon' }).click();
  const ring = editor.getByTestId(/^geometry-ring-0-\d+$/);
  await expect(ring).toHaveCount(4);
  const removes = editor.getByRole('button', { name: 'Remove position' });
  for (const remove of await removes.all()) await expect(remove).toBeDisabled();
  await editor.getByRole('button', { name: 'Add position' }).click();
  await expect(ring).toHaveCount(5);
  await expect(removes.first()).toBeEnabled();
  await removes.last().click();
  await expect(ring).toHaveCount(4);
  const corners: [number, number][] = [[4.9, 52.37], [4.91, 52.37], [4.91, 52.38], [4.9, 52.37]];
  for (const [index, [lon, lat]] of corners.entries()) {
    await editor.getByTestId(`geometry-ring-0-${index}`).getByRole('spinbutton', { name: 'Longitude' }).fill(String(lon));
    await editor.getByTestId(`geometry-ring-0-${index}`).getByRole('spinbutton', { name: 'Latitude' }).fill(String(lat));
  }
  await snap('location-geometry-polygon');
  const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/company/model/location'));
  await page.getByTestId('save').click();
  const { _id: id } = (await (await created).json()) as { _id: string };
  expect((await api.get('location', id)).body.geojson).toEqual({ type: 'Polygon', coordinates: [corners] });

  // switching to a point keeps the first corner
  await page.goto(`/company/location/${id}/edit`);
  await editor.getByTestId('geometry-type').click();
  await page.locator('.ant-select-item-option', { hasText: 'Point' }).click();
  await expect(editor.getByTestId('geometry-point').getByRole('spinbutton', { name: 'Longitude' })).toHaveValue('4.9');
  await editor.getByTestId('geometry-point').getByRole('spinbutton', { name: 'Latitude' }).fill('52.5');
  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().endsWith(`/api/company/model/location/${id}`));
  await page.getByTestId('save').click();
  expect((await saved).status()).toBe(200);
  expect((await api.get('location', id)).body.geojson).toEqual({ type: 'Point', coordinates: [4.9, 52.5] });
  await api.dispose();
});

test('the location map draws the company\'s tiles with their attribution, and new geometry starts at the company\'s places, not at 0,0 (issue 39)', async ({ page, signInAs, stack }) => {
  // the tests' installation has no tiles (MAP_TILE_URL=none); a company may set its own, here OpenStreetMap's,
  // which the browser is answered here without going out
  const api = await Api.as('company', stack.baseURL);
  const companyId = String((await api.list('company', '_start=0&_end=1')).rows[0]._id);
  await api.update('company', companyId, { settings: { map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' } } });
  await api.create('location', { name: { full: unique('Placed') }, url: 'placed', geojson: { type: 'Point', coordinates: [5.12, 52.09] } });
  const tiles: string[] = [];
  await page.route('https://tile.openstreetmap.org/**', (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from(SMALL_PNG, 'base64') });
  });
  try {
    await signInAs('company');
    await page.goto('/company/location/create/edit');
    const map = page.getByTestId('geometry-map');
    await expect(map.locator('.leaflet-control-attribution')).toContainText('OpenStreetMap');
    await expect.poll(() => tiles.length, 'the map asks for its base map tiles').toBeGreaterThan(0);
  } finally {
    await api.update('company', companyId, { settings: { map: { tileUrl: null } } });
    await api.dispose();
  }
  const editor = page.getByTestId('geometry-editor');
  await editor.getByTestId('geometry-type').click();
  await page.locator('.ant-select-item-option', { hasText: 'Point' }).click();
  const longitude = Number(await editor.getByTestId('geometry-point').getByRole('spinbutton', { name: 'Longitude' }).inputValue());
  const latitude = Number(await editor.getByTestId('geometry-point').getByRole('spinbutton', { name: 'Latitude' }).inputValue());
  expect([longitude, latitude]).not.toEqual([0, 0]);
  // within the box of the company's located places (the demo's and the one made above)
  expect(latitude).toBeGreaterThan(-90);
  expect(Math.abs(latitude)).toBeGreaterThan(1);
});
