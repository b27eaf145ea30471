import type { Page } from 'playwright-core';

export interface Scripts {
  files: number;
  /** bytes of JavaScript as served (the brotli copies) */
  bytes: number;
}

/** The JavaScript the page fetched since `since` entries of its resource timings (its whole visit by default). */
export async function scriptsFetched(page: Page, since = 0): Promise<Scripts> {
  return page.evaluate((from) => {
    const scripts = performance
      .getEntriesByType('resource')
      .slice(from)
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js')) as PerformanceResourceTiming[];
    return { files: scripts.length, bytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0) };
  }, since);
}

export const resourceCount = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').length);

export const kB = (scripts: Scripts) => `${scripts.files} files, ${(scripts.bytes / 1024).toFixed(0)} kB`;
