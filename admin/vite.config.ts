import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig } from 'vite';
import { antdStaticStyles } from './build/antd-styles';
import { esmFacades } from './build/esm-facades';
import { precompress } from './build/precompress';
import { routeChunks } from './build/route-chunks';
import { startupChunkGroups } from './build/startup-chunks';
import { THEME } from './src/app/theme';

const resources = fileURLToPath(new URL('../resources/src/index.ts', import.meta.url));
const pages = fileURLToPath(new URL('./src/app/pages.ts', import.meta.url));
const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * CommonJS packages without a `sideEffects` field whose import Refine keeps although nothing the admin uses calls them
 * (react-markdown for @refinedev/antd's MarkdownField, papaparse for @refinedev/core's useImport): declared free of
 * side effects, an unused import of them is dropped with all they pull in.
 */
const PURE_PACKAGES = /node_modules[\\/](react-markdown|remark-gfm|papaparse|pluralize|error-stack-parser|stackframe)[\\/]/;

/**
 * A list route fetched about 90 scripts, most of them a few hundred bytes (an icon, a hook): the browser spent longer
 * queueing them over its six connections than downloading them. Shared chunks up to 48 kB of source are copied into
 * the chunks that use them instead (one module state still), and the modules of a visit's first moments are one
 * chunk each (build/startup-chunks.ts): a list route fetches 6 or 7 files.
 */
const sharedChunksCopied = { experimentalInlineCommonChunks: { maxSize: 48_000 } };

/** The bundle as the code makes it, without the files the build writes beside it. */
const bundle: InlineConfig = {
  plugins: [react(), esmFacades(['react', 'classnames', 'dayjs']), antdStaticStyles(THEME, fileURLToPath(new URL('./src', import.meta.url)))],
  resolve: { alias: { '@backoffice/resources': resources } },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: PURE_PACKAGES, sideEffects: false }] },
      preserveEntrySignatures: false,
      output: { codeSplitting: sharedChunksCopied },
    },
  },
};

export default defineConfig(async ({ command }) => {
  const groups = command === 'build' ? await startupChunkGroups(bundle, entry, pages) : [];
  return {
    ...bundle,
    plugins: [...bundle.plugins!, routeChunks(pages), precompress()],
    server: {
      port: 5173,
      proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
    },
    build: {
      ...bundle.build,
      outDir: 'dist',
      rolldownOptions: { ...bundle.build!.rolldownOptions, output: { codeSplitting: { ...sharedChunksCopied, groups } } },
    },
  };
});
