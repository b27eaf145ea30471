/// <reference types="node" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Where the main thread's time goes, by the kind of work Chromium's trace events name. */
const KINDS: [string, RegExp][] = [
  ['script compile', /^(v8\.compile|v8\.compileModule|v8\.parseOnBackground|V8\.CompileCode|v8\.produceCache|v8\.produceModuleCache)/],
  ['script run', /^(v8\.evaluateModule|EvaluateScript|FunctionCall|TimerFire|RunMicrotasks|FireAnimationFrame|EventDispatch|v8\.callFunction|v8\.run|XHRReadyStateChange|FireIdleCallback)$/],
  ['garbage collection', /GC|Scavenge|MarkCompact/],
  ['style and layout', /^(UpdateLayoutTree|Layout|RecalculateStyles|ScheduleStyleRecalculation|InvalidateLayout)$/],
  ['paint', /^(Paint|PrePaint|Layerize|Commit|CompositeLayers|UpdateLayer|PaintImage)$/],
  ['parse HTML and CSS', /^(ParseHTML|ParseAuthorStyleSheet)$/],
];

export const TRACE_KINDS = KINDS.map(([kind]) => kind);

/** Self time (ms) of the page's main thread by kind of work, from the trace's complete events. */
function mainThreadTime(events: TraceEvent[]): Record<string, number> {
  // the page's renderer main thread: of the threads Chromium names so, the one that ran the most
  const busy = new Map<string, number>();
  const key = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const mains = new Set(events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map(key));
  for (const event of events) if (event.name === 'RunTask' && event.dur && mains.has(key(event))) busy.set(key(event), (busy.get(key(event)) ?? 0) + event.dur);
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const spans = events.filter((event) => event.ph === 'X' && event.dur && key(event) === main).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const totals: Record<string, number> = Object.fromEntries(TRACE_KINDS.map((kind) => [kind, 0]));
  // a span's self time is its duration less its children's, which the stack of open spans tracks
  const stack: { end: number; kind: string | undefined; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const done = stack.pop()!;
      if (done.kind) totals[done.kind] += done.self / 1000;
    }
  };
  for (const span of spans) {
    close(span.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= span.dur!;
    const kind = KINDS.find(([, pattern]) => pattern.test(span.name))?.[0] ?? parent?.kind;
    stack.push({ end: span.ts + span.dur!, kind, self: span.dur! });
  }
  close(Infinity);
  return totals;
}

/** Records a Chromium performance trace while `run` loads a page; saved under `file` when given. */
export async function traced<T>(page: Page, file: string | undefined, run: () => Promise<T>): Promise<{ result: T; mainThread: Record<string, number> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'disabled-by-default-v8.cpu_profiler'] },
    transferMode: 'ReportEvents',
  });
  const result = await run();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  if (file) writeFileSync(file, JSON.stringify({ traceEvents: events }));
  return { result, mainThread: mainThreadTime(events) };
}

export const traceFile = (dir: string | undefined, name: string) => (dir ? join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`) : undefined);
