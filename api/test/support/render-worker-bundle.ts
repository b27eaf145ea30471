import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'rolldown';
import { RENDER_WORKER_BUNDLE } from '../../src/communication/rendering/render-pool';

/**
 * Vitest's global setup: the render threads' script as one CommonJS file. Tests run the TypeScript sources, which
 * vitest compiles in a loader that threads do not share; compiling in each thread instead (SWC's native addon)
 * crashed the process with a segmentation fault when a restarted app's threads loaded the addon again.
 */
export default async function bundleRenderWorker(): Promise<() => void> {
  // inside the project, so that the bundle's require() finds the packages in node_modules
  const cache = join(__dirname, '../../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(join(cache, 'render-worker-'));
  const file = join(folder, 'render-worker.js');
  await build({
    input: join(__dirname, '../../src/communication/rendering/render-worker.ts'),
    platform: 'node',
    // packages are required from node_modules as the built server does
    external: (id) => !id.startsWith('.') && !id.startsWith('/'),
    output: { file, format: 'cjs' },
    logLevel: 'warn',
  });
  process.env[RENDER_WORKER_BUNDLE] = file;
  return () => rmSync(folder, { recursive: true, force: true });
}
