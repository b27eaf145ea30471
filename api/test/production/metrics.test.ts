import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, startTestApp } from '../support/test-app';

const TOKEN = 'metrics-token-of-the-test-0123456789';

describe('metrics', () => {
  it('do not exist unless METRICS_TOKEN is set', async () => {
    const t = await startTestApp();
    try {
      expect((await t.http.get('/api/metrics')).status).toBe(404);
      expect((await t.http.get('/api/metrics').set(bearer(TOKEN))).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      process.env.METRICS_TOKEN = TOKEN;
      t = await startTestApp();
      delete process.env.METRICS_TOKEN;
    });
    afterAll(() => t.close());

    it('refuse a scrape without the token or with another', async () => {
      expect((await t.http.get('/api/metrics')).status).toBe(401);
      expect((await t.http.get('/api/metrics').set(bearer(`${TOKEN}x`))).status).toBe(401);
      expect((await t.http.get('/api/metrics').set(bearer(await t.token('super')))).status).toBe(401);
    });

    it('count requests by route pattern and status with their latency, and report the event loop, the pool and the queues', async () => {
      const token = await t.token('company');
      for (let n = 0; n < 3; n++) expect((await t.http.get('/api/company/model/merchant').set(bearer(token))).status).toBe(200);
      expect((await t.http.get('/api/company/model/nothing').set(bearer(token))).status).toBe(404);
      const scrape = await t.http.get('/api/metrics').set(bearer(TOKEN));
      expect(scrape.status).toBe(200);
      expect(scrape.headers['content-type']).toMatch(/^text\/plain;.*version=0.0.4/);
      const text = scrape.text;
      expect(text).toContain('backoffice_http_request_duration_seconds_count{method="GET",route="/api/company/model/:model",status="200"} 3');
      expect(text).toMatch(/backoffice_http_request_duration_seconds_bucket\{le="0.05",method="GET",route="\/api\/company\/model\/:model",status="404"\} \d/);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
      expect(text).toMatch(/^backoffice_job_queue_depth\{queue="finance-bulk"\} 0$/m);
      if (t.db.kind === 'postgres') expect(text).toMatch(/^backoffice_db_pool_connections\{state="size"\} 20$/m);
      expect(text).not.toContain(token);
    });
  });
});
