import { Liquid, type Template } from 'liquidjs';
import type { FieldError } from '@backoffice/resources';

/**
 * The template language: LiquidJS, made for templates written by people who must not run code. It has no
 * expressions that call functions, reads only own properties (`ownPropertyOnly`: no `constructor`, no
 * `__proto__`), knows only its own filters (`strictFilters`), reads partials from an empty in-memory map (never
 * the file system) and stops a template that runs too long or allocates too much. An unknown variable renders empty.
 * Rendering runs in the render threads (render-pool.ts), never on the request loop.
 */
export const FIELD_RENDER_LIMIT_MS = 1000;
const FIELD_MEMORY_LIMIT = 10_000_000;
/** characters one rendered field may have: a mail of a few fields stays far below what providers take */
const FIELD_OUTPUT_LIMIT = 1_000_000;
const LIMITS = { parseLimit: 100_000, memoryLimit: FIELD_MEMORY_LIMIT } as const;
const engine = (outputEscape?: 'escape') =>
  new Liquid({ ...LIMITS, ownPropertyOnly: true, strictFilters: true, strictVariables: false, templates: {}, cache: false, outputEscape });

/** HTML fields escape what variables hold (a name with `<` stays text); `| raw` opts out. */
const ENGINES = { html: engine('escape'), text: engine() } as const;
export type Markup = keyof typeof ENGINES;

/** Parsed templates by source, so a batch parses each field once. Bounded: admins edit, the cache forgets. */
const parsed = new Map<string, Template[]>();
const PARSED_KEEP = 500;

/** A template field that does not parse or render; `errors` name the field and the line. */
export class TemplateLanguageError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((error) => error.message).join('; '));
  }
}

/**
 * A render stopped by one of its limits (time, memory, output size), not by what the template says: the same
 * template would stop again for the next recipient, so a batch pauses on it instead of failing each recipient.
 */
export class TemplateLimitError extends TemplateLanguageError {}

const fieldError = (field: string, line: string | undefined, reason: string): FieldError => ({ field, message: line ? `${field} line ${line}: ${reason}` : `${field}: ${reason}` });

/** LiquidJS's own limits, named as an admin reads them. */
const liquidLimits = (renderMs: number): Record<string, string> => ({
  'template render limit exceeded': `stopped after ${renderMs / 1000} s, the render time limit per field`,
  'memory alloc limit exceeded': `stopped at ${FIELD_MEMORY_LIMIT / 1_000_000} MB, the memory limit per field`,
});

function templateError(field: string, error: unknown, renderMs = FIELD_RENDER_LIMIT_MS): TemplateLanguageError {
  const message = error instanceof Error ? error.message : String(error);
  const [, line] = /line:(\d+)/.exec(message) ?? [];
  const reason = message.replace(/,? line:\d+, col:\d+.*$/s, '');
  const limit = liquidLimits(renderMs)[reason];
  return limit ? new TemplateLimitError([fieldError(field, line, limit)]) : new TemplateLanguageError([fieldError(field, line, reason)]);
}

export function parseTemplate(markup: Markup, field: string, source: string): Template[] {
  const key = `${markup}\u0000${source}`;
  const known = parsed.get(key);
  if (known) return known;
  let templates: Template[];
  try {
    templates = ENGINES[markup].parse(source);
  } catch (error) {
    throw templateError(field, error);
  }
  if (parsed.size >= PARSED_KEEP) parsed.delete(parsed.keys().next().value!);
  parsed.set(key, templates);
  return templates;
}

/**
 * Renders one template field; `field` names it in errors (e.g. `content.en`), `renderMs` is its time limit.
 * Synchronous on purpose: the time limit is wall-clock time, which other work in the thread would eat into if the
 * render awaited.
 */
export function renderField(markup: Markup, field: string, source: string | undefined, scope: object, renderMs: number): string {
  if (!source) return '';
  const templates = parseTemplate(markup, field, source);
  let output: string;
  try {
    output = ENGINES[markup].renderSync(templates, scope, { renderLimit: renderMs }) as string;
  } catch (error) {
    throw templateError(field, error, renderMs);
  }
  if (output.length > FIELD_OUTPUT_LIMIT) throw new TemplateLimitError([fieldError(field, undefined, `renders more than ${FIELD_OUTPUT_LIMIT / 1_000_000} million characters, the output limit per field`)]);
  return output;
}

/** Syntax errors of several fields at once (for saving a template): every field that does not parse. */
export function syntaxErrors(fields: { markup: Markup; field: string; source: unknown }[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const { markup, field, source } of fields) {
    if (typeof source !== 'string' || source === '') continue;
    try {
      parseTemplate(markup, field, source);
    } catch (error) {
      if (error instanceof TemplateLanguageError) errors.push(...error.errors);
      else throw error;
    }
  }
  return errors;
}
