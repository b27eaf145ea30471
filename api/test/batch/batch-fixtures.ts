import { type BatchStatus, findResource } from '@backoffice/resources';
import { newId } from '../../src/common/object-id';
import { bulkInsert } from '../../src/database/bulk-insert';
import { type TestApp, bearer } from '../support/test-app';

type Doc = Record<string, unknown>;

/** Users of company a (test data straight into the table, as the demo loader does), answering their ids. */
export async function insertUsers(t: TestApp, docs: Doc[], company: 'a' | 'b' = 'a'): Promise<string[]> {
  const rows = docs.map((doc) => ({ id: newId(), companyId: t.companies[company], doc: { info: { language: 'en' }, meta: { archived: false, createdAt: Math.floor(Date.now() / 1000) }, ...doc } }));
  await bulkInsert(t.db, findResource('user')!, rows);
  return rows.map((row) => row.id);
}

export const person = (name: string, extra: Doc = {}): Doc => ({ name: { full: name }, email: { value: `${name.toLowerCase().replace(/\W+/g, '.')}@visitor.test`, anonymous: false }, ...extra });
export const anonymous = (name: string): Doc => ({ name: { full: name }, email: { value: `${name.toLowerCase()}@anonymous.cashless.test`, anonymous: true } });

/** An event of company a with these users as guests; answers the event id. */
export async function eventWithGuests(t: TestApp, userIds: string[], startUnix = Math.floor(Date.now() / 1000) + 86_400 * 30): Promise<string> {
  const eventId = newId();
  await bulkInsert(t.db, findResource('event')!, [{ id: eventId, companyId: t.companies.a, doc: { name: { full: `Event ${eventId.slice(-4)}` }, duration: { start: { unix: startUnix } }, meta: { archived: false } } }]);
  await bulkInsert(t.db, findResource('eventGuest')!, userIds.map((userId) => ({ id: newId(), companyId: t.companies.a, doc: { eventRef: { eventId }, userRef: { userId }, meta: { archived: false } } })));
  return eventId;
}

/** A template of company a made through the API; answers its id. */
export async function createTemplate(t: TestApp, format: string, subject = 'Hello {{ user.name.full }}', content = '<p>Dear {{ user.name.full }}</p>'): Promise<string> {
  const token = await t.token('company');
  const created = await t.http.post('/api/company/model/template').set(bearer(token)).send({ format, name: { full: `Template ${format}` }, subject: { en: subject }, content: { en: content } });
  if (created.status !== 201) throw new Error(`template: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body._id;
}

export const MAIL_FORMAT = 'communication-mail-html-modern-2021';
export const PUSH_FORMAT = 'communication-notification-text-plain';
export const SMS_FORMAT = 'communication-sms-text-plain';

/** Waits until the batch's runner is in one of these states (the worker runs in the test app). */
export async function waitForRunner(t: TestApp, token: string, batchId: string, runners: string[], timeoutMs = 60_000): Promise<BatchStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await t.http.get(`/api/company/batch/${batchId}`).set(bearer(token));
    if (runners.includes(status.body.runner)) return status.body;
    if (Date.now() > until) throw new Error(`batch ${batchId} stayed ${status.body.runner}: ${JSON.stringify(status.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
