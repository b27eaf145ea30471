import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

export interface SignIn {
  role: string;
  email: string;
  password: string;
}

export interface StackState {
  baseURL: string;
  signIns: SignIn[];
  pid?: number;
  dataDir?: string;
}

/** `role, email, password` lines as the API prints them on start. */
export function parseSignIns(output: string): SignIn[] {
  const signIns: SignIn[] = [];
  for (const line of output.split('\n')) {
    const match = /^\s*([A-Za-z]+),\s*(\S+@\S+),\s*(\S.*?)\s*$/.exec(line);
    if (match) signIns.push({ role: match[1], email: match[2], password: match[3] });
  }
  return signIns;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function npm(args: string[]): void {
  execFileSync('npm', args, { cwd: ROOT, stdio: 'inherit' });
}

/** Builds what is missing: the resources and API (for main.js) and the admin (served by the API). */
export function ensureBuilt(): void {
  if (!existsSync(join(ROOT, 'api/dist/src/main.js'))) {
    npm(['run', 'build', '-w', 'resources']);
    npm(['run', 'build', '-w', 'api']);
  }
  if (process.env.E2E_BUILD_ADMIN === 'true' || !existsSync(join(ROOT, 'admin/dist/index.html'))) npm(['run', 'build', '-w', 'admin']);
}

/** Starts `node api/dist/src/main.js` on a free port and a fresh data folder; resolves once the demo sign-ins are printed. */
export async function startStack(timeoutMs = 180_000): Promise<{ state: StackState; child: ChildProcess }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-e2e-'));
  const child = spawn(process.execPath, [join(ROOT, 'api/dist/src/main.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: join(dataDir, 'pglite'), ADMIN_DIR: join(ROOT, 'admin/dist'), REQUEST_LOG: process.env.E2E_REQUEST_LOG ?? 'false', DATABASE_URL: '', MAP_TILE_URL: process.env.MAP_TILE_URL ?? 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // everything the API prints goes to a log beside its data, for a look after a failure
  const log = createWriteStream(join(dataDir, 'api.log'));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  child.stderr?.on('data', (chunk) => process.stderr.write(`[api] ${chunk}`));
  const state = await new Promise<StackState>((resolveState, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    let settle: NodeJS.Timeout | undefined;
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!/running at/i.test(output)) return;
      // the sign-in lines follow the "running at" line; give them a moment to arrive
      clearTimeout(settle);
      settle = setTimeout(() => {
        clearTimeout(timer);
        resolveState({ baseURL: `http://localhost:${port}`, signIns: parseSignIns(output), pid: child.pid, dataDir });
      }, 300);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API exited with code ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  child.on('exit', (code, signal) => {
    if (signal !== 'SIGTERM') process.stderr.write(`[api] exited early (code ${code}, signal ${signal}); log in ${join(dataDir, 'api.log')}\n`);
  });
  return { state, child };
}

/**
 * The run's stack travels in the environment: global setup sets it, the workers and the global teardown
 * of the same run read it. Runs started side by side never see (or stop) each other's API.
 */
export function writeState(state: StackState): void {
  process.env.E2E_STATE = JSON.stringify(state);
}

export function readState(): StackState {
  if (!process.env.E2E_STATE) throw new Error('no stack: E2E_STATE is not set (run through playwright test)');
  return JSON.parse(process.env.E2E_STATE) as StackState;
}

export function stopStack(state: StackState): void {
  if (state.pid) {
    try {
      process.kill(state.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (state.dataDir && process.env.E2E_KEEP_DATA !== 'true') {
    setTimeout(() => rmSync(state.dataDir as string, { recursive: true, force: true }), 500);
  }
}
