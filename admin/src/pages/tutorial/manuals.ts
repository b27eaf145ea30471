/** A manual as the browser reads it (the tutorial model). */
export interface Manual {
  _id: string;
  name?: { full?: string; description?: string; tag?: string[] };
  content?: { en?: string };
}

export interface Topic {
  topic: string;
  manuals: Manual[];
}

const OTHER_TOPIC = 'Other';

export const topicOf = (manual: Manual) => manual.name?.tag?.[0] || OTHER_TOPIC;
const sortKey = (manual: Manual) => manual.name?.tag?.[1] ?? '';
const title = (manual: Manual) => manual.name?.full ?? '';

/** Manuals grouped by their first tag, topics by name, manuals by their second tag (then title). */
export function byTopic(manuals: readonly Manual[]): Topic[] {
  const groups = new Map<string, Manual[]>();
  for (const manual of manuals) groups.set(topicOf(manual), [...(groups.get(topicOf(manual)) ?? []), manual]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([topic, list]) => ({
      topic,
      manuals: [...list].sort((a, b) => sortKey(a).localeCompare(sortKey(b), undefined, { numeric: true }) || title(a).localeCompare(title(b))),
    }));
}

const plainText = (html = '') => html.replace(/<[^>]*>/g, ' ');

/** How well a manual matches every word: in its title (3), its title, description and topic (2), anywhere (1), or not (0). */
function matchRank(manual: Manual, words: readonly string[]): number {
  const has = (text: string) => words.every((word) => text.toLowerCase().includes(word));
  if (has(title(manual))) return 3;
  const heading = [title(manual), manual.name?.description, topicOf(manual)].join(' ');
  if (has(heading)) return 2;
  return has(`${heading} ${plainText(manual.content?.en)}`) ? 1 : 0;
}

/**
 * Manuals matching every word of the query in title, description, topic or content, grouped by topic: the best
 * matches first (a title match before a match in the text), topics in the order of their best match.
 */
export function searchManuals(manuals: readonly Manual[], query: string): Topic[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return byTopic(manuals);
  const ranks = new Map(manuals.map((manual) => [manual, matchRank(manual, words)]));
  const rank = (manual: Manual) => ranks.get(manual) ?? 0;
  const best = (topic: Topic) => Math.max(...topic.manuals.map(rank));
  return byTopic(manuals.filter((manual) => rank(manual) > 0))
    .map((topic) => ({ topic: topic.topic, manuals: [...topic.manuals].sort((a, b) => rank(b) - rank(a)) }))
    .sort((a, b) => best(b) - best(a));
}

/** The manual after this one in reading order (topic by topic), or null at the end. */
export function nextManual(manuals: readonly Manual[], id: string): Manual | null {
  const order = byTopic(manuals).flatMap((topic) => topic.manuals);
  const at = order.findIndex((manual) => manual._id === id);
  return at >= 0 ? order[at + 1] ?? null : null;
}
