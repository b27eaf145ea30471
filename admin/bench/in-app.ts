import type { Page } from 'playwright-core';

/**
 * Clicks the link matching `link` as a person would and resolves with the ms until an element matching `shown`
 * that was not on screen before is laid out, checked on every animation frame.
 */
export async function clickToShown(page: Page, link: string, shown: string): Promise<number> {
  const ms = await page.evaluate(
    ([linkCss, shownCss]) =>
      new Promise<number>((resolve, reject) => {
        const before = new Set(document.querySelectorAll(shownCss));
        const anchor = document.querySelector<HTMLElement>(linkCss);
        if (!anchor) return reject(new Error(`no link matches ${linkCss}`));
        const timeout = setTimeout(() => reject(new Error(`nothing new matched ${shownCss} within 30 s of clicking ${linkCss}`)), 30_000);
        const start = performance.now();
        anchor.click();
        const check = () => {
          if ([...document.querySelectorAll(shownCss)].some((element) => !before.has(element) && element.getBoundingClientRect().height > 0)) {
            clearTimeout(timeout);
            resolve(performance.now() - start);
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    [link, shown] as const,
  );
  return Math.round(ms);
}

/** Opens every group of the side menu, so each list's link is on the page. */
export async function openMenuGroups(page: Page): Promise<void> {
  const closed = page.locator('.ant-layout-sider .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closed.count()) > 0) await closed.first().click();
}
