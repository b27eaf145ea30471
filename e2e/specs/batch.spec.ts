import { Api, unique } from '../support/api';
import { expect, test } from '../support/fixtures';

test.describe('batch communication', () => {
  test('a whole batch from the instructions to "Completed in" against the fake mail provider', async ({ page, signInAs, stack, snap }) => {
    const api = await Api.as('super', stack.baseURL);
    const name = unique('Batch mail');
    await api.create('template', { format: 'communication-mail-html-modern-2021', name: { full: name }, subject: { en: 'News for {{ user.name.full }}' }, content: { en: '<p>Dear {{ user.name.full }}, see you soon.</p>' } });
    const archived = await api.create('template', { format: 'communication-mail-html-modern-2021', name: { full: `${name} archived` }, subject: { en: 'Old' }, content: { en: '<p>Old</p>' } });
    await api.action('template', String(archived._id), 'archive');
    const recipients = [1, 2, 3].map((n) => ({ name: `Batch Person ${n}`, email: `batch-person-${n}@visitor.test`, language: 'en' }));
    await signInAs('super');
    await page.goto('/company/batch');
    await expect(page.getByRole('heading', { name: 'Sending batch communication' })).toBeVisible();
    const steps = page.getByTestId('wizard-steps');
    await expect(steps).toContainText('Read instructions');
    await expect(steps).toContainText('Send batch');
    // a step beyond the highest reached cannot be opened
    await steps.getByText('Send batch').click();
    await expect(steps).toHaveAttribute('data-current', '0');

    await page.getByTestId('wizard-next').click();
    // the option list is long and virtual: the manual groups at its end are found by typing
    await page.getByTestId('group-option').click();
    await page.keyboard.type('Manual group');
    await page.getByTitle('Manual group (JSON)').click();
    await page.getByTestId('group-value').fill('{"not": "an array"}');
    await page.getByTestId('group-count').click();
    await expect(page.getByTestId('group-error')).toContainText('Invalid data');
    await expect(page.getByTestId('group-error')).toContainText('Not an array');
    await expect(page.getByTestId('wizard-next')).toBeDisabled();
    await page.getByTestId('group-value').fill(JSON.stringify(recipients));
    await page.getByTestId('group-count').click();
    await expect(page.getByTestId('group-size')).toHaveText('3 recipients');

    await page.getByTestId('wizard-next').click();
    await expect(page.getByRole('link', { name: 'Create a new template' })).toHaveAttribute('href', '/company/template/create/edit');
    await page.getByTestId('template-select').click();
    await page.keyboard.type(name);
    // archived templates are not offered
    await expect(page.getByTitle(`${name} archived`)).toHaveCount(0);
    await page.getByTitle(name, { exact: true }).click();

    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('render-total')).toHaveText('3 recipients');
    await expect(page.getByTestId('message-subject')).toHaveText('News for Batch Person 1');
    await expect(page.frameLocator('[data-testid="message-frame"]').locator('body')).toContainText('Dear Batch Person 1, see you soon.');
    await page.getByTestId('preview-pager').getByTitle('Next Page').click();
    await expect(page.getByTestId('message-subject')).toHaveText('News for Batch Person 2');
    await page.getByTestId('batch-size').click();
    await page.getByTitle('1', { exact: true }).click();

    await page.getByTestId('wizard-next').click();
    await page.getByTestId('batch-run').click();
    await expect(page.getByTestId('batch-progress')).toContainText(/Completed in \d+ s/, { timeout: 30_000 });
    await expect(page.getByTestId('batch-sent')).toHaveText('Successfully sent');
    const results = page.getByTestId('batch-results');
    await expect(results.getByTestId('item-state')).toHaveText(['Done', 'Done', 'Done']);
    await expect(results).toContainText('batch-person-3@visitor.test');
    await snap('batch-completed');
    await api.dispose();
  });
});
