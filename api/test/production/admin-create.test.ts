import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/passwords';
import { DEMO_PASSWORD } from '../../src/demo/sign-ins';
import { ownDatabase } from '../support/own-database';

/**
 * `npm run admin:create` as an operator runs it (the built command, the password on standard input), on the
 * embedded database in a folder of its own or a schema of the PostgreSQL server.
 */
const COMMAND = join(__dirname, '../../dist/src/users/super-admin-command.js');

describe.runIf(existsSync(COMMAND))('npm run admin:create', () => {
  const database = ownDatabase('admin-create');
  const env = { PATH: process.env.PATH ?? '', ...database.env };
  const run = (args: string[], password: string) => spawnSync(process.execPath, [COMMAND, ...args], { env, input: `${password}\n`, encoding: 'utf8', timeout: 60_000 });
  const open = database.open;
  const strong = 'Seven-Green-Lanterns';

  afterAll(() => database.drop());

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
