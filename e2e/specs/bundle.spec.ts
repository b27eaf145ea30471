import type { Browser, Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { drawn, firstRow, firstUserEditPath, freshPage, MEASURED_ROUTES, type MeasuredRoute } from '../support/routes';
import type { StackState } from '../support/stack';

/** The sign-in route's JavaScript as served (brotli), issue 12's target. */
const SIGN_IN_LIMIT = 150 * 1024;
/** A class name only the chart library (G2, under @ant-design/plots) carries. */
const CHART_MARKER = 'g2-tooltip';

interface Script {
  url: string;
  /** bytes on the wire: the body as the server sent it, in its Content-Encoding */
  served: number;
  encoding: string;
  body: Buffer;
}

/** Every script the page fetches, with its size as served. */
function collectScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const [body, sizes] = await Promise.all([response.body().catch(() => Buffer.alloc(0)), response.request().sizes()]);
    scripts.push({ url: response.url(), served: sizes.responseBodySize, encoding: response.headers()['content-encoding'] ?? 'identity', body });
  });
  return scripts;
}

const hasChartCode = (scripts: Script[]) => scripts.some((script) => script.body.includes(CHART_MARKER));

test('JavaScript per route as served: the sign-in route at most 150 kB, charts only where a chart is drawn', async ({ browser, stack }) => {
  const perRoute = new Map<string, Script[]>();
  for (const route of MEASURED_ROUTES) {
    const page = await freshPage(browser, stack, route.role);
    const scripts = collectScripts(page);
    await page.goto(await route.path(page));
    await (route.complete ?? route.usable)(page);
    await page.waitForLoadState('networkidle');
    const served = scripts.reduce((sum, script) => sum + script.served, 0);
    console.log(`${route.name}: ${scripts.length} scripts, ${(served / 1024).toFixed(1)} kB of JavaScript as served (${[...new Set(scripts.map((script) => script.encoding))].join(', ')})`);
    perRoute.set(route.name, scripts);
    await page.context().close();
  }
  // served as the precompressed brotli copies the build made, which the browser asked for
  for (const scripts of perRoute.values()) for (const script of scripts) expect(script.encoding, script.url).toBe('br');
  const signIn = perRoute.get('sign-in')!;
  expect(signIn.reduce((sum, script) => sum + script.served, 0)).toBeLessThanOrEqual(SIGN_IN_LIMIT);
  expect(hasChartCode(signIn)).toBe(false);
  expect(hasChartCode(perRoute.get('users list')!)).toBe(false);
  expect(hasChartCode(perRoute.get('transactions')!)).toBe(false);
  // the live page draws its sales chart once the figures are there (the chart library loads after them)
  expect(hasChartCode(perRoute.get('live sales')!)).toBe(true);
});

/** The scripts a served page names: its entry and the module preloads of its route. */
const namedScripts = (html: string) => new Set([...html.matchAll(/<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"/g)].map(([, path]) => path));

test("every script a route needs before its first records is named by the page the API served for it: fetched beside the entry, not after it ran", async ({ browser, stack }) => {
  for (const route of MEASURED_ROUTES) {
    const page = await freshPage(browser, stack, route.role);
    // scripts asked for before the page's first data came: what it needs to render at all (a chart's library,
    // asked for once the figures are there, comes after)
    const beforeData: string[] = [];
    let dataCame = false;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/company/')) dataCame = true;
    });
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && !dataCame) beforeData.push(new URL(request.url()).pathname);
    });
    const path = await route.path(page);
    const served = await page.goto(path);
    const named = namedScripts(await served!.text());
    await route.usable(page);
    expect(named.size, route.name).toBeGreaterThan(1);
    expect(beforeData.filter((script) => !named.has(script)), `${route.name}: scripts its page did not name`).toEqual([]);
    await page.context().close();
  }
});

/** The chunk of the record form's modules (admin/build/startup-chunks.ts): edit screens fetch it, lists do not. */
const RECORD_FORM_CHUNK = /\/assets\/record-form-[^/]+\.js$/;

/** The scripts a route asked for until it was usable: the menu's pages, fetched when the browser is idle afterwards, are not the route's. */
async function scriptsUntilUsable(browser: Browser, stack: StackState, route: MeasuredRoute): Promise<string[]> {
  const page = await freshPage(browser, stack, route.role);
  const scripts: string[] = [];
  const collect = (request: Request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname);
  page.on('request', collect);
  await page.goto(await route.path(page));
  await route.usable(page);
  page.off('request', collect);
  await page.context().close();
  return scripts;
}

test('the record form comes with edit screens only: a list does not fetch it, an edit screen does', async ({ browser, stack }) => {
  const lists: MeasuredRoute[] = [
    ...MEASURED_ROUTES.filter((route) => route.name === 'users list' || route.name === 'transactions'),
    { name: 'products', role: 'company', path: () => '/company/merchant/product', usable: firstRow },
  ];
  for (const list of lists) {
    expect((await scriptsUntilUsable(browser, stack, list)).filter((script) => RECORD_FORM_CHUNK.test(script)), list.name).toEqual([]);
  }
  const userEdit: MeasuredRoute = { name: 'user edit', role: 'company', path: firstUserEditPath, usable: (page) => drawn(page, '.ant-form-item input[value]:not([value=""])') };
  expect((await scriptsUntilUsable(browser, stack, userEdit)).some((script) => RECORD_FORM_CHUNK.test(script))).toBe(true);
});
