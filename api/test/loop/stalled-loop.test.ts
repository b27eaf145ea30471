import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_FORMAT, createTemplate, eventWithGuests, insertUsers, person, waitForRunner } from '../batch/batch-fixtures';
import { type TestApp, bearer, startTestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { loopDelayDuring, probe } from './loop-watch';

/**
 * An admin's hostile template (every field runs into the render time limit) previewed and sent while another client
 * lists merchants and asks for /api/health every 100 ms. Rendered on the request loop, each field held every other
 * request for a second; in the render threads nobody else waits.
 */
const SLOW = '{% for a in (1..3000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}';
const LIMIT_REASON = 'subject.en line 1: stopped after 1 s, the render time limit per field';
/**
 * Guards, not the targets: a render on the loop holds every answer for a second or more, so these catch it with room
 * for a loaded machine (the full suite beside this file made the own time of an answer 114 ms). The targets, 100 ms
 * an answer and 50 ms of loop delay at p99, are measured by `BENCH_ONLY=loop-delay npm run bench`.
 */
const ANSWER_MS = 300;
const LOOP_P99_MS = 150;

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  headers = bearer(await t.token('company'));
  // the render threads start with a process's first render: an ordinary preview, before the measures
  const warm = await t.http.post('/api/company/template/render').set(headers).send({ template: { format: MAIL_FORMAT, subject: { en: 'Hello' } } });
  expect(warm.status).toBe(200);
});
afterAll(() => t.close());

/**
 * Runs `work` under the other client's calls: every call answers within ANSWER_MS and the loop's delay stays under
 * LOOP_P99_MS at p99, both less the time the loop's thread waited, ready to run, for a CPU: on a crowded machine that waiting
 * alone can pass both, and it is no work on the loop (the messages show it). A render on the loop fails both by a second.
 */
async function whileOthersCall<T>(work: () => Promise<T>): Promise<T> {
  const others = probe(t, headers, ['/api/health', '/api/company/model/merchant?_start=0&_end=20']);
  const loop = await loopDelayDuring(work);
  const { answers, failures } = await others.stop();
  const machine = `; the loop's thread waited ${loop.cpuWait.toFixed(0)} ms for a CPU meanwhile`;
  expect(failures).toEqual([]);
  for (const [path, times] of Object.entries(answers)) {
    expect(times.length, path).toBeGreaterThan(5);
    const slowest = times.reduce((worst, time) => (time.own > worst.own ? time : worst));
    expect(slowest.own, `slowest answer of ${path}: ${slowest.total.toFixed(0)} ms, ${slowest.own.toFixed(0)} ms not waiting for a CPU${machine}`).toBeLessThan(ANSWER_MS);
  }
  expect(loop.ownP99, `event-loop delay p99 ${loop.p99.toFixed(0)} ms (max ${loop.max.toFixed(0)} ms), ${loop.ownP99.toFixed(0)} ms not waiting for a CPU${machine}`).toBeLessThan(LOOP_P99_MS);
  return loop.result;
}

describe('a hostile template does not stall the request loop', () => {
  it('10 concurrent previews answer 400 naming the field and the limit, while the others are answered in time', async () => {
    const template = { format: MAIL_FORMAT, subject: { en: SLOW }, content: { en: SLOW }, footer: { en: SLOW } };
    const previews = await whileOthersCall(() => Promise.all(Array.from({ length: 10 }, () => t.http.post('/api/company/template/render').set(headers).send({ template }))));
    for (const preview of previews) expect(preview.body).toMatchObject({ statusCode: 400, errors: [{ field: 'subject.en', message: LIMIT_REASON }] });
  }, 120_000);

  it('a batch to 200 recipients pauses at its first recipient with one reason, while the others are answered in time', async () => {
    const users = await insertUsers(t, Array.from({ length: 200 }, (_, n) => person(`Stalled ${n}`)));
    const eventId = await eventWithGuests(t, users);
    const templateId = await createTemplate(t, MAIL_FORMAT, SLOW, SLOW);
    const superToken = await t.token('super');
    const created = await t.http.post('/api/company/batch').set(bearer(superToken)).send({ group: { option: 'users-by-event', value: eventId }, templateId });
    expect(created.status).toBe(201);
    const batchId: string = created.body._id;
    const paused = await whileOthersCall(async () => {
      await t.http.post(`/api/company/batch/${batchId}/run`).set(bearer(superToken)).send({});
      // 200 renders of a second each would take minutes
      return waitForRunner(t, superToken, batchId, ['paused'], 20_000);
    });
    expect(paused.pauseReason).toBe(`render-limit: ${LIMIT_REASON}`);
    // on PostgreSQL the worker renders two chunks at once: the other one stops at its first recipient too
    const settled = await waitFor(async () => (await t.http.get(`/api/company/batch/${batchId}`).set(bearer(superToken))).body, (status) => status.counts.executing === 0);
    expect(settled).toMatchObject({ runner: 'paused', counts: { ready: 200, executing: 0, done: 0, error: 0 } });
  }, 120_000);
});
