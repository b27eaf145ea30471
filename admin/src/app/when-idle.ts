/** How long a browser without idle callbacks (Safari) waits instead: past a page's first tasks. */
const WITHOUT_IDLE_CALLBACKS_MS = 50;

/**
 * Runs `run` when the browser next has nothing to do, at the latest after `timeoutMs`; answers what cancels it.
 * Safari has no idle callbacks: it runs `run` after a short timer instead.
 */
export function whenIdle(run: () => void, timeoutMs?: number): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(run, WITHOUT_IDLE_CALLBACKS_MS);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(run, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}
