import { type Browser, expect, type Page } from '@playwright/test';
import { signInFor } from './fixtures';
import type { StackState } from './stack';

/** A page in a new browser context (an empty cache), signed in as the role unless none is given. */
export async function freshPage(browser: Browser, stack: StackState, role?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  if (role) {
    const { email, password } = signInFor(role);
    expect((await context.request.post('/api/auth/login', { data: { email, password } })).status(), `sign-in of ${role}`).toBe(200);
  }
  return context.newPage();
}

/** The id of the first record of a model the signed-in admin can read. */
async function firstRecordId(page: Page, model: string): Promise<string> {
  const response = await page.request.get(`/api/company/model/${model}?_start=0&_end=1`);
  const [record] = (await response.json()) as { _id: string }[];
  return record._id;
}

/** The live sales page of the signed-in merchant admin's first merchant. */
export const liveSalesPath = async (page: Page) => `/company/merchant/${await firstRecordId(page, 'merchant')}/live`;

/** The edit screen of the first user the signed-in admin can read. */
export const firstUserEditPath = async (page: Page) => `/company/user/${await firstRecordId(page, 'user')}/edit`;

export interface MeasuredRoute {
  name: string;
  role?: string;
  path: (page: Page) => Promise<string> | string;
  /** what shows the page is usable */
  usable: (page: Page) => Promise<void>;
  /** what shows the page has drawn all it loads after that, when it loads more */
  complete?: (page: Page) => Promise<void>;
}

/**
 * How long a measured page may take to become usable: these are measurements, not limits (speed.spec.ts applies
 * its own), and with a second browser at work beside them a page has taken more than the default 10 s.
 */
const USABLE_WITHIN = 30_000;

/**
 * Resolves within a frame of the page first drawing an element that matches (with this text, when given). Playwright's
 * own waits poll after 100, 250, 500 and then every 1 000 ms, so a page drawn at 1.4 s was seen 0.4 s later; checked
 * on every animation frame it is seen 16–21 ms later.
 */
export async function drawn(page: Page, selector: string, text?: string): Promise<void> {
  await page.waitForFunction(
    ([css, wanted]) => [...document.querySelectorAll(css)].some((element) => element.getBoundingClientRect().height > 0 && (!wanted || element.textContent?.trim() === wanted)),
    [selector, text ?? ''] as const,
    { polling: 'raf', timeout: USABLE_WITHIN },
  );
}

export const firstRow = (page: Page) => drawn(page, '.ant-table-tbody tr.ant-table-row');

/** The routes issue 12 measures, each with the role that opens it. */
export const MEASURED_ROUTES: MeasuredRoute[] = [
  { name: 'sign-in', path: () => '/login', usable: (page) => drawn(page, 'button', 'Sign in') },
  { name: 'users list', role: 'company', path: () => '/company/user', usable: firstRow },
  { name: 'transactions', role: 'company', path: () => '/company/finance/transaction', usable: firstRow },
  {
    name: 'live sales',
    role: 'merchant',
    path: liveSalesPath,
    usable: async (page) => {
      await drawn(page, '[data-testid="live-revenue"]');
      await drawn(page, '[data-testid="live-products"] .ant-table-tbody');
    },
    complete: (page) => expect(page.getByTestId('sales-chart').locator('canvas').first()).toBeVisible({ timeout: 30_000 }),
  },
];
