import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envExample } from '../../src/settings/env-example';
import { installationMapTiles } from '../../src/settings/map-tiles';
import { OUTSIDE_SERVICES } from '../../src/settings/outside-services';
import { readSettings } from '../../src/settings/read-settings';
import { SETTINGS, type Setting } from '../../src/settings/settings';
import { productionEnv } from './production-env';

/** Texts tried in turn until the setting's kind refuses one: every setting must refuse some text. */
const BAD_TEXTS = ['not a value', '-1', 'ftp://example.test', 'x'.repeat(501)];
const badTextOf = (setting: Setting) => BAD_TEXTS.find((text) => 'problem' in setting.kind.parse(text));

const problemsOf = (env: Record<string, string>) => readSettings(env).problems;
const demoEnv = (overrides: Record<string, string> = {}) => ({ ...productionEnv(overrides), NODE_ENV: 'test' });

describe('settings, read and checked in one place', () => {
  it('takes a complete production configuration and the empty demo one', () => {
    expect(problemsOf(productionEnv())).toEqual([]);
    expect(problemsOf({})).toEqual([]);
  });

  describe.each(SETTINGS.filter((setting) => setting.name !== 'NODE_ENV').map((setting) => [setting.name, setting] as const))('%s', (name, setting) => {
    it('refuses an invalid value with one line naming it, the same in both modes', () => {
      const bad = badTextOf(setting);
      expect(bad, `${name} takes any text`).toBeDefined();
      const production = problemsOf(productionEnv({ [name]: bad! }));
      expect(production).toHaveLength(1);
      expect(production[0]).toMatch(new RegExp(`^${name} `));
      expect(problemsOf(demoEnv({ [name]: bad! }))).toEqual(production);
    });

    if (setting.kind.describe.startsWith('a secret')) {
      it('never prints the secret back', () => {
        const [line] = problemsOf(productionEnv({ [name]: 'short-secret' }));
        expect(line).not.toContain('short-secret');
      });
    }
  });

  it.each(SETTINGS.filter((setting) => setting.requiredInProduction).map((setting) => setting.name))('production refuses to start without %s; the demo does not need it', (name) => {
    const env = productionEnv();
    delete env[name];
    expect(problemsOf(env)).toEqual([expect.stringMatching(new RegExp(`^${name} is missing: `))]);
    expect(problemsOf({ ...env, NODE_ENV: 'test' })).toEqual([]);
  });

  describe.each(OUTSIDE_SERVICES.filter((service) => service.required.length > 0).map((service) => [service.switch, service] as const))('a service switched by %s', (switchName, service) => {
    it.each(service.required.map((name) => [name]))('is refused in production without %s, naming the switch, and starts switched off', (name) => {
      const env = productionEnv();
      delete env[name];
      expect(problemsOf(env)).toEqual([`${name} is missing: set it, or switch the service off with ${switchName}=false`]);
      expect(problemsOf({ ...env, [switchName]: 'false' })).toEqual([]);
    });
  });

  it('refuses demo data in production', () => {
    expect(problemsOf(productionEnv({ SEED_DEMO: 'true' }))).toEqual(['SEED_DEMO must not be true in production: production never seeds demo data']);
    expect(problemsOf(demoEnv({ SEED_DEMO: 'true' }))).toEqual([]);
  });

  it("gives the admin's maps OpenStreetMap's tiles unless MAP_TILE_URL names others or none", () => {
    expect(installationMapTiles({})).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(installationMapTiles({ MAP_TILE_URL: 'https://tiles.example.test/{z}/{x}/{y}.png' })).toBe('https://tiles.example.test/{z}/{x}/{y}.png');
    expect(installationMapTiles({ MAP_TILE_URL: 'none' })).toBeNull();
    expect(problemsOf(demoEnv({ MAP_TILE_URL: 'https://tiles.example.test/tile.png' }))).toEqual([
      expect.stringMatching(/^MAP_TILE_URL must be a tile URL template with \{z\}, \{x\} and \{y\}/),
    ]);
  });

  it('lists every setting with its meaning in .env.example, as the settings list writes it', () => {
    const file = readFileSync(join(__dirname, '../../../.env.example'), 'utf8');
    expect(file, 'run npm run env:example -w api').toBe(envExample());
    for (const setting of SETTINGS) expect(file).toContain(`# ${setting.description}`);
  });
});

const MAIN = join(__dirname, '../../dist/src/main.js');

/** Runs the built server with exactly this environment until it exits (or 15 s pass). */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', PORT: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return new Promise((resolve) => child.once('exit', (code) => {
    clearTimeout(timer);
    resolve({ code, stdout, stderr, ms: Date.now() - started });
  }));
}

/** One case per class of problem, each from the settings list. */
const refusedStarts: [string, Record<string, string>, RegExp][] = [
  ['nothing configured', { NODE_ENV: 'production' }, /^DATABASE_URL is missing: /m],
  ['a URL that is none', productionEnv({ PAYNL_URL: 'rest.pay.nl' }), /^PAYNL_URL must be a URL such as https:\/\/example.com, not "rest.pay.nl"$/m],
  ['a number out of range', productionEnv({ PORT: '70000' }), /^PORT must be from 1 to 65535, not 70000$/m],
  ['a secret too short', productionEnv({ MAILGUN_API_KEY: 'short' }), /^MAILGUN_API_KEY must be at least 16 characters long \(it has 5\)$/m],
  ['a service on without its key', productionEnv({ MAILGUN_API_KEY: '' }), /^MAILGUN_API_KEY is missing: set it, or switch the service off with MAILGUN_ENABLED=false$/m],
  ['demo data asked for', productionEnv({ SEED_DEMO: 'true' }), /^SEED_DEMO must not be true in production/m],
];

describe.runIf(existsSync(MAIN))('the production start (built server)', () => {
  it.each(refusedStarts)('refuses %s: exit code 1 within seconds, before listening, one line per problem', async (_case, env, line) => {
    const run = await runServer(env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(line);
    expect(run.stderr).toMatch(/^Not started: \d+ settings? to fix/m);
    expect(run.stdout).not.toMatch(/running at|Demo sign-ins/);
    expect(run.ms).toBeLessThan(10_000);
  });

  it('prints every problem of an empty production configuration, one per line', async () => {
    const { stderr } = await runServer({ NODE_ENV: 'production' });
    const expected = problemsOf({ NODE_ENV: 'production' });
    expect(expected.length).toBeGreaterThan(10);
    expect(stderr.split('\n').filter(Boolean).slice(0, expected.length)).toEqual(expected);
  });
});
