import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../bench/batch-process';
import type { Database } from '../../src/database/database';
import { openDatabase } from '../../src/database/open-database';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from '../../src/demo/sign-ins';
import { productionEnv } from '../production/production-env';
import { type DockerStage, readDockerfile } from './dockerfile';

const ROOT = join(__dirname, '../../..');
const BUILT = ['resources/dist/index.js', 'api/dist/src/main.js', 'admin/dist/index.html'].every((path) => existsSync(join(ROOT, path)));

/**
 * The image without a Docker engine: the Dockerfile's own stages, read from it, run in folders of their own. The
 * production dependencies are installed into a clean copy by the stage's own commands; the build stage's output is
 * this checkout's build (the same `npm run build`, which `npm test` runs first). Then the image's command starts in
 * production mode against the PostgreSQL server, and the image's health check must pass. Needs DATABASE_URL.
 */
describe.runIf(Boolean(process.env.DATABASE_URL) && BUILT)('the production image, its steps run here', () => {
  const schema = `test_image_${randomBytes(4).toString('hex')}`;
  const work = mkdtempSync(join(tmpdir(), 'backoffice-image-'));
  const stages = readDockerfile(join(ROOT, 'Dockerfile'));
  const image = stages[stages.length - 1];
  const folders = new Map<string, string>([['build', ROOT]]);
  const imageDir = join(work, 'image');
  let env: Record<string, string>;
  let api: ApiProcess;
  let db: Database;

  /** A path inside a stage (absolute, or relative to its WORKDIR) as a path of the folder standing for it. */
  const inStage = (stage: DockerStage, folder: string, path: string) => join(folder, relative(stage.workdir, isAbsolute(path) ? path : join(stage.workdir, path)));

  function runStage(stage: DockerStage, folder: string): void {
    mkdirSync(folder, { recursive: true });
    for (const step of stage.steps) {
      if ('run' in step) {
        execSync(step.run, { cwd: folder, stdio: 'pipe', env: { ...process.env, ...stage.env } });
        continue;
      }
      const { from, source, target } = step.copy;
      const sourceStage = from ? stages.find((candidate) => candidate.name === from)! : null;
      const sourcePath = sourceStage ? inStage(sourceStage, folders.get(from!)!, source) : join(ROOT, source);
      const targetPath = target.endsWith('/') ? join(inStage(stage, folder, target), source.split('/').pop()!) : inStage(stage, folder, target);
      mkdirSync(dirname(targetPath), { recursive: true });
      cpSync(sourcePath, targetPath, { recursive: true, verbatimSymlinks: true });
    }
  }

  beforeAll(async () => {
    for (const stage of stages.slice(0, -1)) {
      if (stage.name === 'build') continue;
      const folder = join(work, stage.name!);
      runStage(stage, folder);
      folders.set(stage.name!, folder);
    }
    runStage(image, imageDir);
    env = { ...image.env, ...productionEnv({ DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema, REQUEST_LOG: 'false', ADMIN_DIR: '' }) };
    api = await startApiProcess(env, 120_000, imageDir);
    db = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, databaseSchema: schema, dataDir: null });
  }, 600_000);

  afterAll(async () => {
    await api?.stop();
    await db?.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('holds the production dependencies only, and the built API and admin', () => {
    expect(existsSync(join(imageDir, 'node_modules/@nestjs/core'))).toBe(true);
    for (const devOnly of ['vitest', 'vite', '@playwright/test', 'supertest', '@swc/core']) expect(existsSync(join(imageDir, 'node_modules', devOnly)), devOnly).toBe(false);
    expect(existsSync(join(imageDir, 'admin/dist/index.html'))).toBe(true);
  });

  it('starts in production: ready, healthy by the image’s own check, serving the admin', async () => {
    expect((await fetch(`${api.baseUrl}/api/health/ready`)).status).toBe(200);
    const [command, ...args] = image.healthcheck!;
    const port = new URL(api.baseUrl).port;
    expect(spawnSync(command === 'node' ? process.execPath : command, args, { env: { ...process.env, PORT: port }, timeout: 10_000 }).status).toBe(0);
    const page = await fetch(`${api.baseUrl}/company/user`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('has no demo data, no fake server and no way in but a super admin made by admin:create', async () => {
    expect(await db.query('SELECT id FROM "user"')).toEqual([]);
    for (const signIn of DEMO_SIGN_INS) {
      const answer = await fetch(`${api.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: signIn.email, password: DEMO_PASSWORD }) });
      expect(answer.status).toBe(401);
    }
    const listening = execFileSync('ss', ['-Hltnp'], { encoding: 'utf8' }).split('\n').filter((line) => line.includes(`pid=${api.child.pid},`));
    expect(listening, 'the API’s port only').toHaveLength(1);

    const password = `Tall-${randomBytes(6).toString('hex')}-Tree`;
    const created = spawnSync(process.execPath, ['api/dist/src/users/super-admin-command.js', '--email', 'owner@example.test', '--company', 'Festival Company'], { cwd: imageDir, env: { ...process.env, ...env }, input: `${password}\n`, encoding: 'utf8' });
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const signIn = await fetch(`${api.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@example.test', password }) });
    expect(signIn.status).toBe(200);
    const me = await fetch(`${api.baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` } });
    expect(await me.json()).toMatchObject({ rights: expect.arrayContaining(['super']), company: { name: { full: 'Festival Company' } } });
  });
});
