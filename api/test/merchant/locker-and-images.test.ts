import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { createMerchant, statusByRole } from './merchant-fixtures';

let t: TestApp;
let merchantId: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ merchantId } = await createMerchant(t, 'Locker Desk'));
});
afterAll(() => t.close());

const NOT_LINKED = 'This Locker Company event is not linked to your company';
const locker = (content: Record<string, unknown>) => ({ nameLocalized: { full: { en: 'Locker' } }, price: { cents: 800 }, type: 'locker-company-locker', merchantRef: { merchantId }, content });

describe('Locker Company products', () => {
  it('accepts an event linked to the company with a size and period it offers', async () => {
    const token = await t.token('merchant');
    const created = await t.http.post('/api/company/model/product').set(bearer(token)).send(locker({ lockerCompanyEventId: 'lc-event-2026', lockerCompanySizeId: 'lc-size-l', lockerCompanyPeriodId: 'lc-period-weekend' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });

  it(`refuses an event not linked to the company: '${NOT_LINKED}'`, async () => {
    const token = await t.token('merchant');
    const refused = await t.http.post('/api/company/model/product').set(bearer(token)).send(locker({ lockerCompanyEventId: 'lc-event-other' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NOT_LINKED);
    expect(refused.body.errors).toEqual([{ field: 'content.lockerCompanyEventId', message: NOT_LINKED }]);
    const unknown = await t.http.post('/api/company/model/product').set(bearer(token)).send(locker({ lockerCompanyEventId: 'no-such-event' }));
    expect(unknown.body.message).toBe(NOT_LINKED);
  });

  it('refuses a size or period the event does not offer, and a size without event', async () => {
    const token = await t.token('merchant');
    const size = await t.http.post('/api/company/model/product').set(bearer(token)).send(locker({ lockerCompanyEventId: 'lc-event-city', lockerCompanySizeId: 'lc-size-l' }));
    expect(size.status).toBe(400);
    expect(size.body.errors[0].field).toBe('content.lockerCompanySizeId');
    const period = await t.http.post('/api/company/model/product').set(bearer(token)).send(locker({ lockerCompanyEventId: 'lc-event-city', lockerCompanyPeriodId: 'lc-period-weekend' }));
    expect(period.body.errors[0].field).toBe('content.lockerCompanyPeriodId');
    const orphan = await t.http.post('/api/company/model/product').set(bearer(token)).send(locker({ lockerCompanySizeId: 'lc-size-s' }));
    expect(orphan.status).toBe(400);
  });

  it('checks again when a product becomes a locker or its event changes, not on other edits', async () => {
    const token = await t.token('merchant');
    const drink = await t.http.post('/api/company/model/product').set(bearer(token)).send({ ...locker({ lockerCompanyEventId: 'lc-event-other' }), type: 'drink' });
    expect(drink.status).toBe(201);
    const becomeLocker = await t.http.patch(`/api/company/model/product/${drink.body._id}`).set(bearer(token)).send({ type: 'locker-company-locker' });
    expect(becomeLocker.status).toBe(400);
    expect(becomeLocker.body.message).toBe(NOT_LINKED);

    const good = await t.http.post('/api/company/model/product').set(bearer(token)).send(locker({ lockerCompanyEventId: 'lc-event-2026', lockerCompanySizeId: 'lc-size-s' }));
    const moved = await t.http.patch(`/api/company/model/product/${good.body._id}`).set(bearer(token)).send({ content: { lockerCompanyEventId: 'lc-event-other' } });
    expect(moved.status).toBe(400);
    const renamed = await t.http.patch(`/api/company/model/product/${good.body._id}`).set(bearer(token)).send({ nameLocalized: { full: { en: 'Small locker' } } });
    expect(renamed.status).toBe(200);
  });

  it('lists the events linked to the company and reads one with whether it is linked', async () => {
    const token = await t.token('merchant');
    const events = await t.http.get('/api/company/locker-company/event').set(bearer(token));
    expect(events.status).toBe(200);
    expect(events.body.map((event: { id: string }) => event.id)).toEqual(['lc-event-2026', 'lc-event-city']);
    expect(events.body[0].sizes.map((size: { id: string }) => size.id)).toEqual(['lc-size-s', 'lc-size-l', 'lc-size-c']);
    const other = await t.http.get('/api/company/locker-company/event/lc-event-other').set(bearer(token));
    expect(other.body).toMatchObject({ linked: false, message: NOT_LINKED, event: { id: 'lc-event-other' } });
    const linked = await t.http.get('/api/company/locker-company/event/lc-event-2026').set(bearer(token));
    expect(linked.body).toMatchObject({ linked: true, message: null });
    expect((await t.http.get('/api/company/locker-company/event/nope').set(bearer(token))).status).toBe(404);
    expect((await t.http.get('/api/company/locker-company/event').set(bearer(await t.token('finance')))).status).toBe(403);
  });
});

describe('AI image suggestions', () => {
  const wait = () => new Promise((resolve) => setTimeout(resolve, 1100));

  it('answers 4 PNG suggestions by default as byte arrays, sized for the field', async () => {
    const token = await t.token('merchant');
    const response = await t.http.post('/api/image/ai/prompt/blob').set(bearer(token)).send({ prompt: 'A cold beer on a festival field' });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(4);
    const first = Buffer.from(response.body[0]);
    const meta = await sharp(first).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([512, 512]);
    expect(new Set(response.body.map((bytes: number[]) => Buffer.from(bytes).toString('base64'))).size).toBe(4);

    await wait();
    const banner = await t.http.post('/api/image/ai/prompt/blob').set(bearer(token)).send({ prompt: 'A bar at night', n: 1, model: 'merchant', field: 'image.banner' });
    const size = await sharp(Buffer.from(banner.body[0])).metadata();
    expect(size.width).toBeGreaterThanOrEqual(1024);
    expect(size.width! / size.height!).toBeCloseTo(12 / 5, 2);
    // the suggestion passes the banner's upload rule
    const upload = await t.http.post('/api/image').query({ model: 'merchant', field: 'image.banner' }).set(bearer(token)).attach('file', Buffer.from(banner.body[0]), 'banner.png');
    expect(upload.status).toBe(201);
  });

  it('answers data URLs at /api/ai-image/prompt/url', async () => {
    await wait();
    const response = await t.http.post('/api/ai-image/prompt/url').set(bearer(await t.token('company'))).send({ prompt: 'Fries', n: 2 });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    expect(response.body[0]).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('allows one request per second per user (429)', async () => {
    await wait();
    const token = await t.token('super');
    expect((await t.http.post('/api/image/ai/prompt/blob').set(bearer(token)).send({ prompt: 'One', n: 1 })).status).toBe(200);
    const second = await t.http.post('/api/image/ai/prompt/blob').set(bearer(token)).send({ prompt: 'Two', n: 1 });
    expect(second.status).toBe(429);
    await wait();
    expect((await t.http.post('/api/image/ai/prompt/blob').set(bearer(token)).send({ prompt: 'Three', n: 1 })).status).toBe(200);
  });

  it('checks the prompt and n, and refuses admins without the merchant right (403)', async () => {
    await wait();
    const token = await t.token('merchant');
    expect((await t.http.post('/api/image/ai/prompt/blob').set(bearer(token)).send({ prompt: '' })).status).toBe(400);
    expect((await t.http.post('/api/image/ai/prompt/blob').set(bearer(token)).send({ prompt: 'x', n: 9 })).status).toBe(400);
    const statuses = await statusByRole(t, ['finance', 'event', 'user'], (other) => t.http.post('/api/image/ai/prompt/blob').set(bearer(other)).send({ prompt: 'x', n: 1 }));
    expect(statuses).toEqual({ finance: 403, event: 403, user: 403 });
  });
});
