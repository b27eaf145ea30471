import { spawn } from 'node:child_process';
import http from 'node:http';

/** One measured line: latencies in milliseconds and the throughput. */
export interface Measurement {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
}

/** The middle one of several runs of the same measurement, by latency (p50) or by throughput (rps). */
export function medianRun(runs: readonly Measurement[], by: 'p50' | 'rps' = 'p50'): Measurement {
  return [...runs].sort((a, b) => a[by] - b[by])[Math.floor(runs.length / 2)];
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * Runs `concurrency` loops of `fn` for `seconds` (after a short warm-up) and times every call precisely.
 * Used for raw SQL and for in-process HTTP checks.
 */
export async function measureLoops(concurrency: number, seconds: number, fn: (loop: number) => Promise<void>): Promise<Measurement> {
  for (let i = 0; i < 5; i++) await Promise.all(Array.from({ length: concurrency }, (_, loop) => fn(loop)));
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await fn(loop);
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / elapsed, requests: latencies.length, errors };
}

/**
 * Loads an HTTP endpoint with autocannon in a child process (so the load generator does not share the
 * server's event loop). autocannon reports latencies in whole milliseconds.
 */
export async function measureAutocannon(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Measurement & { served: number }> {
  const cli = require.resolve('autocannon/autocannon.js');
  const args = [cli, '-c', String(connections), '-d', String(seconds), '-j', '-n', '--warmup', '[', '-c', String(connections), '-d', '1', ']'];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  args.push(url);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`autocannon exited with ${code}: ${stderr}`))));
  });
  // with a warm-up autocannon prints two results, one JSON line each: the last one is the measurement
  const lines = output.split('\n').filter((line) => line.trim().startsWith('{'));
  const results = lines.map((line) => JSON.parse(line)) as {
    latency: { p50: number; p99: number };
    requests: { average: number; total: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }[];
  const result = results[results.length - 1];
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.total / result.duration,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    // the warm-up's requests too: what the server answered while autocannon ran
    served: results.reduce((sum, run) => sum + run.requests.total, 0),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A GET over a kept-alive connection; resolves with the status, headers and body. */
export function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

/** A GET that must answer 200. */
export async function getOk(url: string, headers: Record<string, string>): Promise<void> {
  const response = await get(url, headers);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${response.body.slice(0, 200)}`);
}

/** The peak RSS of this process (where the benchmarks run the API) while `work` runs, sampled every 20 ms. */
export async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRss: number }> {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    return { result, peakRss: Math.max(peakRss, process.memoryUsage().rss) };
  } finally {
    clearInterval(sampler);
  }
}
