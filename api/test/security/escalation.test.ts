import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_LIMIT_CENTS } from '@backoffice/resources';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { payment, user } from '../finance/finance-fixtures';

// The four ways up to super admin, the double refund and the unbounded amounts of issue 10, each tried from
// the role that must be refused.
let t: TestApp;
const url = (model: string, rest = '') => `/api/company/model/${model}${rest}`;
const signIn = (email: string, password: string) => t.http.post('/api/auth/login').send({ email, password });
const storedUser = async (id: string) => (await t.db.query<{ doc: Record<string, any> }>('SELECT doc FROM "user" WHERE id = $1', [id]))[0]?.doc;
const countRows = async (table: string) => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`))[0].n;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('credentials of people who hold more rights', () => {
  it('a user admin cannot set the password or email of a company admin or of the super admin', async () => {
    const token = await t.token('user');
    for (const target of [t.userIds.a.company, t.userIds.a.super]) {
      const password = await t.http.patch(url('user', `/${target}`)).set(bearer(token)).send({ security: { password: { value: 'taken over 123' } } });
      expect(password.status).toBe(403);
      const email = await t.http.patch(url('user', `/${target}`)).set(bearer(token)).send({ email: { value: 'attacker@evil.test' } });
      expect(email.status).toBe(403);
    }
    expect((await signIn(t.emailOf('company'), 'taken over 123')).status).toBe(401);
  });

  it('a company admin cannot set the password or email of the super admin', async () => {
    const token = await t.token('company');
    const password = await t.http.patch(url('user', `/${t.userIds.a.super}`)).set(bearer(token)).send({ security: { password: { value: 'taken over 123' } } });
    expect(password.status).toBe(403);
    expect(password.body.message).toMatch(/rights you do not hold \(super\)/);
    const email = await t.http.patch(url('user', `/${t.userIds.a.super}`)).set(bearer(token)).send({ email: { value: 'attacker@evil.test' } });
    expect(email.status).toBe(403);
    expect((await signIn(t.emailOf('super'), 'taken over 123')).status).toBe(401);
  });

  it('a user admin edits customers, not admins', async () => {
    const token = await t.token('user');
    const customer = await user(t);
    expect((await t.http.patch(url('user', `/${customer}`)).set(bearer(token)).send({ name: { first: 'Ann' } })).status).toBe(200);
    const admin = await t.http.patch(url('user', `/${t.userIds.a.finance}`)).set(bearer(token)).send({ name: { first: 'Ann' } });
    expect(admin.status).toBe(403);
    expect((await t.http.post(url('user', `/${t.userIds.a.finance}/archive`)).set(bearer(token))).status).toBe(403);
  });

  it('a company admin cannot block the super admin or archive them', async () => {
    const token = await t.token('company');
    const company = await t.http.get(url('company', `/${t.companies.a}`)).set(bearer(token));
    const blocked = await t.http.patch(url('company', `/${t.companies.a}`)).set(bearer(token)).send({ userBlockedRef: [...(company.body.userBlockedRef ?? []), { userId: t.userIds.a.super }] });
    expect(blocked.status).toBe(403);
    expect((await t.http.post(url('user', `/${t.userIds.a.super}/archive`)).set(bearer(token))).status).toBe(403);
  });
});

describe('import', () => {
  it('a company admin cannot make a super admin through import.base, and nothing is written', async () => {
    const token = await t.token('company');
    const before = await countRows('user');
    const response = await t.http.post(url('user', '/import')).set(bearer(token)).send({
      import: { headers: ['email.value'], rows: [['new-super@evil.test']], base: { _projectSpecific: { rights: ['super'] } } },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await countRows('user')).toBe(before);
  });

  it('a password in import.base is stored as its argon2id hash', async () => {
    const token = await t.token('company');
    const response = await t.http.post(url('user', '/import')).set(bearer(token)).send({
      import: { headers: ['email.value'], rows: [['imported@example.test']], base: { security: { password: { value: 'typed password 1' } } } },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [row] = await t.db.query<{ value: string }>(`SELECT doc #>> '{security,password,value}' AS value FROM "user" WHERE email_value = 'imported@example.test'`);
    expect(row.value).toMatch(/^\$argon2id\$/);
  });
});

describe('duplicate', () => {
  it('a company admin cannot copy the super admin (users are never copied)', async () => {
    const before = await countRows('user');
    const response = await t.http.post(url('user', `/${t.userIds.a.super}/duplicate`)).set(bearer(await t.token('company')));
    expect(response.status).toBe(400);
    expect(await countRows('user')).toBe(before);
  });

  it('a finance admin cannot copy a pay.nl payment, so one payment is refunded once', async () => {
    const token = await t.token('finance');
    const owner = await user(t);
    const original = await payment(t, { userId: owner, type: 'paynl', cents: 2500 });
    const before = await countRows('payment');
    const copy = await t.http.post(url('payment', `/${original}/duplicate`)).set(bearer(token));
    expect(copy.status).toBe(400);
    expect(await countRows('payment')).toBe(before);
  });

  it('a finance admin cannot create a payment carrying a provider transaction or a refund link', async () => {
    const token = await t.token('finance');
    const owner = await user(t);
    const provider = await t.http.post(url('payment')).set(bearer(token)).send({
      paymentType: 'paynl', amount: { cents: 100 }, userRef: { userId: owner }, state: { id: 'completed' }, meta: { paynl: { transactionId: 'EX-0001-1111-2222' } },
    });
    expect(provider.status).toBe(400);
    expect(provider.body.errors.map((error: { field: string }) => error.field)).toContain('meta.paynl');
  });
});

describe('filters of bulk runs and bank files', () => {
  it('an unknown filter key is refused, never read as "everything"', async () => {
    const token = await t.token('company');
    const owner = await user(t);
    await payment(t, { userId: owner, type: 'cash', cents: 700 });
    const payments = await countRows('payment');
    const bulk = await t.http.post('/api/company/finance/bulk').set(bearer(token)).send({ action: 'refund-iban', filter: { refundabilty: 'iban' } });
    expect(bulk.status).toBe(400);
    expect(bulk.body.message).toMatch(/refundabilty/);
    const bankFile = await t.http.post('/api/company/finance/refund-bank-file').set(bearer(token)).send({ filter: { yeer: 2026 } });
    expect(bankFile.status).toBe(400);
    expect(bankFile.body.message).toMatch(/yeer/);
    expect(await countRows('payment')).toBe(payments);
  });
});

describe('sessions', () => {
  it('a password change ends the other sessions of that person and keeps the one that made it', async () => {
    const admin = await t.token('company');
    const email = 'sessions@example.test';
    const created = await t.http.post(url('user')).set(bearer(admin)).send({ email: { value: email }, security: { password: { value: 'first password 1' } } });
    expect(created.status).toBe(201);
    const phone = (await signIn(email, 'first password 1')).body.token;
    const laptop = (await signIn(email, 'first password 1')).body.token;
    expect((await t.http.get('/api/auth/me').set(bearer(phone))).status).toBe(200);

    // the company's minimum length holds on the generic patch too, not only on the password card
    const short = await t.http.patch(url('user', `/${created.body._id}`)).set(bearer(admin)).send({ security: { password: { value: 'short' } } });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].field).toBe('security.password.value');
    const changed = await t.http.patch(url('user', `/${created.body._id}`)).set(bearer(admin)).send({ security: { password: { value: 'second password 2' } } });
    expect(changed.status).toBe(200);
    expect(changed.headers['x-sessions-ended']).toBe('2');
    expect((await t.http.get('/api/auth/me').set(bearer(phone))).status).toBe(401);
    expect((await t.http.get('/api/auth/me').set(bearer(laptop))).status).toBe(401);
    expect((await t.http.get('/api/auth/me').set(bearer(admin))).status).toBe(200);
    expect((await signIn(email, 'second password 2')).status).toBe(200);
    expect((await storedUser(created.body._id)).security.password.value).toMatch(/^\$argon2id\$/);
  });
});

describe('bounded amounts', () => {
  it('refuses amounts above the limit, unsafe integers and 1e308 with a 400 naming the field', async () => {
    const token = await t.token('finance');
    const owner = await user(t);
    const body = (cents: number) => ({ paymentType: 'cash', amount: { cents }, userRef: { userId: owner }, state: { id: 'completed' } });
    for (const cents of [1e17, 2 ** 53 + 1, MONEY_LIMIT_CENTS + 1]) {
      const response = await t.http.post(url('payment')).set(bearer(token)).send(body(cents));
      expect(response.status).toBe(400);
      expect(response.body.errors.map((error: { field: string }) => error.field)).toContain('amount.cents');
    }
    expect((await t.http.post(url('payment')).set(bearer(token)).send(body(MONEY_LIMIT_CENTS))).status).toBe(201);
    for (const role of ['finance', 'financeNonRefundable'] as const) {
      for (const cents of [1e308, MONEY_LIMIT_CENTS + 1]) {
        const credit = await t.http.post(`/api/company/finance/user/${owner}/credit`).set(bearer(await t.token(role))).send({ cents });
        expect(credit.status).toBe(400);
        expect(credit.body.errors[0].field).toBe('cents');
      }
    }
  });
});
