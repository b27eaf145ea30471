import { Liquid, type Template } from 'liquidjs';
import type { FieldError } from '@backoffice/resources';

/**
 * The template language: LiquidJS, made for templates written by people who must not run code. It has no
 * expressions that call functions, reads only own properties (`ownPropertyOnly`: no `constructor`, no
 * `__proto__`), knows only its own filters (`strictFilters`), reads partials from an empty in-memory map (never
 * the file system) and stops a template that runs too long or allocates too much. An unknown variable renders empty.
 */
const LIMITS = { parseLimit: 100_000, renderLimit: 250, memoryLimit: 10_000_000 } as const;
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

function describe(field: string, error: unknown): FieldError {
  const message = error instanceof Error ? error.message : String(error);
  const [, line] = /line:(\d+)/.exec(message) ?? [];
  const reason = message.replace(/,? line:\d+, col:\d+.*$/s, '');
  return { field, message: line ? `${field} line ${line}: ${reason}` : `${field}: ${reason}` };
}

export function parseTemplate(markup: Markup, field: string, source: string): Template[] {
  const key = `${markup}\u0000${source}`;
  const known = parsed.get(key);
  if (known) return known;
  let templates: Template[];
  try {
    templates = ENGINES[markup].parse(source);
  } catch (error) {
    throw new TemplateLanguageError([describe(field, error)]);
  }
  if (parsed.size >= PARSED_KEEP) parsed.delete(parsed.keys().next().value!);
  parsed.set(key, templates);
  return templates;
}

/** Renders one template field; `field` names it in errors (e.g. `content.en`). */
export async function renderField(markup: Markup, field: string, source: string | undefined, scope: object): Promise<string> {
  if (!source) return '';
  const templates = parseTemplate(markup, field, source);
  try {
    return (await ENGINES[markup].render(templates, scope)) as string;
  } catch (error) {
    throw new TemplateLanguageError([describe(field, error)]);
  }
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
