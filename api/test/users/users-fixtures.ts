import { expect } from 'vitest';
import { type Role, type TestApp, bearer } from '../support/test-app';

export type Doc = Record<string, any>;

let counter = 0;
/** A fresh unique email for a test user. */
export const freshEmail = (prefix = 'person') => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}@people.test`;

/** Creates a user through the generic API as the company admin and answers its id. */
export async function createUser(t: TestApp, doc: Doc = {}): Promise<string> {
  const response = await t.http.post('/api/company/model/user').set(bearer(await t.token('company'))).send({ email: { value: freshEmail() }, name: { full: 'Test Person' }, ...doc });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body._id;
}

export async function readUser(t: TestApp, id: string, role: Role = 'super'): Promise<Doc> {
  const response = await t.http.get(`/api/company/model/user/${id}`).set(bearer(await t.token(role)));
  expect(response.status).toBe(200);
  return response.body;
}

export async function readCompany(t: TestApp): Promise<Doc> {
  const response = await t.http.get(`/api/company/model/company/${t.companies.a}`).set(bearer(await t.token('super')));
  expect(response.status).toBe(200);
  return response.body;
}
