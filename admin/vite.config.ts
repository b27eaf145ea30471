import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const resources = fileURLToPath(new URL('../resources/src/index.ts', import.meta.url));

/** Charts, Refine's antd layer and the big antd widgets get their own chunks so the sign-in route stays small. */
function manualChunks(id: string): string | undefined {
  if (id.includes('/@antv/') || id.includes('/@ant-design/plots') || id.includes('/@ant-design/charts-util')) return 'charts';
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@backoffice/resources': resources } },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: { output: { manualChunks } },
  },
});
