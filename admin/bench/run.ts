/// <reference types="node" />
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type ApiStack, startApi } from './api-stack.js';
import { serveBarePage } from './bare-server.js';
import { clickToShown, openMenuGroups } from './in-app.js';
import { BENCH_ROUTES, type BenchRoute, RECORD_SHOWN, shownAt } from './routes.js';
import { kB, resourceCount, type Scripts, scriptsFetched } from './scripts.js';
import { TRACE_KINDS, traced, traceFile } from './trace.js';

/**
 * The admin beside a bare Refine page (bench/bare) in Chromium: for every route of issue 40, the ms until its first
 * records show from an empty cache (cold) and on a reload (warm), the ms until they show after a click in the side
 * menu (in-app), and the JavaScript each way asked for until they showed; medians of BENCH_RUNS runs, the bare page's users list
 * measured beside each route in the same run. BENCH_ONLY=users,dashboard picks routes, BENCH_ROLE the sign-in,
 * BENCH_BASE_URL a running stack with the demo sign-ins (else the built API is started on a fresh database),
 * BENCH_TRACE=<folder> also saves a Chromium performance trace of each cold and warm load there and prints where
 * the main thread's time went.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const BARE_DIR = join(ROOT, 'admin/bench/dist/bare');
const BARE_PATH = '/company/user';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROLE = process.env.BENCH_ROLE ?? 'company';
const TRACE_DIR = process.env.BENCH_TRACE;
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const SIGN_IN_SHOWN = 'form button[type="submit"]';
/** The start of the in-app visits: a page with the side menu that is none of the measured ones. */
const IN_APP_START = '/company/profile';
/** How long a person looks at the start page before the first click (the admin loads the menu's pages meanwhile). */
const READING_MS = 5_000;

interface Load {
  ms: number;
  scripts: Scripts;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A new context (an empty cache) with the session cookie of the bench's role, or signed out. */
async function freshContext(browser: Browser, stack: ApiStack, signedIn = true): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  await context.addInitScript(() => performance.setResourceTimingBufferSize(10_000));
  if (signedIn) {
    const signIn = stack.signIns.get(ROLE);
    if (!signIn) throw new Error(`the API printed no demo sign-in for ${ROLE}`);
    const answer = await context.request.post(`${stack.baseURL}/api/auth/login`, { data: signIn });
    if (!answer.ok()) throw new Error(`sign-in of ${ROLE}: ${answer.status()}`);
  }
  return context;
}

/** Opens `url` and waits for `shown`; then, once the network is idle, counts the JavaScript asked for by then. */
async function open(page: Page, url: string, shown: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'commit' });
  const ms = await shownAt(page, shown);
  await page.waitForLoadState('networkidle');
  return { ms, scripts: await scriptsFetched(page, 0, ms) };
}

/** A cold load (new context) and a warm one (the same URL again) of one page. */
async function coldAndWarm(browser: Browser, stack: ApiStack, url: string): Promise<{ cold: Load; warm: Load }> {
  const context = await freshContext(browser, stack);
  const page = await context.newPage();
  const cold = await open(page, url, RECORD_SHOWN);
  const warm = await open(page, url, RECORD_SHOWN);
  await context.close();
  return { cold, warm };
}

interface RouteFigures {
  route: BenchRoute;
  url: string;
  cold: number[];
  warm: number[];
  bareCold: number[];
  bareWarm: number[];
  inApp: number[];
  scripts?: Scripts;
  inAppScripts?: Scripts;
}

/** Clicks through the side menu from IN_APP_START to each list, and from a list to the screens it leads to. */
async function inAppVisits(browser: Browser, stack: ApiStack, figures: RouteFigures[]): Promise<void> {
  const context = await freshContext(browser, stack);
  const page = await context.newPage();
  await page.goto(`${stack.baseURL}${IN_APP_START}`);
  await page.locator('.ant-layout-sider .ant-menu').first().waitFor();
  await page.waitForTimeout(READING_MS);
  await page.waitForLoadState('networkidle');
  const menuLink = (path: string) => `.ant-layout-sider a[href="${path}"]`;
  for (const figure of figures) {
    const { inApp } = figure.route;
    if (inApp === false) continue;
    await openMenuGroups(page);
    // the page to start from may be the one on screen (refunds after payments): a click on its own link shows nothing new
    if (inApp && new URL(page.url()).pathname !== inApp.from) await clickToShown(page, menuLink(inApp.from), RECORD_SHOWN);
    const since = await resourceCount(page);
    const { at, ms } = await clickToShown(page, inApp ? inApp.link : menuLink(new URL(figure.url).pathname), RECORD_SHOWN);
    await page.waitForLoadState('networkidle');
    figure.inApp.push(ms);
    figure.inAppScripts = await scriptsFetched(page, since, at + ms);
  }
  await context.close();
}

async function signInPage(browser: Browser, stack: ApiStack, path: string): Promise<Load & { at: string }> {
  const context = await freshContext(browser, stack, false);
  const page = await context.newPage();
  const load = await open(page, `${stack.baseURL}${path}`, SIGN_IN_SHOWN);
  const at = new URL(page.url());
  await context.close();
  return { ...load, at: at.pathname + at.search };
}

/** Where the main thread's time went in a traced cold and warm load of each route and of the bare page. */
async function traceLoads(browser: Browser, stack: ApiStack, bareURL: string, figures: RouteFigures[]): Promise<void> {
  mkdirSync(TRACE_DIR!, { recursive: true });
  console.log(`\nMain thread, ms by kind of work (Chromium traces in ${TRACE_DIR}):`);
  console.log(`| page | load | ${TRACE_KINDS.join(' | ')} |\n| --- | --- |${TRACE_KINDS.map(() => ' ---: |').join('')}`);
  const pages: [string, string][] = [['bare Refine page', bareURL], ...figures.map((figure): [string, string] => [figure.route.name, figure.url])];
  for (const [name, url] of pages) {
    const context = await freshContext(browser, stack);
    const page = await context.newPage();
    for (const load of ['cold', 'warm']) {
      const { mainThread } = await traced(page, traceFile(TRACE_DIR, `${name}-${load}`), () => open(page, url, RECORD_SHOWN));
      console.log(`| ${name} | ${load} | ${TRACE_KINDS.map((kind) => mainThread[kind].toFixed(0)).join(' | ')} |`);
    }
    await context.close();
  }
}

const ratio = (ours: number[], bare: number[]) => (median(ours) / median(bare)).toFixed(2);

function printTable(figures: RouteFigures[], bare: { cold: number[]; warm: number[]; scripts: Scripts }): void {
  console.log(`\nFirst records shown, ms, medians of ${RUNS} runs (the bare Refine page's users list measured beside each route):`);
  console.log('| route | cold | bare cold | ratio | warm | bare warm | ratio | in-app | JavaScript, opened | JavaScript, in-app |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const f of figures) {
    const inApp = f.inApp.length ? String(median(f.inApp)) : '-';
    console.log(`| ${f.route.name} | ${median(f.cold)} | ${median(f.bareCold)} | ${ratio(f.cold, f.bareCold)} | ${median(f.warm)} | ${median(f.bareWarm)} | ${ratio(f.warm, f.bareWarm)} | ${inApp} | ${kB(f.scripts!)} | ${f.inAppScripts ? kB(f.inAppScripts) : '-'} |`);
  }
  console.log(`| bare Refine page, users | ${median(bare.cold)} | | | ${median(bare.warm)} | | | | ${kB(bare.scripts)} | |`);
}

async function main(): Promise<void> {
  const stack: ApiStack = process.env.BENCH_BASE_URL
    ? { baseURL: process.env.BENCH_BASE_URL, signIns: new Map([[ROLE, { email: `${ROLE.toLowerCase()}@demo.test`, password: 'demo-password' }]]), stop: () => undefined }
    : await startApi(ROOT);
  const bare = await serveBarePage(ROOT, BARE_DIR, stack.baseURL);
  const browser = await launch();
  try {
    const reader = await freshContext(browser, stack);
    const api = async <T>(path: string) => (await (await reader.request.get(`${stack.baseURL}${path}`)).json()) as T;
    const routes = BENCH_ROUTES.filter((route) => !ONLY || ONLY.includes(route.name));
    const figures: RouteFigures[] = [];
    for (const route of routes) figures.push({ route, url: `${stack.baseURL}${await route.path(api)}`, cold: [], warm: [], bareCold: [], bareWarm: [], inApp: [] });
    await reader.close();
    const bareURL = `${bare.baseURL}${BARE_PATH}`;
    const bareAll = { cold: [] as number[], warm: [] as number[], scripts: { files: 0, bytes: 0 } };
    for (let run = 1; run <= RUNS; run++) {
      for (const figure of figures) {
        // the bare page first, then the route: both on the machine as it is at that moment
        const bareLoads = await coldAndWarm(browser, stack, bareURL);
        const loads = await coldAndWarm(browser, stack, figure.url);
        figure.bareCold.push(bareLoads.cold.ms);
        figure.bareWarm.push(bareLoads.warm.ms);
        bareAll.cold.push(bareLoads.cold.ms);
        bareAll.warm.push(bareLoads.warm.ms);
        bareAll.scripts = bareLoads.cold.scripts;
        figure.cold.push(loads.cold.ms);
        figure.warm.push(loads.warm.ms);
        figure.scripts = loads.cold.scripts;
      }
      await inAppVisits(browser, stack, figures);
      process.stdout.write(`run ${run} of ${RUNS} done\n`);
    }
    printTable(figures, bareAll);
    console.log('\nThe sign-in page, signed out:');
    for (const path of ['/login', '/', '/company/user']) {
      const load = await signInPage(browser, stack, path);
      console.log(`- opened at ${path} (shown at ${load.at}): ${load.ms} ms, ${kB(load.scripts)} of JavaScript`);
    }
    if (TRACE_DIR) await traceLoads(browser, stack, bareURL, figures);
  } finally {
    await browser.close();
    bare.stop();
    stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
