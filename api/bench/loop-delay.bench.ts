import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailgunFake } from '../src/communication/channels/mailgun-fake';
import { runMigrations } from '../src/database/migrations';
import { openDatabase } from '../src/database/open-database';
import { type ApiProcess, BATCH_TAG_STATE, BatchClient, seedBatchCompany, startApiProcess } from './batch-process';
import { percentile } from './measure';
import type { BenchContext, BenchResult, Benchmark } from './types';

const RECIPIENTS = 200;
const PREVIEWERS = 10;
const BEAT_MS = 100;
/** every field runs into LiquidJS's render time limit (1 s) */
const SLOW = '{% for a in (1..3000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}';
const SLOW_TEMPLATE = { format: 'communication-mail-html-modern-2021', subject: { en: SLOW }, content: { en: SLOW }, footer: { en: SLOW } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

/** The database the API process opens: the bench's own PostgreSQL schema, or a fresh PGlite folder (an embedded database belongs to one process). */
async function databaseFor(ctx: BenchContext): Promise<{ env: Record<string, string>; emailOf: (role: string) => string; remove(): void }> {
  if (ctx.config.target === 'postgres') {
    const { emailOf } = await seedBatchCompany(ctx.db, RECIPIENTS, 'bench-loop');
    return { env: { DATABASE_URL: ctx.config.databaseUrl!, DATABASE_SCHEMA: ctx.config.databaseSchema ?? '' }, emailOf, remove: () => undefined };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-bench-loop-'));
  const db = await openDatabase({ databaseUrl: null, databaseSchema: null, dataDir });
  try {
    await runMigrations(db);
    const { emailOf } = await seedBatchCompany(db, RECIPIENTS, 'bench-loop');
    return { env: { DATA_DIR: dataDir }, emailOf, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
  } finally {
    await db.close();
  }
}

/** The API process's own event-loop delay since the last scrape (prom-client resets its histogram on each), in ms. */
async function loopDelay(api: ApiProcess, metricsToken: string): Promise<{ p50: number; p99: number; max: number }> {
  const text = await (await fetch(`${api.baseUrl}/api/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
  const seconds = (name: string) => Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]) * 1000;
  return { p50: seconds('p50'), p99: seconds('p99'), max: seconds('max') };
}

/**
 * Another client: `/api/health` and a merchant list on a fixed beat of 100 ms, each answer timed from the beat it was
 * due on, until `done` resolves.
 */
async function otherClient(api: ApiProcess, client: BatchClient, done: Promise<unknown>): Promise<{ health: number[]; list: number[]; failures: number }> {
  const times = { health: [] as number[], list: [] as number[], failures: 0 };
  let over = false;
  void done.finally(() => (over = true));
  const start = performance.now();
  for (let beat = 0; !over; beat++) {
    const due = start + beat * BEAT_MS;
    await sleep(Math.max(0, due - performance.now()));
    await Promise.all([
      fetch(`${api.baseUrl}/api/health`).then((response) => (response.ok ? times.health.push(performance.now() - due) : times.failures++), () => times.failures++),
      client.send('GET', '/api/company/model/merchant?_start=0&_end=20').then((response) => (response.ok ? times.list.push(performance.now() - due) : times.failures++), () => times.failures++),
    ]);
  }
  return times;
}

/** ms the API's loop thread has run and has waited, runnable, for a CPU (Linux schedstat; NaN elsewhere). */
function loopThreadTimes(api: ApiProcess): { ran: number; waited: number } {
  try {
    const [ran, waited] = readFileSync(`/proc/${api.child.pid}/task/${api.child.pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { ran: ran / 1e6, waited: waited / 1e6 };
  } catch {
    return { ran: NaN, waited: NaN };
  }
}

interface PhaseFigures {
  loop: { p50: number; p99: number; max: number };
  health: number[];
  list: number[];
  failures: number;
  /** the loop thread's time on a CPU and waiting for one, ms: a crowded machine shows as waiting */
  thread: { ran: number; waited: number };
}

async function phase(api: ApiProcess, metricsToken: string, client: BatchClient, work: () => Promise<unknown>): Promise<PhaseFigures> {
  await loopDelay(api, metricsToken);
  const before = loopThreadTimes(api);
  const running = work();
  const [others] = await Promise.all([otherClient(api, client, running), running]);
  const after = loopThreadTimes(api);
  return { loop: await loopDelay(api, metricsToken), ...others, thread: { ran: after.ran - before.ran, waited: after.waited - before.waited } };
}

function describePhase(label: string, figures: PhaseFigures): string {
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const health = sorted(figures.health);
  const list = sorted(figures.list);
  return (
    `${label}: event-loop delay p50 ${ms(figures.loop.p50)} ms, p99 ${ms(figures.loop.p99)} ms, max ${ms(figures.loop.max)} ms; ` +
    `/api/health p50 ${ms(percentile(health, 50))} ms, p99 ${ms(percentile(health, 99))} ms, max ${ms(health.at(-1) ?? NaN)} ms (${health.length} calls); ` +
    `merchant list p50 ${ms(percentile(list, 50))} ms, p99 ${ms(percentile(list, 99))} ms${figures.failures > 0 ? `; ${figures.failures} calls failed` : ''}; ` +
    `the loop's thread ran ${ms(figures.thread.ran)} ms and waited ${ms(figures.thread.waited)} ms for a CPU`
  );
}

/**
 * The request loop under a hostile render load, in a built API process of its own (PGlite or PostgreSQL): its
 * event-loop delay (from its own /api/metrics) and the answer times of another client's /api/health and merchant list
 * every 100 ms, first quiet, then while 10 clients preview a template whose every field runs into the render time
 * limit and a batch of that template to 200 recipients is run again each time it pauses. Targets: loop p99 under
 * 50 ms, every health answer within 100 ms.
 */
export const loopDelayUnderRenders: Benchmark = {
  name: 'loop-delay',
  async run(ctx): Promise<BenchResult> {
    const seconds = ctx.config.duration;
    const metricsToken = randomBytes(24).toString('hex');
    const fake = await startMailgunFake();
    const database = await databaseFor(ctx);
    let api: ApiProcess | undefined;
    try {
      api = await startApiProcess({ ...database.env, METRICS_TOKEN: metricsToken, MAILGUN_URL: fake.url, BATCH_WORKER: 'true' });
      const client = await BatchClient.signIn(api.baseUrl, database.emailOf('super'));
      const template = await client.call<{ _id: string }>('POST', '/api/company/model/template', { ...SLOW_TEMPLATE, name: { full: 'Hostile' } });
      const batch = await client.call<{ _id: string }>('POST', '/api/company/batch', { group: { option: 'users-by-tag-state', value: BATCH_TAG_STATE }, templateId: template._id });
      // the render threads start with the first render
      await client.send('POST', '/api/company/template/render', { template: { format: SLOW_TEMPLATE.format, subject: { en: 'warm' } } });

      ctx.log(`loop-delay: quiet for ${seconds} s`);
      const quiet = await phase(api, metricsToken, client, () => sleep(seconds * 1000));

      ctx.log(`loop-delay: ${PREVIEWERS} clients previewing the hostile template and its batch run again at each pause, ${seconds} s`);
      let until = 0;
      const previews: number[] = [];
      const statuses = new Set<number>();
      const previewing = async () => {
        while (Date.now() < until) {
          const started = performance.now();
          const response = await client.send('POST', '/api/company/template/render', { template: SLOW_TEMPLATE });
          await response.text();
          statuses.add(response.status);
          previews.push(performance.now() - started);
        }
      };
      const pauses: number[] = [];
      let reason = '';
      const batching = async () => {
        while (Date.now() < until) {
          const started = Date.now();
          await client.call('POST', `/api/company/batch/${batch._id}/run`, {});
          const paused = await client.waitFor(batch._id, (status) => status.runner !== 'running', 600_000, 50);
          pauses.push(Date.now() - started);
          reason = `${paused.runner} (${paused.pauseReason}), ${paused.counts.ready} of ${paused.total} still ready`;
        }
      };
      const hostile = await phase(api, metricsToken, client, () => {
        until = Date.now() + seconds * 1000;
        return Promise.all([...Array.from({ length: PREVIEWERS }, previewing), batching()]);
      });
      previews.sort((a, b) => a - b);
      return {
        title: `Request loop under a hostile render load (${ctx.config.target}, ${availableParallelism()} CPUs, ${seconds} s a phase)`,
        lines: [],
        notes: [
          describePhase('quiet  ', quiet),
          describePhase('hostile', hostile),
          `previews: ${previews.length} answered (HTTP ${[...statuses].join(', ')}), p50 ${ms(percentile(previews, 50))} ms, max ${ms(previews.at(-1) ?? NaN)} ms (one company: half the render threads)`,
          `batch: run ${pauses.length} times, paused after ${ms(percentile([...pauses].sort((a, b) => a - b), 50))} ms (p50, its first render waiting behind the company's previews); last: ${reason}`,
          `targets: loop p99 < 50 ms ${hostile.loop.p99 < 50 ? 'met' : 'NOT met'}; every /api/health answer within 100 ms ${Math.max(...hostile.health) < 100 ? 'met' : 'NOT met'}`,
        ],
      };
    } finally {
      await api?.stop();
      await fake.close();
      database.remove();
    }
  },
};
