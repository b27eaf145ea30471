import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { findResource } from '@backoffice/resources';
import { newId } from '../src/common/object-id';
import type { Queryable } from '../src/database/database';
import { bulkInsert } from '../src/database/bulk-insert';
import { DEMO_PASSWORD } from '../src/demo/sign-ins';
import { createCompanyWithStaff } from '../src/demo/staff';

/**
 * What the crash test and the batch benchmark share: a company with many reachable users, the built API as a
 * child process that can be killed (SIGKILL) and started again (the multi-process test starts two), and the batch
 * endpoints over HTTP.
 */

const ROOT = resolve(__dirname, '..', __dirname.includes(`${join('dist', 'bench')}`) ? '../..' : '..');
const MAIN = 'api/dist/src/main.js';

export const BATCH_TAG_STATE = 'batch-recipient';

/** A company with staff and `count` users carrying the tag state the batch group selects. */
export async function seedBatchCompany(db: Queryable, count: number, label: string): Promise<{ companyId: string; emailOf: (role: string) => string }> {
  const suffix = newId().slice(-6);
  const emailOf = (role: string) => `${role.toLowerCase()}@${label}-${suffix}.test`;
  const { companyId } = await createCompanyWithStaff(db, `${label}-${suffix}`, `Batch ${label}`, emailOf);
  const now = Math.floor(Date.now() / 1000);
  const users = Array.from({ length: count }, (_, n) => ({
    id: newId(),
    companyId,
    doc: {
      name: { first: 'Visitor', last: String(n), full: `Visitor ${n}` },
      email: { value: `visitor-${n}@${label}-${suffix}.test`, valid: true, anonymous: false },
      info: { language: n % 3 === 0 ? 'nl' : 'en' },
      bracelet: { state: { id: BATCH_TAG_STATE } },
      meta: { archived: false, createdAt: now },
    },
  }));
  await bulkInsert(db, findResource('user')!, users);
  return { companyId, emailOf };
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ApiProcess {
  child: ChildProcess;
  baseUrl: string;
  /** SIGKILL: no shutdown hook runs, as in a crash */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the built API (`api/dist/src/main.js` of `root`, worker inside) with this environment; resolves once it listens. The
 * port is free when chosen, but another process may take it before the API listens: then it starts on another.
 */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 120_000, root = ROOT): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startApiOnFreePort(env, timeoutMs, root);
    } catch (error) {
      if (attempt === 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
}

async function startApiOnFreePort(env: Record<string, string>, timeoutMs: number, root: string): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, MAIN)], {
    cwd: root,
    env: { ...process.env, SEED_DEMO: 'false', REQUEST_LOG: 'false', ADMIN_DIR: '/nonexistent', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      if (!/running at/.test(output)) return;
      clearTimeout(timer);
      resolveReady();
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code}):\n${output}`));
    });
  });
  let stopping = false;
  const exited = new Promise<void>((resolveExit) =>
    child.once('exit', (code) => {
      // a process that ends by itself is a failure worth seeing
      if (!stopping) process.stderr.write(`[api] exited by itself (code ${code}):\n${output.slice(-6000)}\n`);
      resolveExit();
    }),
  );
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    async kill() {
      stopping = true;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A small HTTP client of the batch endpoints for one signed-in staff member. */
export class BatchClient {
  private constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string>,
  ) {}

  static async signIn(baseUrl: string, email: string): Promise<BatchClient> {
    const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
    if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
    const { token } = (await response.json()) as { token: string };
    return new BatchClient(baseUrl, { Authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  }

  withBase(baseUrl: string): BatchClient {
    return new BatchClient(baseUrl, this.headers);
  }

  /** The raw answer, for a caller that reads it as it comes (a download) or expects a refusal. */
  send(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, { method, headers: this.headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.send(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  /** A mail template and a batch of every user with the tag state, in chunks of `chunkSize` (super admins). */
  async createMailBatch(chunkSize: number): Promise<{ _id: string; total: number }> {
    const template = await this.call<{ _id: string }>('POST', '/api/company/model/template', {
      format: 'communication-mail-html-modern-2021',
      name: { full: 'Batch news' },
      subject: { en: 'News for {{ user.name.full }}', nl: 'Nieuws voor {{ user.name.full }}' },
      content: { en: '<p>Dear {{ user.name.first }},</p><p>Your tag is ready. See you at the event!</p>', nl: '<p>Beste {{ user.name.first }},</p><p>Je tag is klaar.</p>' },
      footer: { en: 'Sent to {{ user.email }}', nl: 'Verstuurd aan {{ user.email }}' },
    });
    return this.call('POST', '/api/company/batch', { group: { option: 'users-by-tag-state', value: BATCH_TAG_STATE }, templateId: template._id, chunkSize });
  }

  status(batchId: string) {
    return this.call<{ runner: string; total: number; counts: Record<string, number>; pauseReason: string | null; startedAt: number | null; completedAt: number | null }>('GET', `/api/company/batch/${batchId}`);
  }

  /** Polls until the runner is completed (or `until` holds), at most `timeoutMs`. */
  async waitFor(batchId: string, until: (status: Awaited<ReturnType<BatchClient['status']>>) => boolean, timeoutMs: number, everyMs = 200) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // one retry: a kept-alive connection the server just closed fails once
      const status = await this.status(batchId).catch(() => this.status(batchId));
      if (until(status)) return status;
      if (Date.now() > deadline) throw new Error(`batch ${batchId} did not get there in time: ${JSON.stringify(status)}`);
      await new Promise((resolveWait) => setTimeout(resolveWait, everyMs));
    }
  }
}
