import type { Page } from '@playwright/test';
import { adminRoutePatterns, fillRoute, routeIds } from '../support/admin-routes';
import { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { recordNames, unformatted, untranslated, visibleTexts } from '../support/shown-values';

/**
 * Issue 39, no raw value reaches a person: every route of the admin, in English and in Dutch, shows no unformatted
 * value (a unix time, an ISO date, a record id, a state or choice id as stored) and, in Dutch, no English text of the
 * admin (support/shown-values.ts compares what is on screen with the admin's dictionaries).
 */
const LOCALE_KEY = 'backoffice.locale';

let ids: Record<string, string> = {};
let names = new Set<string>();
test.beforeAll(async ({ stack }) => {
  const api = await Api.as('super', stack.baseURL);
  ids = await routeIds(api);
  names = await recordNames(api);
  await api.dispose();
});

/** Opens a route in a language and waits until what it loads has arrived. */
async function open(page: Page, path: string, locale: 'en' | 'nl'): Promise<string[]> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LOCALE_KEY, locale] as const);
  await page.goto(path);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 20_000 });
  return visibleTexts(page);
}

for (const pattern of adminRoutePatterns()) {
  test(`${pattern} in English and Dutch`, async ({ page, signInAs }) => {
    const path = fillRoute(pattern, ids);
    test.skip(!path, `the demo company holds no record for ${pattern}`);
    await signInAs('super');
    await page.goto('/company/dashboard');
    const english = await open(page, path!, 'en');
    const dutch = await open(page, path!, 'nl');
    const problems = [
      ...unformatted(english).map((text) => `English, unformatted ${text}`),
      ...unformatted(dutch).map((text) => `Dutch, unformatted ${text}`),
      ...untranslated(dutch, names).map((text) => `Dutch, untranslated: ${text}`),
    ];
    expect(problems, `${path}`).toEqual([]);
  });
}
