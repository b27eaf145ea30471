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
    const choices = await t.http.get('/api/company/finance/product').query({ q: '425' }).set(bearer(token));
    expect(choices.body).toEqual([{ _id: fries, name: 'Product 425', price: { cents: 425 }, image: null }]);
    // the same rule as a list's search: a text the trigram index cannot narrow is refused
    const short = await t.http.get('/api/company/finance/product').query({ q: '42' }).set(bearer(token));
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ field: 'q', message: 'needs at least 3 letters or digits in a row' }]);
  });

  it("list a period's payments with the user's name", async () => {
    const userId = await user(t);
    const id = await payment(t, { userId, cents: 990 });
    const response = await t.http.get('/api/company/finance/payment').query({ ...period(), _end: 100 }).set(bearer(await t.token('finance')));
    expect(response.status).toBe(200);
    expect(response.body.find((row: { _id: string }) => row._id === id)).toMatchObject({ amount: { cents: 990 }, user: { _id: userId } });
  });

  it('shape each row as the record itself reads, with the summary of its user and its products, when either is missing or partial', async () => {
    const anonymous = await user(t, { anonymous: true });
    await t.db.query(`UPDATE "user" SET doc = doc - 'name' WHERE id = $1`, [anonymous]);
    const [dutch] = await insert(t, 'product', [{ nameLocalized: { full: { nl: 'Bitterballen' } }, price: { cents: 600 }, type: 'others', image: { profile: 'https://images.test/bitterballen.png' } }]);
    const [elsewhere] = await insert(t, 'product', [{ nameLocalized: { full: { en: 'Not yours' } }, price: { cents: 100 }, type: 'drink' }], 'b');
    const gone = '0000000000000000000000aa';
    const at = NOW() - 120;
    const [withoutUser, anonymousOne] = await insert(t, 'transaction', [
      transactionDoc({ at, products: [{ productId: gone, cents: 100 }, { productId: dutch, cents: 600 }, { productId: gone, cents: 100 }] }),
      transactionDoc({ at: at - 1, userId: anonymous, products: [{ productId: elsewhere, cents: 100 }] }),
    ]);
    const [noProducts] = await insert(t, 'transaction', [{ ...transactionDoc({ at: at - 2, cents: 5 }), productRef: 'not a list' }]);
    const token = await t.token('finance');
    const response = await t.http.get('/api/company/finance/transaction').query({ start: (at - 2) * 1000, end: at * 1000 }).set(bearer(token));
    expect(response.status).toBe(200);
    const rows = response.body as Record<string, unknown>[];
    expect(rows.map((row) => row._id)).toEqual([withoutUser, anonymousOne, noProducts]);
    for (const { user: _user, products: _products, ...record } of rows) {
      expect(record).toEqual((await t.http.get(`/api/company/model/transaction/${record._id}`).set(bearer(token))).body);
    }
    expect(rows[0]).toMatchObject({ user: null, products: [{ productId: gone, count: 2, name: null, image: null }, { productId: dutch, count: 1, name: 'Bitterballen', image: 'https://images.test/bitterballen.png' }] });
    expect(rows[1].user).toEqual({ _id: anonymous, name: { full: null }, email: { value: expect.any(String), anonymous: true } });
    expect(rows[1].products).toEqual([{ productId: elsewhere, count: 1, name: null, image: null }]);
    expect(rows[2].products).toEqual([]);
  });

  it('are for finance admins, and need a period', async () => {
    for (const path of ['payment', 'transaction', 'product']) {
      expect((await t.http.get(`/api/company/finance/${path}`).query(period()).set(bearer(await t.token('merchant')))).status, path).toBe(403);
    }
    expect((await t.http.get('/api/company/finance/transaction').set(bearer(await t.token('finance')))).status).toBe(400);
  });
});
