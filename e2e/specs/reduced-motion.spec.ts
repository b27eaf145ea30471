import type { Page } from '@playwright/test';
import { expect, openTableView, pickMenuItem, test } from '../support/fixtures';

declare global {
  interface Window {
    /** set by watchDialogZoom once a dialog has zoomed in */
    zoomSeen: boolean;
  }
}

/** Whether the next dialog to open zooms in: antd marks a dialog with these classes while it zooms. */
async function watchDialogZoom(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    window.zoomSeen = false;
    // every class a dialog had, the passing ones too (a record's old value), not only those left at each callback
    const zooming = (value: string | null) => /\bant-modal\b/.test(value ?? '') && /\bant-zoom-(appear|enter)-active\b/.test(value ?? '');
    new MutationObserver((records) => {
      if (records.some((record) => zooming(record.oldValue) || zooming((record.target as Element).className))) window.zoomSeen = true;
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
  });
  return () => page.evaluate(() => window.zoomSeen);
}

test('dialogs open without animation when the system asks for reduced motion, and with it otherwise', async ({ page, signInAs }) => {
  await signInAs('merchant');
  await openTableView(page, '/company/merchant');
  const dialog = page.locator('.ant-modal-confirm');
  const openArchiveDialog = () =>
    pickMenuItem(page, page.locator('.ant-table-tbody tr.ant-table-row').first().getByTestId('row-more'), 'Archive', () => expect(dialog).toBeVisible({ timeout: 2_000 }));

  for (const [reducedMotion, animated] of [['no-preference', true], ['reduce', false]] as const) {
    // the admin follows a change of the preference without a reload; the browser tells the page at its next frame
    await page.emulateMedia({ reducedMotion });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const zoomed = await watchDialogZoom(page);
    await openArchiveDialog();
    // settled: it zoomed in before this, if at all
    await expect(dialog).not.toHaveClass(/ant-zoom/);
    expect(await zoomed(), `a dialog zooms in with reducedMotion ${reducedMotion}`).toBe(animated);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  }
});
