import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The embedded database's folder belongs to one process at a time: PGlite takes no lock of its own, and two processes
 * writing one folder corrupt it. Whoever opens it (the product, a backup or a restore) first creates this file beside
 * the folder (beside, so that it is no part of a copy), naming its process. The running product adds its port and a
 * random token: the backup command reads them to ask the product for the copy, since it may not open the folder
 * itself. Mode 0600, so only the folder's owner can read the token. A file left by a process that died is ignored.
 */
export interface DataDirLock {
  pid: number;
  /** the running product's port and backup token */
  port?: number;
  token?: string;
}

export const lockFileOf = (dataDir: string): string => `${dataDir}.lock`;

/** The lock of the process holding the folder, or null when none does (no lock file, or its process is gone). */
export function readLiveLock(dataDir: string): DataDirLock | null {
  let text: string;
  try {
    text = readFileSync(lockFileOf(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let lock: DataDirLock;
  try {
    lock = JSON.parse(text) as DataDirLock;
  } catch {
    throw new Error(`${lockFileOf(dataDir)} is not a lock this product wrote; if no process uses ${dataDir}, remove that file`);
  }
  return Number.isInteger(lock.pid) && isRunning(lock.pid) ? lock : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder for this process until it exits, or throws naming the process that holds it. The file is
 * written aside and linked into place, so a reader never sees it half written and of two takers one wins.
 */
export function takeDataDirLock(dataDir: string, access: Omit<DataDirLock, 'pid'> = {}): () => void {
  const lockFile = lockFileOf(dataDir);
  const draft = `${lockFile}.${process.pid}`;
  mkdirSync(dirname(lockFile), { recursive: true });
  writeFileSync(draft, JSON.stringify({ pid: process.pid, ...access }), { mode: 0o600 });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        linkSync(draft, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === 2) throw error;
        const holder = readLiveLock(dataDir);
        // the same pid as ours is a container started again, not a live holder
        if (holder && holder.pid !== process.pid) {
          throw new Error(`${dataDir} is in use by process ${holder.pid} (${lockFile}); if no such process uses it, remove that file`);
        }
        rmSync(lockFile, { force: true });
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  const release = () => {
    if (readLiveLock(dataDir)?.pid === process.pid) rmSync(lockFile, { force: true });
    process.off('exit', release);
  };
  process.on('exit', release);
  return release;
}

/** For the product on the embedded database: holds DATA_DIR while it runs and lets `npm run backup` ask for a copy. */
export function lockDataDirForProduct(config: { dataDir: string | null; port: number }): void {
  if (config.dataDir) takeDataDirLock(config.dataDir, { port: config.port, token: randomBytes(32).toString('base64url') });
}
