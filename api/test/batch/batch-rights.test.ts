import { SCHEDULE_SLOT_SECONDS, scheduleSlots } from '@backoffice/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, type TestApp, bearer, startTestApp } from '../support/test-app';
import { MAIL_FORMAT, createTemplate, insertUsers, person } from './batch-fixtures';

/** Who may act on a batch, and what a batch may send to, from the side of the role that must be refused. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const create = async (role: Role, group: Record<string, unknown>) =>
  t.http.post('/api/company/batch').set(bearer(await t.token(role))).send({ templateId: await createTemplate(t, MAIL_FORMAT), group });
const act = async (role: Role, batchId: string, action: 'run' | 'pause' | 'decisions', body: Record<string, unknown> = {}) =>
  t.http.post(`/api/company/batch/${batchId}/${action}`).set(bearer(await t.token(role))).send(body);

describe('acting on a batch', () => {
  it('is for the roles that may make it with its group option: a super admin’s manual batch is refused to every other admin', async () => {
    const batch = await create('super', { option: 'manual-json', value: '[{"email":"manual.one@visitor.test"}]' });
    expect(batch.status).toBe(201);
    for (const role of ['company', 'merchant', 'event', 'finance', 'user'] as const) {
      for (const action of ['run', 'pause', 'decisions'] as const) {
        const refused = await act(role, batch.body._id, action, action === 'decisions' ? { decision: 'mark-sent' } : {});
        expect(refused.status, `${role} ${action}`).toBe(403);
      }
    }
    const status = await t.http.get(`/api/company/batch/${batch.body._id}`).set(bearer(await t.token('super')));
    expect(status.body).toMatchObject({ runner: 'paused', counts: { ready: 1 } });
  });

  it('a finance admin’s balance batch: run and paused by finance and company admins, refused to event admins', async () => {
    const batch = await create('finance', { option: 'balance-below-50' });
    expect(batch.status).toBe(201);
    expect((await act('event', batch.body._id, 'run')).status).toBe(403);
    expect((await act('company', batch.body._id, 'pause')).status).toBe(200);
    expect((await act('finance', batch.body._id, 'pause')).status).toBe(200);
  });
});

describe('what a batch sends to', () => {
  it('leaves out archived users that a manual group names by email or id', async () => {
    const [kept, archived] = await insertUsers(t, [person('Manual Kept'), person('Manual Archived', { meta: { archived: true } })]);
    const value = JSON.stringify([{ email: 'manual.kept@visitor.test' }, { email: 'manual.archived@visitor.test' }, { modelId: archived }]);
    const batch = await create('super', { option: 'manual-json', value });
    expect(batch.status).toBe(201);
    expect(batch.body.total).toBe(1);
    expect(kept).toBeDefined();
  });

  it('plans into every slot the slots route lists, the last one included', async () => {
    const token = await t.token('super');
    const slots = (await t.http.get('/api/company/batch/slots').set(bearer(token))).body.slots as number[];
    expect(slots).toEqual(scheduleSlots(Math.floor(Date.now() / 1000)));
    const batch = await create('super', { option: 'manual-json', value: '[{"email":"planned.last@visitor.test"}]' });
    const planned = await act('super', batch.body._id, 'run', { deliverAt: slots.at(-1) });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    expect(planned.body.deliverAt).toBe(slots.at(-1));
    const other = await create('super', { option: 'manual-json', value: '[{"email":"planned.past@visitor.test"}]' });
    expect((await act('super', other.body._id, 'run', { deliverAt: slots.at(-1)! + SCHEDULE_SLOT_SECONDS })).status).toBe(400);
  });
});

describe('send-preview', () => {
  it('refuses a template id of another company, which it would record on the message', async () => {
    const otherTemplate = await t.http.post('/api/company/model/template').set(bearer(await t.token('company', 'b'))).send({ format: MAIL_FORMAT, name: { full: 'B only' }, subject: { en: 'B' }, content: { en: 'B' } });
    expect(otherTemplate.status).toBe(201);
    const preview = await t.http.post('/api/company/template/send-preview').set(bearer(await t.token('company'))).send({ template: { _id: otherTemplate.body._id, format: MAIL_FORMAT, subject: { en: 'Hi' }, content: { en: 'Hi' } } });
    expect(preview.status).toBe(404);
    expect(await t.db.query(`SELECT id FROM communication_mail WHERE template_ref_template_id = $1`, [otherTemplate.body._id]).catch(() => [])).toEqual([]);
  });
});
