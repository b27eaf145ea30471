import type { FieldError } from '@backoffice/resources';
import { type RenderedParts, type RenderTask, renderParts } from './render-task';
import { TemplateLanguageError, TemplateLimitError } from './template-language';

/** A task as the pool hands it over: messages to render in order, and where the thread notes when it began each. */
export interface RenderJob {
  tasks: RenderTask[];
  /** LiquidJS's time limit per template field, checked between template nodes */
  fieldMs: number;
  /** Date.now() when the thread began the message it is on: the pool's time limit counts from there, not from the queue */
  startedAt: BigInt64Array;
}

/**
 * Per message its parts or its template's errors; a render limit ends the job at that message (`limit`). Errors cross
 * the thread boundary as data: a thrown error would lose its class and its fields.
 */
export interface RenderAnswer {
  results: ({ parts: RenderedParts } | { errors: FieldError[] })[];
  limit?: FieldError[];
}

/** The render thread's entry (render-pool.ts loads this file in each thread). */
export default async function renderInThread({ tasks, fieldMs, startedAt }: RenderJob): Promise<RenderAnswer> {
  const results: RenderAnswer['results'] = [];
  for (const task of tasks) {
    Atomics.store(startedAt, 0, BigInt(Date.now()));
    try {
      results.push({ parts: await renderParts(task, fieldMs) });
    } catch (error) {
      if (error instanceof TemplateLimitError) return { results, limit: error.errors };
      if (!(error instanceof TemplateLanguageError)) throw error;
      results.push({ errors: error.errors });
    }
  }
  return { results };
}
