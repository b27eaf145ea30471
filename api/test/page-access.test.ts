import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const year = new Date().getUTCFullYear();

describe('a refused page names the right it needs (issue 11 item 7)', () => {
  it('answers 403 with the missing right on the finance lists, the merchant list and the transactions', async () => {
    const cases: [string, string, string][] = [
      ['merchant', `/api/company/finance/payment?year=${year}`, 'finance'],
      ['application', `/api/company/finance/transaction`, 'finance'],
      ['finance', '/api/company/model/merchant', 'merchant'],
      ['event', '/api/company/model/transaction', 'finance'],
      ['merchant', '/api/company/finance/refund', 'finance'],
    ];
    for (const [role, path, right] of cases) {
      const response = await t.http.get(path).set(bearer(await t.token(role as never)));
      expect(response.status, `${role} ${path}`).toBe(403);
      expect(response.body.missingRight, `${role} ${path}`).toEqual([right]);
      expect(response.body.message, `${role} ${path}`).toContain(`needs the ${right} right`);
    }
  });
});

describe('communication logs (issue 11 item 8)', () => {
  it('are readable by company, user and super admins only', async () => {
    for (const model of ['communicationMail', 'communicationSms']) {
      const statuses: Record<string, number> = {};
      for (const role of ['super', 'company', 'user', 'application', 'merchant', 'finance', 'event']) {
        statuses[role] = (await t.http.get(`/api/company/model/${model}`).set(bearer(await t.token(role as never)))).status;
      }
      expect(statuses, model).toEqual({ super: 200, company: 200, user: 200, application: 403, merchant: 403, finance: 403, event: 403 });
    }
  });

  it('writes the choice in the OpenAPI description', async () => {
    const document = (await t.http.get('/api/docs-json')).body;
    for (const model of ['communicationMail', 'communicationSms']) {
      const description = String(document.paths[`/api/company/model/${model}`].get.description);
      expect(description).toMatch(/company/);
      expect(description).toMatch(/user/);
      expect(description).toMatch(/super/);
      expect(description).not.toMatch(/merchant|finance|event/);
    }
  });
});
