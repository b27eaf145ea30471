import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingAdminMessage } from '../src/common/admin-assets';
import { type TestApp, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('start without a built admin (issue 11 item 14)', () => {
  it('says where it looked and how to build it, at start and at /, never a bare 404', async () => {
    // the test app points ADMIN_DIR at /nonexistent
    expect(missingAdminMessage('/nonexistent')).toMatch(/\/nonexistent\/index\.html/);
    expect(missingAdminMessage('/nonexistent')).toMatch(/npm run build/);
    for (const path of ['/', '/company/finance/payment']) {
      const response = await t.http.get(path);
      expect(response.status, path).toBe(503);
      expect(response.text, path).toContain('/nonexistent/index.html');
      expect(response.text, path).toContain('npm run build');
    }
    expect((await t.http.get('/api/unknown-route')).status).toBe(404);
  });
});
