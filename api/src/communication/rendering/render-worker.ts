import type { FieldError } from '@backoffice/resources';
import { type RenderedParts, type RenderTask, renderParts } from './render-task';
import { TemplateLanguageError, TemplateLimitError } from './template-language';

/** A task as the pool hands it over: the message, and where the thread notes the time it took it up. */
export interface RenderJob {
  task: RenderTask;
  /** Date.now() when the thread began, written here so the pool's time limit does not count the wait in the queue */
  startedAt: BigInt64Array;
}

/** Errors cross the thread boundary as data: a thrown error would lose its class and its fields. */
export type RenderAnswer = { parts: RenderedParts } | { errors: FieldError[]; limit: boolean };

/** The render thread's entry (render-pool.ts loads this file in each thread). */
export default async function renderInThread({ task, startedAt }: RenderJob): Promise<RenderAnswer> {
  Atomics.store(startedAt, 0, BigInt(Date.now()));
  try {
    return { parts: await renderParts(task) };
  } catch (error) {
    if (error instanceof TemplateLanguageError) return { errors: error.errors, limit: error instanceof TemplateLimitError };
    throw error;
  }
}
