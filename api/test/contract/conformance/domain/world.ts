import sharp from 'sharp';
import type { TestApp } from '../../../support/test-app';
import type { Call } from '../calls';
import type { ModelRecords } from '../model-calls';

/** What the domain calls are made on: the test app, records of every model, and a few shared makers. */
export interface World {
  t: TestApp;
  records: ModelRecords;
}

export type DomainCalls = (world: World) => Promise<Call[]>;

export const pngOf = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366aa' } }).png().toBuffer();

/** Writes to the company's settings straight in its document, as a super admin's settings screen would. */
export async function setCompanySetting(t: TestApp, path: string[], value: unknown): Promise<void> {
  await t.db.query(`UPDATE company SET doc = jsonb_set(doc, $2::text[], $3::jsonb, true) WHERE id = $1`, [t.companies.a, path, JSON.stringify(value)]);
}

/** A fresh session of a staff member, for calls that end the session they are sent with. */
export async function freshSession(t: TestApp, role: Parameters<TestApp['emailOf']>[0]): Promise<string> {
  const { DEMO_PASSWORD } = await import('../../../../src/demo/sign-ins');
  const response = await t.http.post('/api/auth/login').send({ email: t.emailOf(role), password: DEMO_PASSWORD });
  return response.body.token;
}
