import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { chooseBatchItem, expect, tableReady, test } from '../support/fixtures';
import { MerchantSeed } from '../support/merchant-seed';

/** The export, import and patch wizards (spec part 2 sections 2, 5, 7 and 8), driven as a user would. */

const run = Date.now().toString(36);

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; text: string }> {
  const waiting = page.waitForEvent('download');
  await click();
  const download = await waiting;
  return { download, text: readFileSync(await download.path(), 'utf8') };
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

const step = (page: Page) => page.getByTestId('wizard-steps');

async function openBatchMenu(page: Page) {
  await page.goto('/company/merchant');
  await page.getByRole('button', { name: /Batch/ }).click();
}

test.describe('model wizards (merchants)', () => {
  test('export of a filtered merchant list: privacy, fields, CSV and XLSX downloads, clipboard', async ({ page, context, signInAs, snap, baseURL }) => {
    // merchants of its own: other specs make merchants named '... bar' while this one runs
    const term = `Export ${run}`;
    const seed = await MerchantSeed.as('company', baseURL!);
    for (const name of [`${term} bar`, `${term} kiosk`]) await seed.merchant(name);
    await signInAs('company');
    await page.goto('/company/merchant');
    await page.getByTitle('Table').click();
    await page.getByPlaceholder('Search').fill(term);
    await page.getByPlaceholder('Search').press('Enter');
    await expect(page).toHaveURL(/filters/);
    await tableReady(page);
    const listed = (await page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts()).length;

    // what the API says the same filter matches
    const answer = await page.request.get(`/api/company/model/merchant?q=${encodeURIComponent(term)}&meta.archived=false&_select=_id,name.full&_start=0&_end=100`);
    const expected = (await answer.json()) as { _id: string; name: { full: string } }[];
    expect(expected.length).toBe(2);
    expect(expected.length).toBe(listed);

    await chooseBatchItem(page, 'Download merchants', /\/company\/model\/merchant\/export\?q=/);
    await expect(page.getByRole('heading', { name: 'Export merchants' })).toBeVisible();
    await expect(page.getByTestId('export-query')).toContainText(`Search = ${term}`);

    // step 0: the privacy warning must be agreed to
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await snap('model-export-privacy');
    await page.getByTestId('export-agree').click();
    await next.click();

    // step 1: every field on; all off disables Next; then two fields
    const fields = page.getByTestId('export-fields');
    const boxes = fields.locator('.ant-checkbox-group input[type=checkbox]');
    const total = await boxes.count();
    expect(total).toBeGreaterThan(2);
    await expect(fields.locator('.ant-checkbox-group input[type=checkbox]:checked')).toHaveCount(total);
    await fields.getByText('Select all').click();
    await expect(fields.locator('input[type=checkbox]:checked')).toHaveCount(0);
    await expect(next).toBeDisabled();
    await expect(page.getByText('Select at least one field to continue')).toBeVisible();
    // the field list may still be settling from "Select all": check until the boxes stay checked
    for (const name of [/^Name name\.full$/, /^Description name\.description$/]) {
      const box = fields.getByRole('checkbox', { name });
      await expect(async () => {
        await box.check();
        await expect(box).toBeChecked({ timeout: 500 });
      }).toPass();
    }
    await expect(fields).toContainText(`2 of ${total} selected`);
    await snap('model-export-fields');
    await next.click();

    // step 2: loads, then offers the downloads
    await expect(page.getByText('Your export is ready')).toBeVisible();
    await expect(page.getByTestId('export-count')).toHaveText(`${expected.length} records, 2 fields`);
    await snap('model-export-ready');

    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Download as CSV' }).click());
    expect(csv.download.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2} Merchants Export\.csv$/);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('_id,name.full,name.description');
    expect(lines).toHaveLength(expected.length + 1);
    const exportedIds = lines.slice(1).map((line) => line.split(',')[0]);
    expect(new Set(exportedIds)).toEqual(new Set(expected.map((record) => record._id)));
    for (const record of expected) expect(csv.text).toContain(`${record._id},${record.name.full},`);

    const xlsx = await downloaded(page, () => page.getByRole('button', { name: 'Download as XLSX' }).click());
    expect(xlsx.download.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2} Merchants Export\.xlsx$/);
    expect(readFileSync(await xlsx.download.path()).subarray(0, 2).toString()).toBe('PK');

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Copied to clipboard' })).toBeVisible();
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(csv.text.trim());

    // the wizard speaks Dutch too (the toast sits over the language switch: close it first)
    await page.locator('.ant-notification-notice-close').click();
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
    await page.getByText('NL', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Naar klembord kopiëren' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verkopers exporteren' })).toBeVisible();
    await seed.dispose();
  });

  test('import: a bad row blocks Continue, the fixed file is imported and listed', async ({ page, signInAs, snap }) => {
    const prefix = `E2E import ${run}`;
    await signInAs('company');
    await page.goto('/company/merchant');
    await chooseBatchItem(page, 'Import merchant', /\/company\/model\/merchant\/import$/);
    await expect(page.getByRole('heading', { name: 'Import merchant' })).toBeVisible();

    // the columns the file may have, and an example to start from
    const fieldsCard = page.getByTestId('import-fields');
    await expect(fieldsCard.getByRole('row', { name: /name\.full Name .*Required/ })).toBeVisible();
    await expect(fieldsCard.getByRole('row', { name: /name\.description Description .*Optional/ })).toBeVisible();
    const example = await downloaded(page, () => fieldsCard.getByRole('button', { name: 'Download example CSV' }).click());
    expect(example.text.split(/\r?\n/)[0]).toBe('name.full,name.description,name.id');
    await snap('model-import-upload');

    // a file with one bad row (a name above 50 characters): straight to the validate step, Continue disabled
    const tooLong = 'x'.repeat(51);
    await page.locator('input[type=file]').setInputFiles(csvFile('merchants.csv', `name.full,name.description\n${prefix} A,imported\n${tooLong},too long\n`));
    await expect(step(page)).toHaveAttribute('data-current', '2');
    await expect(page.getByTestId('import-cannot-continue')).toContainText('Cannot continue');
    await expect(page.getByTestId('import-cannot-continue')).toContainText('We still have unresovled problems, please fix them to continue.');
    const problems = page.getByTestId('import-rows').locator('.ant-table-tbody tr.ant-table-row');
    await expect(problems).toHaveCount(1);
    await expect(problems.first().locator('td').first()).toHaveText('2');
    await expect(problems.first().getByTestId('import-row-error')).toContainText('Must be at most 50 characters');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await snap('model-import-row-error');

    // nothing was written
    const before = await page.request.get(`/api/company/model/merchant?q=${encodeURIComponent(prefix)}&_start=0&_end=10`);
    expect(await before.json()).toEqual([]);

    // the fixed file: an unknown and a repeated column (tolerated: removed, issue 11 item 12) and an empty line
    // (skipped): the rows are fine, so straight to the import step
    await page.getByRole('button', { name: 'Upload another file' }).click();
    await page
      .locator('input[type=file]')
      .setInputFiles(csvFile('merchants-fixed.csv', `name.full,name.description,colour,name.full\n${prefix} A,imported,red,x\n\n${prefix} B,imported,blue,y\n`));
    await expect(step(page)).toHaveAttribute('data-current', '3');
    await expect(page.getByTestId('import-run')).toContainText('merchants-fixed.csv');
    await page.getByRole('button', { name: 'Import 2 records' }).click();
    await expect(page.getByTestId('import-result')).toContainText('Import completed!');
    await expect(page.getByTestId('import-result')).toContainText('2 records imported');
    await snap('model-import-result');

    // the rows show in the merchant list
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await expect(page).toHaveURL(/\/company\/merchant/);
    await page.getByTitle('Table').click();
    await page.getByPlaceholder('Search').fill(prefix);
    await page.getByPlaceholder('Search').press('Enter');
    await tableReady(page);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: `${prefix} A` })).toHaveCount(1);
    await expect(rows.filter({ hasText: `${prefix} B` })).toHaveCount(1);
    await snap('model-import-listed');
  });

  test('import: a large file shows how many rows are validated and written while the API works (issue 12)', async ({ page, signInAs }) => {
    const prefix = `E2E bulk ${run}`;
    const count = 20_000;
    await signInAs('company');
    await page.goto('/company/model/merchant/import');
    const lines = Array.from({ length: count }, (_, index) => `${prefix} ${index},bulk`);
    await page.locator('input[type=file]').setInputFiles(csvFile('many-merchants.csv', `name.full,name.description\n${lines.join('\n')}\n`));
    const progress = page.getByTestId('import-progress');
    // a count between none and all (1,000 to 19,000): the API reported part of the work before answering
    await expect(progress).toContainText(/Rows validated: 1?\d,000 of 20,000/);
    await expect(step(page)).toHaveAttribute('data-current', '3', { timeout: 30_000 });
    await page.getByRole('button', { name: `Import ${count.toLocaleString('en-GB')} records` }).click();
    await expect(progress).toContainText(/Rows written: 1?\d,000 of 20,000/, { timeout: 30_000 });
    await expect(page.getByTestId('import-result')).toContainText(`${count.toLocaleString('en-GB')} records imported`, { timeout: 60_000 });
    await expect(progress).toHaveCount(0);
  });

  test('import: a declined row can be corrected in place and validated again', async ({ page, signInAs }) => {
    const name = `E2E corrected ${run}`;
    await signInAs('company');
    await page.goto('/company/model/merchant/import');
    await page.locator('input[type=file]').setInputFiles(csvFile('one.csv', `name.full,name.description\n${'y'.repeat(60)},fix me\n`));
    await expect(step(page)).toHaveAttribute('data-current', '2');
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    await page.getByRole('textbox', { name: 'Row 1 name.full' }).fill(name);
    // edited but not yet validated: still disabled
    await expect(continueButton).toBeDisabled();
    await page.getByRole('button', { name: 'Validate again' }).click();
    await expect(page.getByTestId('import-validated')).toBeVisible();
    await continueButton.click();
    await page.getByRole('button', { name: /Import 1 record$/ }).click();
    await expect(page.getByTestId('import-result')).toContainText('Import completed!');
    const found = await page.request.get(`/api/company/model/merchant?name.full=${encodeURIComponent(name)}&_start=0&_end=10`);
    expect(((await found.json()) as unknown[]).length).toBe(1);
  });

  test('import: tolerated header problems go on to step 2 when rows need work; a header problem that is not tolerated stops at step 1 (issue 11 item 12)', async ({ page, signInAs }) => {
    await signInAs('company');
    await page.goto('/company/model/merchant/import');
    await page.locator('input[type=file]').setInputFiles(csvFile('extra.csv', `name.full,colour\n${'z'.repeat(60)},red\n`));
    await expect(step(page)).toHaveAttribute('data-current', '2');
    await expect(page.getByRole('textbox', { name: 'Row 1 name.full' })).toBeVisible();
    await page.getByRole('button', { name: 'Upload another file' }).click();
    // a required column missing is not tolerated
    await page.locator('input[type=file]').setInputFiles(csvFile('missing.csv', `name.description,colour\nsome,red\n`));
    await expect(step(page)).toHaveAttribute('data-current', '1');
  });

  test('import: dropping a file that is not CSV, or two files, says only one CSV file is accepted (issue 11 item 12)', async ({ page, signInAs }) => {
    await signInAs('company');
    await page.goto('/company/model/merchant/import');
    const drop = async (files: { name: string; type: string }[]) => {
      const dataTransfer = await page.evaluateHandle((list) => {
        const transfer = new DataTransfer();
        for (const file of list) transfer.items.add(new File(['a,b\n1,2\n'], file.name, { type: file.type }));
        return transfer;
      }, files);
      await page.locator('.ant-upload-drag .ant-upload-btn').dispatchEvent('drop', { dataTransfer });
    };
    await drop([{ name: 'notes.txt', type: 'text/plain' }]);
    await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Only one CSV file (text/csv) is accepted.' })).toBeVisible();
    await page.locator('.ant-notification-notice-close').first().click();
    await drop([{ name: 'a.csv', type: 'text/csv' }, { name: 'b.csv', type: 'text/csv' }]);
    await expect(page.locator('.ant-notification-notice').filter({ hasText: 'Only one CSV file (text/csv) is accepted.' })).toBeVisible();
    await expect(step(page)).toHaveAttribute('data-current', '0');
  });

  test('patch is hidden and refused for a company admin', async ({ page, signInAs, snap, baseURL }) => {
    await signInAs('company');
    await openBatchMenu(page);
    await expect(page.getByRole('menuitem', { name: 'Import merchant' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Patch/ })).toHaveCount(0);

    for (const path of ['/company/model/merchant/patch', '/company/model/merchant/import/patch']) {
      await page.goto(path);
      await expect(page.getByTestId('wizard-refused')).toBeVisible();
      await expect(page.locator('input[type=file]')).toHaveCount(0);
    }
    await snap('model-patch-refused');

    const [merchant] = (await (await page.request.get('/api/company/model/merchant?_start=0&_end=1')).json()) as { _id: string }[];
    const refused = await page.request.post('/api/company/model/merchant/import/patch?validate-only=true', {
      headers: { Origin: baseURL as string },
      data: { import: { headers: ['_id', 'name.description'], rows: [[merchant._id, 'not allowed']] } },
    });
    expect(refused.status()).toBe(403);
  });

  test('a super admin patches a merchant by _id', async ({ page, signInAs, snap, baseURL }) => {
    await signInAs('super');
    const created = await page.request.post('/api/company/model/merchant', { headers: { Origin: baseURL as string }, data: { name: { full: `E2E patch ${run}` } } });
    expect(created.status()).toBe(201);
    const { _id: id } = (await created.json()) as { _id: string };

    await page.goto('/company/merchant');
    await chooseBatchItem(page, 'Patch merchant', /\/company\/model\/merchant\/patch$/);
    await page.goto(`/company/model/merchant/import/patch?modelInstance=${encodeURIComponent(JSON.stringify({ _id: id }))}`);
    await expect(page.getByRole('heading', { name: 'Patch merchant' })).toBeVisible();
    const fieldsCard = page.getByTestId('import-fields');
    await expect(fieldsCard.getByRole('row', { name: /_id .*Required/ })).toBeVisible();
    const example = await downloaded(page, () => fieldsCard.getByRole('button', { name: 'Download example CSV' }).click());
    const [header, first] = example.text.split(/\r?\n/);
    expect(header).toBe('_id,name.full,name.description,name.id');
    expect(first.startsWith(`${id},`)).toBe(true);

    await page.locator('input[type=file]').setInputFiles(csvFile('patch.csv', `_id,name.description\n${id},patched by e2e\n`));
    await expect(step(page)).toHaveAttribute('data-current', '3');
    await page.getByRole('button', { name: /Update 1 record$/ }).click();
    await expect(page.getByTestId('import-result')).toContainText('Patch completed!');
    await expect(page.getByTestId('import-result')).toContainText('1 record updated');
    await snap('model-patch-result');
    const after = (await (await page.request.get(`/api/company/model/merchant/${id}`)).json()) as { name: { full: string; description: string } };
    expect(after.name).toEqual({ full: `E2E patch ${run}`, description: 'patched by e2e' });
  });

  test('the file picker offers CSV files, and an unknown id of a patch is named once (issue 39)', async ({ page, signInAs }) => {
    await signInAs('super');
    await page.goto('/company/model/merchant/import/patch');
    await expect(page.locator('input[type=file]')).toHaveAttribute('accept', '.csv,text/csv');
    const unknown = 'abcdefabcdefabcdefabcdef';
    await page.locator('input[type=file]').setInputFiles(csvFile('unknown.csv', `_id,name.description\n${unknown},nobody\n`));
    const problems = page.getByTestId('import-row-error');
    await expect(problems).toContainText(unknown);
    expect(((await problems.innerText()).match(new RegExp(unknown, 'g')) ?? []).length).toBe(1);
  });
});
