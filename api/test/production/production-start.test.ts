import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess } from '../../bench/batch-process';
import type { Database } from '../../src/database/database';
import { runMigrations } from '../../src/database/migrations';
import { openDatabase } from '../../src/database/open-database';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from '../../src/demo/sign-ins';
import { createCompanyWithStaff } from '../../src/demo/staff';
import { productionEnv } from './production-env';

/** The built server in production mode on the PostgreSQL server (DATABASE_URL): the demo's accounts never sign in. */
const RUN = Boolean(process.env.DATABASE_URL) && existsSync(join(__dirname, '../../dist/src/main.js'));

describe.runIf(RUN)('production start on a database', () => {
  const schema = `test_production_${randomBytes(4).toString('hex')}`;
  let db: Database;
  const env = () => productionEnv({ DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema });

  beforeAll(async () => {
    db = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, databaseSchema: schema, dataDir: null });
    await runMigrations(db);
  });
  afterAll(async () => {
    await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.close();
  });

  it('takes the demo password for no one, whatever the database holds', async () => {
    const email = (role: string) => `${role}-${schema}@example.test`;
    await createCompanyWithStaff(db, `production-${schema}`, 'Production', email);
    const api = await startApiProcess(env());
    try {
      const signIn = await fetch(`${api.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: email('company'), password: DEMO_PASSWORD }) });
      expect(signIn.status).toBe(401);
    } finally {
      await api.stop();
    }
  });

  it('refuses to start on a database that holds the demo’s sign-ins', async () => {
    await createCompanyWithStaff(db, `demo-${schema}`, 'Demo', (role) => DEMO_SIGN_INS.find((signIn) => signIn.role === role)!.email);
    await expect(startApiProcess(env(), 60_000)).rejects.toThrow(/exited \(1\)[\s\S]*the database holds the demo's sign-ins \(super@demo.test/);
  });
});
