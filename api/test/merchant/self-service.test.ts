import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { createMerchant } from './merchant-fixtures';

/** /company/merchant/{id}/self-service: the terminal's menu for merchant admins, and the signed menu for visitors. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a merchant’s self-service menu', () => {
  it('shows the tablet register’s tabs with prices, and a signed address that opens the same menu without a session', async () => {
    const bar = await createMerchant(t, 'Self Bar', [{ en: 'Cola', cents: 300 }, { en: 'Water', cents: 250 }, { en: 'Hidden', cents: 999 }]);
    const token = await t.token('merchant');
    const [cola, water] = bar.productIds;
    const placed = await t.http.patch(`/api/company/model/merchant/${bar.merchantId}`).set(bearer(token))
      .send({ productLayoutTablet: { tab0: { nameLocalized: { full: { en: 'Drinks', nl: 'Dranken' } }, placement: [water, '', cola, ...Array(21).fill('')] } } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    const page = await t.http.get(`/api/company/merchant/${bar.merchantId}/self-service`).set(bearer(token));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ merchant: { _id: bar.merchantId, name: 'Self Bar' }, currencySymbol: '€' });
    expect(page.body.tabs).toEqual([{ name: { en: 'Drinks', nl: 'Dranken' }, items: [expect.objectContaining({ productId: water, priceCents: 250, name: { en: 'Water' } }), expect.objectContaining({ productId: cola, priceCents: 300 })] }]);

    const menuUrl = new URL(page.body.menuUrl);
    const [, , merchantId, signature] = menuUrl.pathname.split('/');
    expect(merchantId).toBe(bar.merchantId);
    const visitor = await t.http.get(`/api/public/menu/${merchantId}/${signature}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.tabs).toEqual(page.body.tabs);
    expect(visitor.body).not.toHaveProperty('menuUrl');

    expect((await t.http.get(`/api/public/menu/${merchantId}/${signature.slice(0, -2)}xx`)).status).toBe(404);
    const other = await createMerchant(t, 'Other Bar');
    expect((await t.http.get(`/api/public/menu/${other.merchantId}/${signature}`)).status).toBe(404);
  });

  it('is for those who read the merchant: another company answers 404, a role without merchants 403', async () => {
    const bar = await createMerchant(t, 'Private Bar', [{ en: 'Tea', cents: 200 }]);
    expect((await t.http.get(`/api/company/merchant/${bar.merchantId}/self-service`).set(bearer(await t.token('merchant', 'b')))).status).toBe(404);
    expect((await t.http.get(`/api/company/merchant/${bar.merchantId}/self-service`).set(bearer(await t.token('finance')))).status).toBe(403);
  });
});
