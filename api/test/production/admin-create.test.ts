import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/passwords';
import { openDatabase } from '../../src/database/open-database';
import { DEMO_PASSWORD } from '../../src/demo/sign-ins';

/**
 * `npm run admin:create` as an operator runs it (the built command, the password on standard input), on the
 * embedded database in a folder of its own or a schema of the PostgreSQL server.
 */
const COMMAND = join(__dirname, '../../dist/src/users/super-admin-command.js');

describe.runIf(existsSync(COMMAND))('npm run admin:create', () => {
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'backoffice-admin-create-'));
  const schema = process.env.DATABASE_URL ? `test_admin_create_${randomBytes(4).toString('hex')}` : null;
  const env = { PATH: process.env.PATH ?? '', ...(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema! }) };
  const run = (args: string[], password: string) => spawnSync(process.execPath, [COMMAND, ...args], { env, input: `${password}\n`, encoding: 'utf8', timeout: 60_000 });
  const open = () => openDatabase({ databaseUrl: process.env.DATABASE_URL || null, databaseSchema: schema, dataDir });
  const strong = 'Seven-Green-Lanterns';

  afterAll(async () => {
    if (schema) {
      const db = await open();
      await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['short', 'Short-1', 'it must have at least 12 characters'],
    ['the demo', DEMO_PASSWORD, 'it is a commonly used password'],
    ['common', 'password1234', 'it is a commonly used password'],
    ['repetitive', 'abababababab', 'it must have at least 6 different characters'],
    ['made of the email', 'owner-of-the-place!', 'it must not contain the email address or the company name'],
  ])('refuses a %s password, naming why, and writes nothing', (_case, password, why) => {
    const answer = run(['--email', 'owner-of-the-place@example.test', '--company', 'Harbour Festival'], password);
    expect(answer.status).toBe(2);
    expect(answer.stderr.trim()).toBe(`The password is too weak: ${why}`);
  });

  it('refuses without an email or a company, showing how to call it', () => {
    const answer = run(['--email', 'not-an-email'], strong);
    expect(answer.status).toBe(2);
    expect(answer.stderr).toMatch(/^Usage: npm run admin:create -- --email <email> --company <company name>/);
  });

  it('makes the super admin and the company through the write pipeline, and refuses the same email twice', async () => {
    const made = run(['--email', 'Owner@Example.test', '--company', 'Harbour Festival', '--first-name', 'Olga', '--last-name', 'Owner'], strong);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/^Super admin owner@example.test created in the new company "Harbour Festival"/);
    const again = run(['--email', 'owner@example.test', '--company', 'Harbour Festival'], strong);
    expect(again.status).toBe(2);
    expect(again.stderr.trim()).toBe('A person with the email owner@example.test exists already');
    const second = run(['--email', 'deputy@example.test', '--company', 'harbour festival'], strong);
    expect(second.stdout).toMatch(/created in the company "harbour festival"/);

    const db = await open();
    try {
      const users = await db.query<{ company_id: string; doc: Record<string, any> }>('SELECT company_id, doc FROM "user" ORDER BY email_value');
      expect(users.map((user) => [user.doc.email.value, user.doc.name.full, user.doc._projectSpecific.rights])).toEqual([
        ['deputy@example.test', 'Super Admin', ['super']],
        ['owner@example.test', 'Olga Owner', ['super']],
      ]);
      expect(new Set(users.map((user) => user.company_id)).size).toBe(1);
      expect(await verifyPassword(users[1].doc.security.password.value, strong)).toBe(true);
      const audit = await db.query<{ action: string }>(`SELECT doc->>'action' AS action FROM audit_log ORDER BY id`);
      expect(audit.map((entry) => entry.action)).toEqual(['create', 'create', 'create']);
    } finally {
      await db.close();
    }
  }, 180_000);
});
