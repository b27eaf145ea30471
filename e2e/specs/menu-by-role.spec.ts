import { allResources, effectiveRights, mayAct, type Right } from '../../resources/src/index';
import { expect, menuLinks, test } from '../support/fixtures';

/** The screens a right may read, straight from the definitions. */
function expectedRoutes(role: string): string[] {
  const rights = effectiveRights([role as Right]);
  return allResources()
    .filter((def) => def.screens?.route && mayAct(def, 'read', rights, []))
    .map((def) => def.screens!.route)
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
