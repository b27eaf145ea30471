import { runOpsCommand } from './ops-command';
import { backupDataDir } from './pglite-backup';

runOpsCommand('backup', async (dataDir, file) => {
  const started = Date.now();
  const { from, bytes } = await backupDataDir(dataDir, file);
  return `Backed up ${dataDir} (${from}) to ${file}: ${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`;
});
