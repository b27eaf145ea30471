import { runOpsCommand } from './ops-command';
import { restoreDataDir } from './pglite-backup';

runOpsCommand('restore', async (dataDir, file) => {
  const started = Date.now();
  await restoreDataDir(dataDir, file);
  return `Restored ${file} into ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
});
