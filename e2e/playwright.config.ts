import { defineConfig } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser; a fresh profile per launch. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  // the stack is one API process on 2 cores: on CI one browser at a time, since two made clicks land while menus
  // and dialogs were still animating (flaky Batch-menu and confirm specs)
  workers: Number(process.env.E2E_WORKERS ?? (process.env.CI ? 1 : 2)),
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
    // the admin then opens dialogs and menus without animation (admin/src/app/reduced-motion.tsx): a click that
    // Playwright aims while a dialog still zooms in lands beside its button (specs/reduced-motion.spec.ts checks both)
    reducedMotion: 'reduce',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
