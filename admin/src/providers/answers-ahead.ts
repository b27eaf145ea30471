/**
 * Answers the page asked for ahead of the admin's code: a signed-in visit to a list or edit screen has index.html ask
 * for the list's first page or the record (`<link rel="preload" as="fetch" data-answer-ahead>`,
 * api/src/common/route-preloads.ts) while the scripts load. The first screen's queries take them (query-client.ts),
 * so its rows or its record come with its first render instead of a request sent from that render and a second
 * render for its answer.
 */
export interface AnswerAhead {
  body: unknown;
  /** header names in lower case, as axios gives them */
  headers: Record<string, string>;
}

/** How long after it came in an answer still serves: the first screen renders within it, a later one asks afresh. */
const SERVES_MS = 5_000;

const answers = new Map<string, AnswerAhead & { arrivedAt: number }>();

/** A request as compared: its path and its parameters in order, however they were encoded. */
export function requestKey(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://admin.invalid');
  // code-unit order: localeCompare would build a collator first, a tenth of a second in a cold page
  const params = [...searchParams].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).sort();
  return `${pathname}?${params.join('&')}`;
}

async function fetchAnswer(href: string): Promise<void> {
  // the same address, mode and credentials as the link's, so the browser hands over what it preloaded
  const response = await fetch(href);
  if (!response.ok) return;
  answers.set(requestKey(href), { body: await response.json(), headers: Object.fromEntries(response.headers), arrivedAt: Date.now() });
}

/** The addresses index.html asked for ahead. */
const linkedAnswers = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"][data-answer-ahead]')].map((link) => link.href);

/** Takes the answers asked for ahead; settles once each is in or failed (a failure is the screen's own request to show). */
export function fetchAnswersAhead(hrefs: readonly string[] = linkedAnswers()): Promise<void> {
  return Promise.all(hrefs.map((href) => fetchAnswer(href).catch(() => undefined))).then(() => undefined);
}

/** The answer asked for ahead for `url`, once, while it serves. */
export function takeAnswerAhead(url: string): AnswerAhead | undefined {
  if (answers.size === 0) return undefined;
  const key = requestKey(url);
  const answer = answers.get(key);
  answers.delete(key);
  return answer && Date.now() - answer.arrivedAt < SERVES_MS ? { body: answer.body, headers: answer.headers } : undefined;
}
