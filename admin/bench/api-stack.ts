/// <reference types="node" />
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ApiStack {
  baseURL: string;
  /** the demo sign-ins as the API printed them, by role */
  signIns: Map<string, { email: string; password: string }>;
  stop: () => void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function signInsOf(output: string): ApiStack['signIns'] {
  const signIns: ApiStack['signIns'] = new Map();
  for (const match of output.matchAll(/^\s*([A-Za-z]+),\s*(\S+@\S+),\s*(\S.*?)\s*$/gm)) signIns.set(match[1], { email: match[2], password: match[3] });
  return signIns;
}

/**
 * The built API serving the built admin, on a free port and a fresh embedded database with the demo data, as
 * `npm start` runs it; resolves once it printed the demo sign-ins.
 */
export async function startApi(root: string): Promise<ApiStack> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-bench-admin-'));
  const child: ChildProcess = spawn(process.execPath, [join(root, 'api/dist/src/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: join(dataDir, 'pglite'), ADMIN_DIR: join(root, 'admin/dist'), REQUEST_LOG: 'false', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  };
  let output = '';
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the API exited with code ${code}:\n${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // the sign-in lines follow the "running at" line
      if (/running at/i.test(output) && signInsOf(output).has('company')) {
        setTimeout(() => resolve({ baseURL: `http://localhost:${port}`, signIns: signInsOf(output), stop }), 300);
      }
    });
  });
}
