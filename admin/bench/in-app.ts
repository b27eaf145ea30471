import type { Page } from 'playwright-core';

/**
 * Clicks the link matching `link` as a person would and resolves with the page's clock at the click and when an
 * element matching `shown` that was not on screen before is laid out, checked on every animation frame.
 */
export async function clickToShown(page: Page, link: string, shown: string): Promise<{ at: number; ms: number }> {
  const [at, until] = await page.evaluate(
    ([linkCss, shownCss]) =>
      new Promise<[number, number]>((resolve, reject) => {
        const before = new Set(document.querySelectorAll(shownCss));
        const anchor = document.querySelector<HTMLElement>(linkCss);
        if (!anchor) return reject(new Error(`no link matches ${linkCss}`));
        const timeout = setTimeout(() => reject(new Error(`nothing new matched ${shownCss} within 30 s of clicking ${linkCss}`)), 30_000);
        const start = performance.now();
        anchor.click();
        const check = () => {
          if ([...document.querySelectorAll(shownCss)].some((element) => !before.has(element) && element.getBoundingClientRect().height > 0)) {
            clearTimeout(timeout);
            resolve([start, performance.now()]);
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    [link, shown] as const,
  );
  return { at, ms: Math.round(until - at) };
}

/** Opens every group of the side menu, so each list's link is on the page. */
export async function openMenuGroups(page: Page): Promise<void> {
  const closed = page.locator('.ant-layout-sider .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closed.count()) > 0) await closed.first().click();
}
