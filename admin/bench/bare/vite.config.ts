import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../build/precompress';

/** The bare Refine page, built as Vite builds any app, served compressed as the admin is. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: { outDir: '../dist/bare', emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
