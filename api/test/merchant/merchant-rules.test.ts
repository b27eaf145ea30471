import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { createMerchant, statusByRole } from './merchant-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const model = (name: string, rest = '') => `/api/company/model/${name}${rest}`;

describe('merchant quick create', () => {
  it('creates a merchant from its English name with empty layouts: one mobile slot, 24 tablet slots', async () => {
    const token = await t.token('merchant');
    const created = await t.http.post('/api/company/merchant').set(bearer(token)).send({ nameLocalized: { full: { en: 'Main Bar' } } });
    expect(created.status).toBe(201);
    expect(created.body.name.full).toBe('Main Bar');
    expect(created.body.nameLocalized.full.en).toBe('Main Bar');
    expect(created.body.productLayoutMobile.tab0.placement).toEqual(['']);
    expect(created.body.productLayoutTablet.tab0.placement).toEqual(Array(24).fill(''));
    const read = await t.http.get(model('merchant', `/${created.body._id}`)).set(bearer(token));
    expect(read.body.name.full).toBe('Main Bar');
  });

  it('refuses a missing name (400) and a name over 50 characters', async () => {
    const token = await t.token('merchant');
    const missing = await t.http.post('/api/company/merchant').set(bearer(token)).send({ nameLocalized: { full: { nl: 'Bar' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'nameLocalized.full.en', message: 'is required' }]);
    const long = await t.http.post('/api/company/merchant').set(bearer(token)).send({ nameLocalized: { full: { en: 'x'.repeat(51) } } });
    expect(long.status).toBe(400);
  });

  it('is for merchant admins: finance, event and application admins are refused', async () => {
    const statuses = await statusByRole(t, ['merchant', 'company', 'finance', 'event', 'application', 'user'], (token) =>
      t.http.post('/api/company/merchant').set(bearer(token)).send({ nameLocalized: { full: { en: 'Role check' } } }),
    );
    expect(statuses).toEqual({ merchant: 201, company: 201, finance: 403, event: 403, application: 403, user: 403 });
  });
});

describe('merchant delete guard', () => {
  it("refuses to delete a merchant with products (409 'Cannot remove merchant') and deletes it once they are gone", async () => {
    const token = await t.token('merchant');
    const { merchantId, productIds } = await createMerchant(t, 'Guarded', [{ en: 'Beer', cents: 350 }, { en: 'Cola', cents: 250 }]);
    const refused = await t.http.delete(model('merchant', `/${merchantId}`)).set(bearer(token));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cannot remove merchant');
    expect(refused.body.errors[0].message).toContain('2 products');
    expect((await t.http.get(model('merchant', `/${merchantId}`)).set(bearer(token))).status).toBe(200);

    for (const id of productIds) expect((await t.http.delete(model('product', `/${id}`)).set(bearer(token))).status).toBe(200);
    const removed = await t.http.delete(model('merchant', `/${merchantId}`)).set(bearer(token));
    expect(removed.status).toBe(200);
    expect((await t.http.get(model('merchant', `/${merchantId}`)).set(bearer(token))).status).toBe(404);
  });

  it("does not count another company's products", async () => {
    const { merchantId } = await createMerchant(t, 'Alone');
    await createMerchant(t, 'Other tenant', [{ en: 'Beer', cents: 300 }], 'b');
    expect((await t.http.delete(model('merchant', `/${merchantId}`)).set(bearer(await t.token('merchant')))).status).toBe(200);
  });
});

describe('merchant duplicate', () => {
  it('copies the merchant with its products and layouts, the layouts pointing at the copied products', async () => {
    const token = await t.token('merchant');
    const { merchantId, productIds } = await createMerchant(t, 'Original', [{ en: 'Beer', cents: 350 }, { en: 'Wine', cents: 500 }]);
    const tablet = [productIds[1], productIds[0], ...Array(22).fill('')];
    const saved = await t.http
      .patch(model('merchant', `/${merchantId}`))
      .set(bearer(token))
      .send({ productLayoutMobile: { tab0: { placement: [productIds[0], productIds[1], ''] } }, productLayoutTablet: { tab0: { placement: tablet } } });
    expect(saved.status).toBe(200);

    const copy = await t.http.post(model('merchant', `/${merchantId}/duplicate`)).set(bearer(token));
    expect(copy.status).toBe(201);
    expect(copy.body.name.full).toBe('Original (copy)');
    const copied = await t.http.get(model('product')).query({ 'merchantRef.merchantId': copy.body._id, _sort: 'price.cents', _order: 'asc' }).set(bearer(token));
    expect(copied.body.map((product: { nameLocalized: { full: { en: string } } }) => product.nameLocalized.full.en)).toEqual(['Beer', 'Wine']);
    const [beer, wine] = copied.body.map((product: { _id: string }) => product._id);
    expect([beer, wine].some((id: string) => productIds.includes(id))).toBe(false);
    expect(copy.body.productLayoutMobile.tab0.placement).toEqual([beer, wine, '']);
    expect(copy.body.productLayoutTablet.tab0.placement).toEqual([wine, beer, ...Array(22).fill('')]);
    // the original keeps its own products
    const original = await t.http.get(model('product')).query({ 'merchantRef.merchantId': merchantId }).set(bearer(token));
    expect(original.headers['x-total-count']).toBe('2');
  });

  it('is refused to finance admins (403)', async () => {
    const { merchantId } = await createMerchant(t, 'No copy for finance');
    expect((await t.http.post(model('merchant', `/${merchantId}/duplicate`)).set(bearer(await t.token('finance')))).status).toBe(403);
  });
});

describe('merchant layouts', () => {
  it('keeps the mobile layout at its products plus one empty slot', async () => {
    const token = await t.token('merchant');
    const { merchantId, productIds } = await createMerchant(t, 'Mobile', [{ en: 'A', cents: 100 }, { en: 'B', cents: 200 }]);
    const saved = await t.http.patch(model('merchant', `/${merchantId}`)).set(bearer(token)).send({ productLayoutMobile: { tab0: { placement: ['', productIds[0], '', productIds[1]] } } });
    expect(saved.status).toBe(200);
    expect(saved.body.productLayoutMobile.tab0.placement).toEqual([productIds[0], productIds[1], '']);
  });

  it("refuses a tablet layout under 24 slots and products of another merchant", async () => {
    const token = await t.token('merchant');
    const { merchantId } = await createMerchant(t, 'Tablet');
    const other = await createMerchant(t, 'Someone else', [{ en: 'C', cents: 100 }]);
    const short = await t.http.patch(model('merchant', `/${merchantId}`)).set(bearer(token)).send({ productLayoutTablet: { tab0: { placement: Array(23).fill('') } } });
    expect(short.status).toBe(400);
    const foreign = await t.http.patch(model('merchant', `/${merchantId}`)).set(bearer(token)).send({ productLayoutMobile: { tab0: { placement: [other.productIds[0], ''] } } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ field: 'productLayoutMobile.tab0.placement.0', message: `${other.productIds[0]} is not a product of this merchant` }]);
  });

  it('takes a deleted product out of the layouts: its mobile slot goes, its tablet slot empties', async () => {
    const token = await t.token('merchant');
    const { merchantId, productIds } = await createMerchant(t, 'Cleanup', [{ en: 'A', cents: 100 }, { en: 'B', cents: 200 }]);
    await t.http
      .patch(model('merchant', `/${merchantId}`))
      .set(bearer(token))
      .send({ productLayoutMobile: { tab0: { placement: [productIds[0], productIds[1], ''] } }, productLayoutTablet: { tab0: { placement: [productIds[0], productIds[1], ...Array(22).fill('')] } } });
    expect((await t.http.delete(model('product', `/${productIds[0]}`)).set(bearer(token))).status).toBe(200);
    const merchant = await t.http.get(model('merchant', `/${merchantId}`)).set(bearer(token));
    expect(merchant.body.productLayoutMobile.tab0.placement).toEqual([productIds[1], '']);
    expect(merchant.body.productLayoutTablet.tab0.placement).toEqual(['', productIds[1], ...Array(22).fill('')]);
  });
});

describe('product create template', () => {
  it('gives an unsaved product for the merchant, and the confirmation from 24 products on', async () => {
    const token = await t.token('merchant');
    const { merchantId } = await createMerchant(t, 'Template');
    const first = await t.http.get(`/api/company/merchant/${merchantId}/product/create`).set(bearer(token));
    expect(first.status).toBe(200);
    expect(first.body.product.merchantRef.merchantId).toBe(merchantId);
    expect(first.body.product._id).toBeUndefined();
    expect(first.body.productCount).toBe(0);
    expect(first.body.confirm).toBeNull();

    for (let i = 0; i < 24; i++) {
      const made = await t.http.post(model('product')).set(bearer(token)).send({ ...first.body.product, nameLocalized: { full: { en: `Product ${i}` } } });
      expect(made.status).toBe(201);
    }
    const full = await t.http.get(`/api/company/merchant/${merchantId}/product/create`).set(bearer(token));
    expect(full.body.productCount).toBe(24);
    expect(full.body.confirm).toEqual({
      title: 'Are you sure?',
      text: 'A tablet register can only display 24 products. Adding more products means some will not be visible. Do you want to continue?',
    });
  });

  it("answers 404 for another company's merchant and 403 for an event admin", async () => {
    const { merchantId } = await createMerchant(t, 'Tenant b', [], 'b');
    expect((await t.http.get(`/api/company/merchant/${merchantId}/product/create`).set(bearer(await t.token('merchant')))).status).toBe(404);
    const own = await createMerchant(t, 'Own');
    expect((await t.http.get(`/api/company/merchant/${own.merchantId}/product/create`).set(bearer(await t.token('event')))).status).toBe(403);
  });
});

describe('product rules', () => {
  it('checks the product fields: name at most 50, tax 0 to 100 % in 1 % steps, alcohol at most 39 %, cups positive', async () => {
    const token = await t.token('merchant');
    const { merchantId } = await createMerchant(t, 'Validation');
    const base = { nameLocalized: { full: { en: 'Beer' } }, price: { cents: 350 }, type: 'drink', merchantRef: { merchantId } };
    const post = (extra: Record<string, unknown>) => t.http.post(model('product')).set(bearer(token)).send({ ...base, ...extra });
    expect((await post({ taxPercentage: 0.21, content: { alcohol: 0.05, cups: 1 } })).status).toBe(201);
    expect((await post({ nameLocalized: { full: { en: 'x'.repeat(51) } } })).status).toBe(400);
    expect((await post({ taxPercentage: 1.01 })).status).toBe(400);
    expect((await post({ taxPercentage: 0.215 })).status).toBe(400);
    expect((await post({ content: { alcohol: 0.4 } })).status).toBe(400);
    expect((await post({ content: { cups: 0 } })).status).toBe(400);
    expect((await post({ content: { volume: -1 } })).status).toBe(400);
    expect((await post({ type: undefined })).status).toBe(400);
  });
});

describe('product values out of range (issue 11 item 3)', () => {
  it('refuses a negative price and negative servings, calories, volume and weight with the field named, and stores nothing', async () => {
    const token = await t.token('merchant');
    const { merchantId } = await createMerchant(t, 'Ranges');
    const base = { nameLocalized: { full: { en: 'Range check' } }, type: 'drink', price: { cents: 250 }, merchantRef: { merchantId } };
    const cases: [Record<string, unknown>, string][] = [
      [{ price: { cents: -500 } }, 'price.cents'],
      [{ content: { servings: -1 } }, 'content.servings'],
      [{ content: { calories: -10 } }, 'content.calories'],
      [{ content: { volume: -330 } }, 'content.volume'],
      [{ content: { weight: -2 } }, 'content.weight'],
    ];
    for (const [values, field] of cases) {
      const created = await t.http.post(model('product')).set(bearer(token)).send({ ...base, ...values });
      expect(created.status, field).toBe(400);
      expect(created.body.errors, field).toEqual([{ field, message: expect.stringMatching(/at least 0/) }]);
    }
    const product = await t.http.post(model('product')).set(bearer(token)).send(base);
    expect(product.status).toBe(201);
    const patched = await t.http.patch(model('product', `/${product.body._id}`)).set(bearer(token)).send({ price: { cents: -1 } });
    expect(patched.status).toBe(400);
    expect((await t.http.get(model('product', `/${product.body._id}`)).set(bearer(token))).body.price.cents).toBe(250);
  });
});
