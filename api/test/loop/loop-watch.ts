import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { TestApp } from '../support/test-app';

/**
 * ms the loop's thread has waited, runnable, for a CPU the machine gave to other work (Linux schedstat; 0 elsewhere).
 * On a crowded machine that waiting is most of what delays the loop; it is not work the app does on its loop, so the
 * checks below take it out and the messages show it.
 */
function cpuWaitMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return 0;
  }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AnswerTimes {
  /** ms from sending to the answer */
  total: number;
  /** the same less the time the loop's thread waited for a CPU meanwhile */
  own: number;
}

/**
 * Another client: calls these paths together every 100 ms and times each answer. It runs on the app's loop (the app
 * runs in the test's process), so a loop held by the app's work delays both the call and its answer.
 */
export function probe(t: TestApp, headers: Record<string, string>, paths: string[], everyMs = 100): { stop(): Promise<{ answers: Record<string, AnswerTimes[]>; failures: string[] }> } {
  const answers: Record<string, AnswerTimes[]> = Object.fromEntries(paths.map((path) => [path, []]));
  const failures: string[] = [];
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      const beat = sleep(everyMs);
      await Promise.all(
        paths.map(async (path) => {
          const [sent, waited] = [performance.now(), cpuWaitMs()];
          const response = await t.http.get(path).set(headers);
          const total = performance.now() - sent;
          answers[path].push({ total, own: total - (cpuWaitMs() - waited) });
          if (response.status !== 200) failures.push(`${path}: ${response.status}`);
        }),
      );
      await beat;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return { answers, failures };
    },
  };
}

/**
 * The event-loop delay of this process (the app's) while `work` runs: a timer every 10 ms notes how late it fires,
 * and how much of that lateness the loop's thread spent waiting for a CPU; `ownP99` and `ownMax` are of the delays less
 * that waiting (the timer samples the loop as perf_hooks.monitorEventLoopDelay does, at the same 10 ms).
 */
export async function loopDelayDuring<T>(work: () => Promise<T>): Promise<{ result: T; p99: number; max: number; ownP99: number; ownMax: number; cpuWait: number }> {
  const everyMs = 10;
  const delays: number[] = [];
  const own: number[] = [];
  const waitedFirst = cpuWaitMs();
  let [last, waitedLast] = [performance.now(), waitedFirst];
  const timer = setInterval(() => {
    const [now, waited] = [performance.now(), cpuWaitMs()];
    const delay = Math.max(0, now - last - everyMs);
    delays.push(delay);
    own.push(Math.max(0, delay - (waited - waitedLast)));
    [last, waitedLast] = [now, waited];
  }, everyMs);
  try {
    const result = await work();
    return { result, p99: percentile(delays, 99), max: Math.max(...delays), ownP99: percentile(own, 99), ownMax: Math.max(...own), cpuWait: cpuWaitMs() - waitedFirst };
  } finally {
    clearInterval(timer);
  }
}
