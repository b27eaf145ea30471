import type { Server } from 'node:http';
import { ServiceUnavailableException } from '@nestjs/common';

/** How long requests in flight may take to finish after SIGTERM before their connections are closed. */
const REQUEST_GRACE_MS = 6000;
/** The process exits by then whatever still runs: orchestrators send SIGKILL after 10 s by default. */
const EXIT_DEADLINE_MS = 9500;

const shutdown = new AbortController();

/** Aborted once the process begins to shut down; long work (exports, imports, provider calls) stops on it. */
export const shutdownSignal: AbortSignal = shutdown.signal;

/** Ends work that a shutdown interrupted, answering 503 so the client knows to try again. */
export function throwIfShuttingDown(): void {
  if (shutdownSignal.aborted) throw new ServiceUnavailableException({ message: 'The server is restarting; try again in a moment' });
}

/**
 * On SIGINT and SIGTERM: signals long work to stop, then `close` (stop accepting, finish requests, hand back
 * claimed work, close the pool), then exits 0; exits 1 if that fails or passes the deadline.
 */
export function closeOnSignals(close: () => Promise<void>): void {
  const stop = (signal: string) => {
    if (shutdown.signal.aborted) return;
    const started = Date.now();
    shutdown.abort();
    setTimeout(() => {
      console.error(`Shutdown on ${signal} passed ${EXIT_DEADLINE_MS} ms; exiting`);
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    close().then(
      () => {
        console.log(`Stopped on ${signal} in ${Date.now() - started} ms`);
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`Shutdown on ${signal} failed`, error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/**
 * Stops accepting connections and lets the requests in flight finish: idle keep-alive connections close at once,
 * busy ones after their answer (`Connection: close`), and whatever still runs after the grace is cut off.
 */
export function drainHttpServer(server: Server, graceMs = REQUEST_GRACE_MS): Promise<void> {
  server.on('request', (_request, response) => response.setHeader('Connection', 'close'));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
  return closed.finally(() => {
    clearInterval(idle);
    clearTimeout(cutOff);
  });
}

/** Runs a process's entry point; a failure is printed and ends the process. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
