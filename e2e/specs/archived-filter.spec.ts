import { allResources, findResource } from '@backoffice/resources';
import { Api, unique } from '../support/api';
import { expect, test } from '../support/fixtures';

/**
 * Issue 39, things can be found: every list of an archivable model offers an Archived filter, and an archived record
 * is found with it (the list hides it at first). Each list gets an archived copy of one of its records of its own.
 */
const ARCHIVABLE_LISTS = allResources().filter((def) => def.archivable && def.screens?.route);

/** Where a model's records are listed, when not at its route: the manuals' route is their reading page. */
const LIST_ROUTES: Record<string, string> = { tutorial: '/company/tutorial/manage' };

/** What a list always asks for besides the Archived filter (planned communications: active and still ahead). */
const LIST_QUERIES: Record<string, () => string> = { workerTask: () => `&routine.active=true&next_gte=${Math.floor(Date.now() / 1000) + 3600}` };

/** A new record of the models that are not copied. */
const NEW_RECORDS: Record<string, () => Record<string, unknown>> = {
  user: () => ({ email: { value: `${unique('archived').replace(/\W/g, '')}@example.test` }, name: { first: 'Archived', last: unique('User') } }),
  webhook: () => ({ name: { full: unique('Archived endpoint') }, url: 'https://hooks.example.test/archived', models: ['user'], events: ['created'], active: false }),
};

/** A new archived record of the model: a copy of one of its records, or a new one of the models that are not copied. */
async function archivedRecord(api: Api, model: string): Promise<string | undefined> {
  const fresh = NEW_RECORDS[model];
  if (fresh) {
    const created = await api.create(model, fresh());
    await api.action(model, String(created._id), 'archive');
    return String(created._id);
  }
  if (findResource(model)?.duplicate === false) throw new Error(`${model} records are not copied: give NEW_RECORDS one`);
  const [record] = (await api.list(model, `_start=0&_end=1&meta.archived=false${LIST_QUERIES[model]?.() ?? ''}`)).rows;
  if (!record) return undefined;
  const copy = await api.action(model, String(record._id), 'duplicate');
  await api.action(model, String(copy._id), 'archive');
  return String(copy._id);
}

test('there are archivable lists to check', () => {
  expect(ARCHIVABLE_LISTS.map((def) => def.name)).toEqual(expect.arrayContaining(['user', 'location', 'merchant', 'template']));
});

for (const def of ARCHIVABLE_LISTS) {
  const route = LIST_ROUTES[def.name] ?? def.screens!.route!;
  test(`${def.name}: the list at ${route} finds archived records with its Archived filter`, async ({ page, signInAs, stack }) => {
    await signInAs('super');
    const api = await Api.as('super', stack.baseURL);
    const archivedId = await archivedRecord(api, def.name);
    await api.dispose();
    await page.goto(route);
    const filter = page.getByTestId('filter-meta.archived');
    await expect(filter, 'the Archived filter').toBeVisible();
    const table = page.getByTitle('Table');
    if (await table.count()) await table.click();
    if (!archivedId) return test.info().annotations.push({ type: 'note', description: `no ${def.name} to archive: only the filter is checked` });
    const row = page.locator(`tr[data-row-key="${archivedId}"]`);
    await expect(page.locator('.ant-table-tbody')).toBeVisible();
    await expect(row).toHaveCount(0);
    await filter.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: /: Yes$/ }).click();
    await expect(row).toBeVisible();
  });
}
