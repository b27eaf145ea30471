import { Api, unique } from '../support/api';
import { expect, test } from '../support/fixtures';

// A form draws its lower fields just after the first paint; on a slow device a Save can come before them.
test('a Save pressed before the lower fields are drawn still sends them, on a slow device', async ({ page, signInAs, stack }) => {
  const api = await Api.as('event', stack.baseURL);
  const name = unique('Hall');
  const location = await api.create('location', { name: { full: name }, url: name.toLowerCase().replace(/\W+/g, '-'), city: 'Utrecht', street: 'Oudegracht' });
  await signInAs('event');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.goto(`/company/location/${location._id}/edit`);
  const city = page.getByTestId('field-city').getByRole('textbox');
  await expect(city).toHaveValue('Utrecht');
  await city.fill('Zwolle');
  await page.getByTestId('save').click();
  await expect(page.locator('.ant-notification-notice', { hasText: 'Successfully saved' })).toBeVisible({ timeout: 20_000 });
  const saved = (await api.get('location', String(location._id))).body as { city: string; url: string; street: string };
  expect(saved).toMatchObject({ city: 'Zwolle', url: location.url, street: 'Oudegracht' });
  await api.dispose();
});

test('a required field not drawn yet when Save is pressed is named, on a slow device', async ({ page, signInAs }) => {
  await signInAs('event');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.goto('/company/location/create/edit');
  await page.getByTestId('field-name.full').getByRole('textbox').fill(unique('Hall'));
  await page.getByTestId('save').click();
  // on the Url field once it is drawn, or above the form while it is not: never nothing
  await expect(page.getByText(/^(Url: )?Is required$/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/company\/location\/create\/edit$/);
});
