import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { loadConfig } from '../../src/config';
import { createApp } from '../../src/create-app';
import type { Database } from '../../src/database/database';
import { runMigrations } from '../../src/database/migrations';
import { openDatabase } from '../../src/database/open-database';
import { createCompanyWithStaff } from '../../src/demo/staff';
import { DEMO_PASSWORD } from '../../src/demo/sign-ins';
import { startMissingFakes } from '../../src/outside/fake-services';

export type Role = 'super' | 'company' | 'application' | 'merchant' | 'finance' | 'user' | 'event' | 'financeNonRefundable';

export interface TestApp {
  app: INestApplication;
  db: Database;
  http: ReturnType<typeof request>;
  /** the main company (a) and the other tenant (b) */
  companies: { a: string; b: string };
  userIds: { a: Record<string, string>; b: Record<string, string> };
  emailOf(role: Role, company?: 'a' | 'b'): string;
  /** a bearer token for a staff member of a company, signed in once and kept */
  token(role: Role, company?: 'a' | 'b'): Promise<string>;
  /** stops the app and starts a new one on the same database, as a restart of the server would (app and http change) */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Boots the real app on a fresh real database: in-memory PGlite by default, or a schema of its own
 * on the PostgreSQL server named by DATABASE_URL, dropped again on close.
 */
export async function startTestApp(): Promise<TestApp> {
  const stopFakes = await startMissingFakes();
  const schema = process.env.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : null;
  const config = { ...loadConfig({ ...process.env, REQUEST_LOG: 'false', SEED_DEMO: 'false', ADMIN_DIR: '/nonexistent' }), dataDir: null, databaseSchema: schema };
  const db = await openDatabase(config);
  await runMigrations(db);
  const suffix = randomBytes(3).toString('hex');
  const emailOf = (role: Role, company: 'a' | 'b' = 'a') => `${role.toLowerCase()}-${company}-${suffix}@test.test`;
  const a = await createCompanyWithStaff(db, `company-a-${suffix}`, 'Company A', (role) => emailOf(role as Role, 'a'));
  const b = await createCompanyWithStaff(db, `company-b-${suffix}`, 'Company B', (role) => emailOf(role as Role, 'b'));
  const app = await createApp(config, db);
  const tokens = new Map<string, string>();
  const testApp: TestApp = {
    app,
    db,
    http: request(app.getHttpServer()),
    companies: { a: a.companyId, b: b.companyId },
    userIds: { a: a.userIds, b: b.userIds },
    emailOf,
    async token(role, company = 'a') {
      const key = `${role}-${company}`;
      if (!tokens.has(key)) {
        const response = await testApp.http.post('/api/auth/login').send({ email: emailOf(role, company), password: DEMO_PASSWORD });
        if (response.status !== 200) throw new Error(`sign-in of ${key} failed: ${response.status} ${JSON.stringify(response.body)}`);
        tokens.set(key, response.body.token);
      }
      return tokens.get(key)!;
    },
    async restart() {
      await testApp.app.close();
      testApp.app = await createApp(config, db);
      testApp.http = request(testApp.app.getHttpServer());
    },
    async close() {
      await testApp.app.close();
      if (schema) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
      await stopFakes();
    },
  };
  return testApp;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
