import { createHmac } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { lookup as dnsLookup } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, literalAddressProblem } from '../../src/webhooks/webhook-address-guard';
import { newId } from '../../src/common/object-id';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher';
import { endpointProblem } from '../../src/webhooks/webhook-endpoint-rules';
import { postToEndpoint } from '../../src/webhooks/webhook-post';
import { MAIL_FORMAT, createTemplate, waitForRunner } from '../batch/batch-fixtures';
import { payment, user } from '../finance/finance-fixtures';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/**
 * Outgoing webhooks, received on a local server: every write path sends its events, signed as the Standard Webhooks
 * specification describes, from a queue in the database that retries with backoff and survives a restart.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, any> };
}

let t: TestApp;
let server: Server;
let endpoint: string;
const received: Received[] = [];
/** What the webhooks' guarded DNS lookup makes of a name: its refusal, else null. */
const lookupRefusal = (host: string, production: boolean) =>
  new Promise<string | null>((resolve) => guardedLookup(production)(host, { all: true }, (error) => resolve(error ? error.message : null)));
/** Answers the next deliveries with these statuses (then 200). */
const refusals: number[] = [];

beforeAll(async () => {
  Object.assign(process.env, { WEBHOOK_POLL_MS: '100', WEBHOOK_RETRY_SCALE: '0.02' });
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const status = refusals.shift() ?? 200;
      if (status === 200) received.push({ headers: request.headers, body, payload: JSON.parse(body) });
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'thanks' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  t = await startTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
  server.close();
  delete process.env.WEBHOOK_POLL_MS;
  delete process.env.WEBHOOK_RETRY_SCALE;
});

const asCompany = async () => bearer(await t.token('company'));
const registered = async (body: Record<string, unknown>) => t.http.post('/api/company/model/webhook').set(await asCompany()).send({ name: { full: 'Consumer' }, url: endpoint, ...body });
/** The delivery of an event about a record once it has come (it fails the test when it does not within 15 s). */
async function arrived(type: string, recordId?: string): Promise<Received> {
  const find = async () => received.find((delivery) => delivery.payload.type === type && (!recordId || delivery.payload.data._id === recordId));
  const delivery = await waitFor(find, Boolean, 15_000);
  if (!delivery) throw new Error(`no ${type} of ${recordId ?? 'any record'} came`);
  return delivery;
}

/** The signature as the Standard Webhooks specification computes it, independently of the API's code. */
function expectedSignature(secret: string, headers: IncomingHttpHeaders, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64')}`;
}

let secret: string;
let endpointId: string;

describe('registering an endpoint', () => {
  it('makes the signing secret, shown to company admins only and never audited, and refuses what is no endpoint', async () => {
    const created = await registered({ models: ['merchant'], events: ['created', 'updated', 'archived', 'deleted', 'payment.completed', 'refund.made', 'batch.finished'] });
    expect(created.status, created.text).toBe(201);
    ({ _id: endpointId, secret } = created.body);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect((await t.http.get(`/api/company/model/webhook/${endpointId}`).set(bearer(await t.token('merchant')))).status).toBe(403);
    // the audit log, and so the record's history, never holds the secret
    const history = await t.http.get(`/api/company/model/webhook/${endpointId}/history`).set(bearer(await t.token('company')));
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain(secret);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE doc::text LIKE $1`, [`%${secret}%`])).toEqual([{ n: 0 }]);
    const unknownModel = await registered({ models: ['nope', 'merchant'], events: ['created'] });
    expect([unknownModel.status, unknownModel.body.errors.map((error: { field: string }) => error.field)]).toEqual([400, ['models.0']]);
    const plainHttp = await registered({ url: 'http://consumer.example.test/hooks', models: ['merchant'], events: ['created'] });
    expect([plainHttp.status, plainHttp.body.errors.map((error: { field: string }) => error.field)]).toEqual([400, ['url']]);
    // endpoints hold secrets, and a personal saved view is its owner's alone: neither is sent anywhere
    for (const model of ['webhook', 'savedView']) expect((await registered({ models: [model], events: ['created'] })).status, model).toBe(400);
    expect(endpointProblem('http://127.0.0.1:8080/hooks', true)).toMatch(/^must not be an internal address/);
    expect(endpointProblem('https://consumer.example.test/hooks', true)).toBeNull();
  });

  it('never calls an internal address: refused when written as one, and when a name resolves to one at sending', async () => {
    for (const url of ['https://169.254.169.254/latest', 'https://10.0.0.5/hooks', 'https://[::ffff:192.168.1.1]/hooks', 'https://[fd00::1]/hooks', 'https://127.0.0.1/hooks']) {
      expect(endpointProblem(url, true), url).toMatch(/^must not be an internal address \(.* internal network or of this machine\)$/);
    }
    expect(endpointProblem('http://127.0.0.1:8080/hooks', false)).toBeNull();
    expect(await lookupRefusal('localhost', true)).toMatch(/^Not sent: .* of this machine$/);
    expect(await lookupRefusal('localhost', false)).toBeNull();
    expect(literalAddressProblem('[::ffff:10.1.2.3]', false)).toMatch(/10\.1\.2\.3 is an address of an internal network/);
    expect(literalAddressProblem('93.184.215.14', true)).toBeNull();
    expect(literalAddressProblem('hooks.example.test', true)).toBeNull();
  });

  it('connects to the very address its lookup checked: a name cannot point inside after the check (DNS rebinding)', async () => {
    // a name server that sends hooks.example.test to this machine, and counts how often it is asked
    let asked = 0;
    const toThisMachine = ((_host: string, _options: object, callback: (error: null, addresses: { address: string; family: number }[]) => void) => {
      asked += 1;
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    }) as unknown as typeof dnsLookup;
    const url = `http://hooks.example.test:${new URL(endpoint).port}/hooks`;
    const send = (production: boolean) => postToEndpoint(url, { 'Content-Type': 'application/json' }, '{"type":"probe.sent","timestamp":"","data":{}}', { lookup: guardedLookup(production, toThisMachine), signal: AbortSignal.timeout(5_000), keptBytes: 100 });
    const before = received.length;
    await expect(send(true)).rejects.toThrow(/^Not sent: 127\.0\.0\.1 is an address of an internal network or of this machine$/);
    expect([asked, received.length]).toEqual([1, before]);
    // outside production this machine may be called: the answer that was checked is the address connected to
    expect(await send(false)).toEqual({ status: 200, body: 'thanks' });
    expect([asked, received.at(-1)?.payload.type]).toEqual([2, 'probe.sent']);
  });

  it('reads an answer only as far as it keeps: an endpoint that answers without end does not hold the delivery', async () => {
    const endless = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      const more = () => response.write('x'.repeat(1024), () => setImmediate(more));
      more();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/hooks`;
    const started = Date.now();
    const answer = await postToEndpoint(url, {}, '{}', { lookup: guardedLookup(false), signal: AbortSignal.timeout(10_000), keptBytes: 100 });
    expect([answer.status, answer.body]).toEqual([200, 'x'.repeat(100)]);
    expect(Date.now() - started).toBeLessThan(5_000);
    endless.closeAllConnections();
    await new Promise<void>((resolve) => endless.close(() => resolve()));
  });
});

describe('deliveries', () => {
  it('sends every event of a chosen model, signed: created, updated, archived, deleted', async () => {
    const created = await t.http.post('/api/company/model/merchant').set(bearer(await t.token('merchant'))).send({ name: { full: 'Hooked Bar' } });
    const id = created.body._id;
    const delivery = await arrived('merchant.created', id);
    expect(delivery.headers['webhook-signature']).toBe(expectedSignature(secret, delivery.headers, delivery.body));
    expect(Math.abs(Number(delivery.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(delivery.payload.data).toMatchObject({ _id: id, name: { full: 'Hooked Bar' } });
    const token = bearer(await t.token('merchant'));
    await t.http.patch(`/api/company/model/merchant/${id}`).set(token).send({ name: { full: 'Hooked Bar 2' } });
    expect((await arrived('merchant.updated', id)).payload.data.name.full).toBe('Hooked Bar 2');
    await t.http.post(`/api/company/model/merchant/${id}/archive`).set(token);
    await arrived('merchant.archived', id);
    await t.http.delete(`/api/company/model/merchant/${id}`).set(token);
    await arrived('merchant.deleted', id);
    // another model was not chosen
    await t.http.post('/api/company/model/tutorial').set(bearer(await t.token('super'))).send({ name: { full: 'Not sent' } });
    expect(received.some((delivery) => delivery.payload.type.startsWith('tutorial.'))).toBe(false);
  });

  it('sends the events of every write path, and none of a write that was refused', async () => {
    const imported = await t.http.post('/api/company/model/merchant/import').set(bearer(await t.token('company'))).send({ import: { headers: ['name.full'], rows: [['Imported One'], ['Imported Two']] } });
    expect(imported.status, imported.text).toBe(200);
    const imports = async () => received.filter((delivery) => delivery.payload.type === 'merchant.created' && String(delivery.payload.data.name?.full).startsWith('Imported')).length;
    expect(await waitFor(imports, (count) => count === 2, 15_000)).toBe(2);
    const quick = await t.http.post('/api/company/merchant').set(bearer(await t.token('merchant'))).send({ nameLocalized: { full: { en: 'Quick Hooked' } } });
    await arrived('merchant.created', quick.body._id);
    await t.http.post('/api/company/model/product').set(bearer(await t.token('merchant'))).send({ nameLocalized: { full: { en: 'Beer' } }, price: { cents: 300 }, taxPercentage: 0.21, type: 'drink', merchantRef: { merchantId: quick.body._id } });
    const refused = await t.http.delete(`/api/company/model/merchant/${quick.body._id}`).set(bearer(await t.token('merchant')));
    expect(refused.status).toBe(409);
    const [{ count }] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM webhook_delivery WHERE record_id = $1 AND type = 'merchant.deleted'`, [quick.body._id]);
    expect(count).toBe(0);
  });

  it('tries again with backoff after a refusal, and keeps each attempt with its answer', async () => {
    refusals.push(500, 503);
    const created = await t.http.post('/api/company/model/merchant').set(bearer(await t.token('merchant'))).send({ name: { full: 'Retried Bar' } });
    await arrived('merchant.created', created.body._id);
    const log = await t.http.get('/api/company/webhooks/deliveries').query({ webhookId: endpointId }).set(await asCompany());
    expect(log.status).toBe(200);
    const delivery = log.body.find((entry: { recordId: string; type: string }) => entry.recordId === created.body._id && entry.type === 'merchant.created');
    expect(delivery.state).toBe('delivered');
    expect(delivery.attempts.map((attempt: { status: number; body: string }) => [attempt.status, attempt.body])).toEqual([[500, 'not now'], [503, 'not now'], [200, 'thanks']]);
    // the waits grow: 5 s, then 5 minutes (scaled down here)
    const [first, second, third] = delivery.attempts.map((attempt: { at: string }) => Date.parse(attempt.at));
    expect(third - second).toBeGreaterThan(second - first);
  });

  it('sends the domain events: payment completed, refund made, batch finished', async () => {
    const customer = await user(t);
    const completed = await t.http.post('/api/company/model/payment').set(bearer(await t.token('super'))).send({ paymentType: 'pin', amount: { cents: 2000 }, state: { id: 'completed' }, userRef: { userId: customer } });
    expect(completed.status, completed.text).toBe(201);
    expect((await arrived('payment.completed', completed.body._id)).payload.data.amount).toEqual({ cents: 2000, euro: 20 });
    const withCredit = await payment(t, { userId: customer, type: 'pin', cents: 3000, left: 800 });
    const refund = await t.http.post(`/api/company/finance/payment/${withCredit}/refund-iban`).set(bearer(await t.token('finance')));
    expect(refund.status, refund.text).toBe(200);
    expect((await arrived('refund.made', refund.body.refund._id)).payload.data.paymentType).toBe('refund');
    const templateId = await createTemplate(t, MAIL_FORMAT);
    const superToken = await t.token('super');
    const batch = await t.http.post('/api/company/batch').set(bearer(superToken)).send({ templateId, group: { option: 'manual-json', value: '[{"email":"hooked@visitor.test"}]' } });
    await t.http.post(`/api/company/batch/${batch.body._id}/run`).set(bearer(superToken)).send({});
    await waitForRunner(t, superToken, batch.body._id, ['completed']);
    const finished = await arrived('batch.finished', batch.body._id);
    expect(finished.payload.data).toMatchObject({ runner: 'completed', total: 1, counts: { done: 1 } });
    expect(finished.headers['webhook-signature']).toBe(expectedSignature(secret, finished.headers, finished.body));
  });

  it('keeps what it could not send over a restart, and sends it after', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const created = await t.http.post('/api/company/model/merchant').set(bearer(await t.token('merchant'))).send({ name: { full: 'Restart Bar' } });
    await waitFor(async () => (await t.db.query<{ attempts: number }>(`SELECT attempt_count AS attempts FROM webhook_delivery WHERE record_id = $1`, [created.body._id]))[0]?.attempts, (attempts) => (attempts ?? 0) >= 1, 15_000);
    await t.restart();
    await new Promise<void>((resolve) => server.listen(Number(new URL(endpoint).port), '127.0.0.1', resolve));
    await arrived('merchant.created', created.body._id);
    const retried = await t.http.get('/api/company/webhooks/deliveries').query({ state: 'delivered' }).set(await asCompany());
    const delivery = retried.body.find((entry: { recordId: string }) => entry.recordId === created.body._id);
    expect(delivery.attempts[0].error).toBeTruthy();
    expect(delivery.attempts.at(-1).status).toBe(200);
  });

  it('sends a delivery again on request', async () => {
    const [{ id }] = await t.db.query<{ id: string }>(`SELECT id FROM webhook_delivery WHERE company_id = $1 AND state = 'delivered' ORDER BY id LIMIT 1`, [t.companies.a]);
    const before = received.length;
    const retried = await t.http.post(`/api/company/webhooks/deliveries/${id}/retry`).set(await asCompany());
    expect([retried.status, retried.body.state]).toEqual([200, 'pending']);
    expect(await waitFor(async () => received.length, (count) => count > before, 15_000)).toBeGreaterThan(before);
    expect(received.at(-1)!.headers['webhook-id']).toBe(id);
  });

  it('keeps a delivered or failed delivery for WEBHOOK_KEEP_DAYS (30), a pending one until it is settled', async () => {
    const DAY = 86_400_000;
    const made = (daysAgo: number, state: string) => ({ id: newId(new Date(Date.now() - daysAgo * DAY)), state });
    const rows = [made(40, 'delivered'), made(40, 'failed'), made(40, 'pending'), made(10, 'delivered')];
    for (const row of rows) {
      await t.db.query(`INSERT INTO webhook_delivery (id, company_id, webhook_id, type, payload, state) VALUES ($1, $2, 'w', 'merchant.created', '{}', $3)`, [row.id, t.companies.a, row.state]);
    }
    const dispatcher = t.app.get(WebhookDispatcher);
    // the running dispatcher pruned when it started; an hour on it prunes again, and not again within that hour
    const later = Date.now() + 2 * 3_600_000;
    expect(await dispatcher.pruneSettled(later)).toBe(2);
    expect(await dispatcher.pruneSettled(later + 60_000)).toBe(0);
    const kept = await t.db.query<{ id: string }>(`SELECT id FROM webhook_delivery WHERE id = ANY($1::text[]) ORDER BY id`, [rows.map((row) => row.id)]);
    expect(kept.map((row) => row.id).sort()).toEqual([rows[2].id, rows[3].id].sort());
  });
});
