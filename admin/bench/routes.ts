import type { Page } from 'playwright-core';

/** A screen the benchmark opens: a list of the spec (its menu link) or an edit screen (a record's link in a list). */
export interface BenchRoute {
  name: string;
  /** the path, given an API reader signed in as the bench's role */
  path: (api: ApiReader) => Promise<string>;
  /**
   * How a person gets there inside the app: from the menu link of its path (lists), else from the `from` list by
   * clicking what matches `link`; false when the benchmark does not go there inside the app.
   */
  inApp?: { from: string; link: string } | false;
}

/** A record's link or button to its edit screen, in a table row or on a card. */
const RECORD_LINK = ':is(.ant-table-tbody tr.ant-table-row, [data-testid="merchant-card"], [data-testid="record-card"]) :is(a[href$="/edit"], button:has(.row-icon-edit))';

export type ApiReader = <T>(path: string) => Promise<T>;

const list = (name: string, route: string): BenchRoute => ({ name, path: async () => route });

/** The first record of a model, for its edit screen. */
const firstRecordPath = (model: string, route: string) => async (api: ApiReader) => {
  const [record] = await api<{ _id: string }[]>(`/api/company/model/${model}?_start=0&_end=1`);
  return `${route}/${record._id}/edit`;
};

/** Every list route of the spec, the dashboard and the user and merchant edit screens (issue 40). */
export const BENCH_ROUTES: BenchRoute[] = [
  list('users', '/company/user'),
  list('transactions', '/company/finance/transaction'),
  list('payments', '/company/finance/payment'),
  { ...list('refunds', '/company/finance/payment/refund'), inApp: { from: '/company/finance/payment', link: 'button:has(.anticon-rollback)' } },
  list('merchants', '/company/merchant'),
  list('products', '/company/merchant/product'),
  list('locations', '/company/location'),
  list('mails', '/company/communication/mail'),
  list('SMS', '/company/communication/sms'),
  list('templates', '/company/template'),
  list('timeslots', '/company/timeslot'),
  list('planned communications', '/company/communication/planned'),
  list('dashboard', '/company/dashboard'),
  { name: 'user edit', path: firstRecordPath('user', '/company/user'), inApp: { from: '/company/user', link: RECORD_LINK } },
  { name: 'merchant edit', path: firstRecordPath('merchant', '/company/merchant'), inApp: { from: '/company/merchant', link: RECORD_LINK } },
  { ...list('merchant live, all merchants', '/company/merchant/all/live'), inApp: false },
];

/**
 * What a screen shows once its records are there: a table row or a record's card, or on an edit screen a form
 * field holding the record's value. The bare page's table rows match the same.
 */
export const RECORD_SHOWN = [
  '.ant-table-tbody tr.ant-table-row',
  '[data-testid="record-card"]',
  '[data-testid="merchant-card"]',
  '[data-testid="live-revenue"]',
  '.ant-form-item input[value]:not([value=""])',
].join(', ');

/**
 * Resolves with `performance.now()` of the first animation frame in which an element matching `selector` is laid
 * out (ms since the navigation started), not counting `before`: checked on every frame, as the user would see it.
 */
export async function shownAt(page: Page, selector: string): Promise<number> {
  const handle = await page.waitForFunction(
    (css) => [...document.querySelectorAll(css)].some((element) => element.getBoundingClientRect().height > 0) && performance.now(),
    selector,
    { polling: 'raf', timeout: 60_000 },
  );
  return Math.round((await handle.jsonValue()) as number);
}
