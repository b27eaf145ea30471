import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStaticStyles } from './build/antd-styles';
import { esmFacades } from './build/esm-facades';
import { precompress } from './build/precompress';
import { routeChunks } from './build/route-chunks';
import { THEME } from './src/app/theme';

const resources = fileURLToPath(new URL('../resources/src/index.ts', import.meta.url));
const pages = fileURLToPath(new URL('./src/app/pages.ts', import.meta.url));

/**
 * CommonJS packages without a `sideEffects` field whose import Refine keeps although nothing the admin uses calls them
 * (react-markdown for @refinedev/antd's MarkdownField, papaparse for @refinedev/core's useImport): declared free of
 * side effects, an unused import of them is dropped with all they pull in.
 */
const PURE_PACKAGES = /node_modules[\\/](react-markdown|remark-gfm|papaparse|pluralize|error-stack-parser|stackframe)[\\/]/;

export default defineConfig({
  plugins: [react(), esmFacades(['react', 'classnames', 'dayjs']), antdStaticStyles(THEME, fileURLToPath(new URL('./src', import.meta.url))), routeChunks(pages), precompress()],
  resolve: { alias: { '@backoffice/resources': resources } },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: PURE_PACKAGES, sideEffects: false }] },
      // a list route fetched about 90 scripts, most of them a few hundred bytes (an icon, a hook): the browser spent
      // longer queueing them over its six connections than downloading them. Shared chunks up to 48 kB of source are
      // copied into the chunks that use them instead (one module state still): a list route fetches 30 files, every
      // route fewer bytes than with none copied; above that the routes grow again.
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 48_000 } } },
    },
  },
});
