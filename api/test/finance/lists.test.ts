import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { NOW, insert, payment, product, transactionDoc, user } from './finance-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const period = () => ({ start: (NOW() - 86_400) * 1000, end: (NOW() + 60) * 1000 });

describe('finance screen tables', () => {
  it("list a period's transactions with the user's name and the products with counts, for finance admins who may not read users or products", async () => {
    const userId = await user(t);
    const beer = await product(t, 350);
    const fries = await product(t, 425);
    const [id] = await insert(t, 'transaction', [transactionDoc({ userId, products: [{ productId: beer, cents: 350 }, { productId: fries, cents: 425 }, { productId: beer, cents: 350 }] })]);
    await insert(t, 'transaction', [transactionDoc({ userId, cents: 100, at: NOW() - 3 * 86_400 })]);
    const token = await t.token('finance');
    expect((await t.http.get(`/api/company/model/product/${beer}`).set(bearer(token))).status).toBe(403);
    const response = await t.http.get('/api/company/finance/transaction').query({ ...period(), _start: 0, _end: 10 }).set(bearer(token));
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.body[0]).toMatchObject({
      _id: id,
      amount: { cents: 1125, euro: 11.25 },
      user: { _id: userId, name: { full: expect.any(String) } },
      products: [{ productId: beer, count: 2, name: 'Product 350' }, { productId: fries, count: 1, name: 'Product 425' }],
    });
    const choices = await t.http.get('/api/company/finance/product').query({ q: '42' }).set(bearer(token));
    expect(choices.body).toEqual([{ _id: fries, name: 'Product 425', price: { cents: 425 }, image: null }]);
  });

  it("list a period's payments with the user's name", async () => {
    const userId = await user(t);
    const id = await payment(t, { userId, cents: 990 });
    const response = await t.http.get('/api/company/finance/payment').query({ ...period(), _end: 100 }).set(bearer(await t.token('finance')));
    expect(response.status).toBe(200);
    expect(response.body.find((row: { _id: string }) => row._id === id)).toMatchObject({ amount: { cents: 990 }, user: { _id: userId } });
  });

  it('are for finance admins, and need a period', async () => {
    for (const path of ['payment', 'transaction', 'product']) {
      expect((await t.http.get(`/api/company/finance/${path}`).query(period()).set(bearer(await t.token('merchant')))).status, path).toBe(403);
    }
    expect((await t.http.get('/api/company/finance/transaction').set(bearer(await t.token('finance')))).status).toBe(400);
  });
});
