import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Logger, ServiceUnavailableException } from '@nestjs/common';
import { Piscina } from 'piscina';
import { shutdownSignal } from '../../common/process-lifecycle';
import { CompanyShares } from './company-shares';
import type { RenderedParts, RenderTask } from './render-task';
import type { RenderAnswer, RenderJob } from './render-worker';
import { FIELD_RENDER_LIMIT_MS, TemplateLanguageError, TemplateLimitError } from './template-language';

export interface RenderPoolLimits {
  /** threads in the pool; a company may use half of them at once */
  threads: number;
  /** LiquidJS's time limit per template field (subject, content, footer), checked between template nodes */
  fieldMs: number;
  /** a message's hard time limit, counted from when its thread begins it */
  messageMs: number;
  /** the old-generation heap of a render thread */
  heapMb: number;
  /** how long a message may wait for a thread before it answers 503 (all threads busy, or none can start) */
  queueMs: number;
}

/**
 * One fewer thread than the CPUs, so the request loop keeps a core, and at least 2, so that one company's half
 * leaves a thread to the others. LiquidJS stops each of a message's fields (subject, content, footer) at 1 s by
 * itself, checking between template nodes; the hard limit of 3 such fields plus a second for the layout catches
 * what it cannot check (one filter over a huge string, the layout) by ending the thread. 128 MB of heap is some
 * four times what a thread with LiquidJS and MJML loaded uses.
 */
export const DEFAULT_LIMITS: RenderPoolLimits = {
  threads: Math.max(2, availableParallelism() - 1),
  fieldMs: FIELD_RENDER_LIMIT_MS,
  messageMs: 3 * FIELD_RENDER_LIMIT_MS + 1000,
  heapMb: 128,
  queueMs: 30_000,
};

/** Names the render threads' script when the server runs from its TypeScript sources (the tests' global setup). */
export const RENDER_WORKER_BUNDLE = 'RENDER_WORKER_BUNDLE';

/**
 * The thread's script. Built (api/dist, CommonJS, the production image) it is render-worker.js beside this file.
 * Run from the TypeScript sources (vitest, which compiles them in its own loader, one that threads do not share)
 * it is the bundle that api/test/support/render-worker-bundle.ts makes before the tests start.
 */
function threadScript(): string {
  const compiled = join(__dirname, 'render-worker.js');
  if (existsSync(compiled)) return compiled;
  const bundled = process.env[RENDER_WORKER_BUNDLE];
  if (!bundled) throw new Error(`render threads need ${compiled}: run npm run build`);
  return bundled;
}

const logger = new Logger('RenderPool');

const limitError = (reason: string) => new TemplateLimitError([{ field: 'template', message: `a message ${reason}` }]);
/** messages per thread task: an answer copies back at most some 1 MB of HTML, and waits between parts stay short */
const MESSAGES_PER_TASK = 100;

/**
 * Template rendering off the request loop: a pool of worker threads (piscina) with hard limits per message and a
 * share per company. At a limit the render ends and its message is not made: LiquidJS's own limits (1 s and 10 MB
 * per field, template-language.ts) end it in the thread with an error naming the field; past the message's time
 * limit, or its thread's heap, the thread itself is ended and replaced. Either way the caller gets a
 * TemplateLimitError: a preview answers 400, a sender records an error, a batch pauses.
 */
export class RenderPool {
  private piscina: Piscina<RenderJob, RenderAnswer> | undefined;
  private readonly shares: CompanyShares;
  private closed = false;

  constructor(private readonly limits: RenderPoolLimits = DEFAULT_LIMITS) {
    this.shares = new CompanyShares(Math.max(1, Math.floor(limits.threads / 2)));
  }

  /** The threads start with the first render, so a process that renders nothing starts none. */
  private get threads(): Piscina<RenderJob, RenderAnswer> {
    if (this.piscina) return this.piscina;
    this.piscina = new Piscina({
      filename: threadScript(),
      // all threads start at once and stay: a message given to a thread that is still starting waits for it
      minThreads: this.limits.threads,
      maxThreads: this.limits.threads,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb },
      // on a busy machine the request loop's thread wins the CPU over rendering
      niceIncrement: 10,
    });
    // a thread that fails outside any task (while starting) is reported here, not as a crash of the process
    this.piscina.on('error', (error: unknown) => logger.error(`a render thread failed: ${error instanceof Error ? error.message : String(error)}`));
    return this.piscina;
  }

  /**
   * Messages of one company in order, each rendered or the error of its template; a render limit throws
   * TemplateLimitError for them all (the template would stop for every recipient). They go to one thread at a time
   * in parts, so a batch's chunk costs a few hand-overs, not one per message.
   */
  async renderAll(companyId: string, tasks: readonly RenderTask[]): Promise<(RenderedParts | TemplateLanguageError)[]> {
    const release = await this.shares.take(companyId);
    try {
      const rendered: (RenderedParts | TemplateLanguageError)[] = [];
      for (let from = 0; from < tasks.length; from += MESSAGES_PER_TASK) {
        const answer = await this.runLimited(tasks.slice(from, from + MESSAGES_PER_TASK));
        if (answer.limit) throw new TemplateLimitError(answer.limit);
        rendered.push(...answer.results.map((result) => ('parts' in result ? result.parts : new TemplateLanguageError(result.errors))));
      }
      return rendered;
    } finally {
      release();
    }
  }

  /** Ends the threads; renders waiting or running answer 503 (the process is shutting down), as at the shutdown signal. */
  async close(): Promise<void> {
    this.closed = true;
    await this.piscina?.destroy();
  }

  private async runLimited(tasks: RenderTask[]): Promise<RenderAnswer> {
    if (this.closed || shutdownSignal.aborted) throw stopped();
    const startedAt = new BigInt64Array(new SharedArrayBuffer(8));
    const abort = new AbortController();
    // at the shutdown signal renders end at once, so the requests waiting for them finish within the grace
    const onShutdown = () => abort.abort(stopped());
    shutdownSignal.addEventListener('abort', onShutdown, { once: true });
    const queuedAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    // the time limit counts from when the thread began the message it is on, not from the wait in the queue
    const check = () => {
      const started = Number(Atomics.load(startedAt, 0));
      const now = Date.now();
      const leftMs = started ? started + this.limits.messageMs - now : queuedAt + this.limits.queueMs - now;
      // aborting a running task terminates its thread: the render stops now, whatever it was doing
      if (leftMs <= 0) return abort.abort(started ? limitError(`stopped after ${this.limits.messageMs / 1000} s, the render time limit per message`) : busy());
      timer = setTimeout(check, started ? leftMs : Math.min(leftMs, this.limits.messageMs));
    };
    check();
    try {
      return await this.threads.run({ tasks, fieldMs: this.limits.fieldMs, startedAt }, { signal: abort.signal });
    } catch (error) {
      if (this.closed) throw stopped();
      if (abort.signal.aborted) throw abort.signal.reason;
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw limitError(`stopped at ${this.limits.heapMb} MB, the memory limit of a render`);
      throw error;
    } finally {
      clearTimeout(timer);
      shutdownSignal.removeEventListener('abort', onShutdown);
    }
  }
}

const stopped = () => new ServiceUnavailableException({ message: 'The server is restarting; try again in a moment' });
const busy = () => new ServiceUnavailableException({ message: 'Rendering is busy; try again in a moment' });
