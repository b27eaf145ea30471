import { readFileSync } from 'node:fs';
import { startMailgunFake } from '../src/communication/channels/mailgun-fake';
import { BatchClient, type ApiProcess, seedBatchCompany, startApiProcess } from './batch-process';
import type { Benchmark, BenchResult } from './types';

const RECIPIENTS = Number(process.env.BENCH_BATCH_RECIPIENTS ?? 100_000);
const RESUME_RECIPIENTS = Math.min(20_000, Math.round(RECIPIENTS / 5));
const CHUNK = Number(process.env.BENCH_BATCH_CHUNK ?? 1000);

/** Resident memory of a process in MB: `VmHWM` is its peak, `VmRSS` its current size (Linux). */
function memoryOf(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((candidate) => candidate.startsWith(`${field}:`));
  return line ? Math.round(Number(line.split(/\s+/)[1]) / 1024) : NaN;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * A mail batch of 100 000 recipients (BENCH_BATCH_RECIPIENTS) rendered (Email - Modern) and handed to the fake Mailgun
 * in chunks of 1 000 (BENCH_BATCH_CHUNK),
 * by the API's worker in a process of its own (its peak RSS is reported), end to end: from Run until the batch
 * is completed, with every item marked and its communicationMail record written. Then the resume: a batch of
 * 20 000 (a fifth of BENCH_BATCH_RECIPIENTS) killed (SIGKILL) mid-way, the API started again, and the time until the fake receives mail again.
 * PostgreSQL only: the embedded database belongs to the bench process and cannot be shared with the worker's.
 */
export const batchSend: Benchmark = {
  name: 'batch-send',
  async run(ctx): Promise<BenchResult> {
    if (ctx.config.target !== 'postgres') {
      return { title: 'Batch send', lines: [], notes: ['skipped: needs DATABASE_URL (the worker runs in a process of its own, on the same database)'] };
    }
    process.env.MAILGUN_FAKE_EVENTS = 'off';
    process.env.MAILGUN_FAKE_BODIES = 'off';
    const fake = await startMailgunFake();
    const env = { DATABASE_URL: ctx.config.databaseUrl!, DATABASE_SCHEMA: ctx.config.databaseSchema ?? '', MAILGUN_URL: fake.url, BATCH_WORKER: 'true' };
    const fakeCount = async () => ((await (await fetch(`${fake.url}/_fake/mail-count`)).json()) as { count: number }).count;
    let api: ApiProcess | undefined;
    const notes: string[] = [];
    try {
      ctx.log(`seeding ${RECIPIENTS} recipients`);
      const big = await seedBatchCompany(ctx.db, RECIPIENTS, 'bench-batch');
      const small = await seedBatchCompany(ctx.db, RESUME_RECIPIENTS, 'bench-resume');
      await ctx.db.exec('VACUUM ANALYZE "user"');
      api = await startApiProcess(env);
      const client = await BatchClient.signIn(api.baseUrl, big.emailOf('super'));
      const createdAt = Date.now();
      const batch = await client.createMailBatch(CHUNK);
      const groupMs = Date.now() - createdAt;
      ctx.log(`batch of ${batch.total} made in ${seconds(groupMs)} s; running`);
      let peakSampled = 0;
      const sampler = setInterval(() => (peakSampled = Math.max(peakSampled, memoryOf(api!.child.pid!, 'VmRSS'))), 250);
      const startedAt = Date.now();
      await client.call('POST', `/api/company/batch/${batch._id}/run`, {});
      const status = await client.waitFor(batch._id, (current) => current.runner !== 'running', 3_600_000, 250);
      const elapsedMs = Date.now() - startedAt;
      clearInterval(sampler);
      const peak = memoryOf(api.child.pid!, 'VmHWM');
      const sent = await fakeCount();
      notes.push(
        `${batch.total} mail recipients: ${status.runner}, ${status.counts.done} done, ${sent} mails at the fake Mailgun`,
        `end to end ${seconds(elapsedMs)} s = ${Math.round((status.counts.done / elapsedMs) * 1000)} messages/s (target >= 1000); group of ${batch.total} stored in ${seconds(groupMs)} s`,
        `API + worker process peak RSS ${peak} MB (largest sample while sending ${peakSampled} MB)`,
      );

      ctx.log(`resume: ${RESUME_RECIPIENTS} recipients, SIGKILL after a quarter`);
      await fetch(`${fake.url}/_fake/reset`, { method: 'POST' });
      const resumeClient = await BatchClient.signIn(api.baseUrl, small.emailOf('super'));
      const resume = await resumeClient.createMailBatch(CHUNK);
      await resumeClient.call('POST', `/api/company/batch/${resume._id}/run`, {});
      while ((await fakeCount()) < RESUME_RECIPIENTS / 4) await new Promise((wait) => setTimeout(wait, 20));
      await api.kill();
      const killedAt = Date.now();
      const atKill = await fakeCount();
      api = await startApiProcess(env);
      const listeningMs = Date.now() - killedAt;
      while ((await fakeCount()) <= atKill) await new Promise((wait) => setTimeout(wait, 20));
      const resumedMs = Date.now() - killedAt;
      const done = await resumeClient.withBase(api.baseUrl).waitFor(resume._id, (current) => current.runner === 'completed', 3_600_000, 250);
      const recipients = ((await (await fetch(`${fake.url}/_fake/mails`)).json()) as { to: string }[]).map((mail) => mail.to);
      notes.push(
        `resume after SIGKILL (${atKill} of ${RESUME_RECIPIENTS} sent): API listening again ${seconds(listeningMs)} s after the kill, sending again after ${seconds(resumedMs)} s ` +
          '(includes the 10 s after which a silent worker is taken for dead)',
        `after the resume: ${done.counts.done} done, ${recipients.length - new Set(recipients).size} duplicates, ${RESUME_RECIPIENTS - new Set(recipients).size} lost`,
      );
      return { title: `Batch send: ${RECIPIENTS} mail recipients, Email - Modern, chunks of ${CHUNK}, worker concurrency ${process.env.BATCH_WORKER_CONCURRENCY ?? 2}`, lines: [], notes };
    } finally {
      await api?.stop();
      await fake.close();
      delete process.env.MAILGUN_FAKE_EVENTS;
      delete process.env.MAILGUN_FAKE_BODIES;
    }
  },
};
