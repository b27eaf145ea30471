import { allResources, effectiveRights, findResource, mayAct, type Right } from '../../resources/src/index';
import { expect, menuLinks, test } from '../support/fixtures';

/**
 * Custom pages in the menu (admin/src/app/menu.ts): the dashboard, push test and batch communication for everyone
 * (their APIs check), visitor cards by the eventGuest right, the admin screen, the activity and the webhook
 * deliveries for company (and super) admins.
 */
const PAGE_ROUTES: { route: string; model?: string; right?: Right }[] = [
  { route: '/company/dashboard' },
  { route: '/company/device', model: 'eventGuest' },
  { route: '/company/push-notification' },
  { route: '/company/batch' },
  { route: '/company/admin', right: 'company' },
  { route: '/company/activity', right: 'company' },
  { route: '/company/webhooks/deliveries', right: 'company' },
];

/** The screens a right may read, straight from the definitions. */
function expectedRoutes(role: string): string[] {
  const rights = effectiveRights([role as Right]);
  const opens = (page: (typeof PAGE_ROUTES)[number]) =>
    page.right ? rights.has('super') || rights.has(page.right) : !page.model || mayAct(findResource(page.model)!, 'read', rights, []);
  const pages = PAGE_ROUTES.filter(opens).map((page) => page.route);
  return allResources()
    .filter((def) => def.screens?.route && mayAct(def, 'read', rights, []))
    .map((def) => def.screens!.route)
    .concat(pages)
    .sort();
}

const ROLES = ['super', 'company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable'];

test.describe('each admin right sees its own menu', () => {
  for (const role of ROLES) {
    test(role, async ({ page, signInAs, snap }) => {
      await signInAs(role);
      await page.goto('/company');
      await expect(page.getByTestId('current-user')).toBeVisible();
      expect(await menuLinks(page)).toEqual(expectedRoutes(role));
      if (role === 'merchant' || role === 'finance') await snap(`menu-${role}`);
    });
  }

  test('menus differ between rights', () => {
    expect(expectedRoutes('merchant')).not.toEqual(expectedRoutes('finance'));
    expect(expectedRoutes('super').length).toBeGreaterThan(expectedRoutes('merchant').length);
  });
});
