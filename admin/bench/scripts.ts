import type { Page } from 'playwright-core';

export interface Scripts {
  files: number;
  /** bytes of JavaScript as served (the brotli copies) */
  bytes: number;
}

/**
 * The JavaScript the page asked for after its first `since` resource timings and by `until` (ms of the page's clock):
 * what it needed to show what it shows then, not what it loads at leisure afterwards (the menu's pages).
 */
export async function scriptsFetched(page: Page, since = 0, until = Infinity): Promise<Scripts> {
  return page.evaluate(
    ([from, by]) => {
      const scripts = (performance.getEntriesByType('resource').slice(from) as PerformanceResourceTiming[]).filter(
        (entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime <= by,
      );
      return { files: scripts.length, bytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0) };
    },
    [since, until] as const,
  );
}

export const resourceCount = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').length);

export const kB = (scripts: Scripts) => `${scripts.files} files, ${(scripts.bytes / 1024).toFixed(0)} kB`;
