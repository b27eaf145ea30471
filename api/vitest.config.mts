import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC keeps the decorator metadata Nest's constructor injection needs (esbuild drops it).
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  resolve: { alias: { '@backoffice/resources': fileURLToPath(new URL('../resources/src/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/render-worker-bundle.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
