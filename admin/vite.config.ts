import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const resources = fileURLToPath(new URL('../resources/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@backoffice/resources': resources } },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
