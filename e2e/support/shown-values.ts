import { allResources, type FieldDef } from '@backoffice/resources';
import type { Page } from '@playwright/test';
import type { Api } from './api';
import { en } from '../../admin/src/i18n/en';
import { nl } from '../../admin/src/i18n/nl';

/** Where the admin shows a stored choice (a state, a type, a tag): a text there equal to a choice's id is raw. */
const CHOICE_PLACES = '.ant-tag, .row-tag, .ant-select-selection-item, .ant-select-item-option-content, .ant-timeline-item-content, .ant-typography strong, th';

/** The texts of a page that sit where the admin shows a stored choice, prefixed so `unformatted` checks them as such. */
export const CHOICE_MARK = '\u0000choice:';

/**
 * What a person sees on a page: the text of every visible text node (those where a choice is shown marked with
 * CHOICE_MARK), and the placeholders of visible fields.
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(([places, mark]) => {
    const texts: string[] = [];
    const visible = (element: Element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && element.getBoundingClientRect().width > 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (!text || !parent || parent.closest('script, style, noscript, textarea, .leaflet-container, [data-shows-id]') || !visible(parent)) continue;
      texts.push(parent.closest(places) ? mark + text : text);
    }
    for (const field of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
      const placeholder = field.getAttribute('placeholder')?.trim();
      if (placeholder && visible(field)) texts.push(placeholder);
    }
    return texts;
  }, [CHOICE_PLACES, CHOICE_MARK] as const);
}

const plain = (text: string) => (text.startsWith(CHOICE_MARK) ? text.slice(CHOICE_MARK.length) : text);

/** The English texts of the admin with their Dutch (a key of the Dutch dictionary, or Refine's English text of a key). */
function englishWithDutch(): Map<string, Set<string>> {
  const known = new Map<string, Set<string>>();
  const add = (english: string, dutch: string) => known.set(english, (known.get(english) ?? new Set()).add(dutch));
  for (const [key, dutch] of Object.entries(nl)) if (!key.includes('|') && !/^[a-z]+(\.[a-zA-Z]+)+$/.test(key)) add(key, dutch);
  for (const [key, english] of Object.entries(en)) if (!key.includes('|') && nl[key]) add(english, nl[key]);
  return known;
}

/** The definitions' labels, choice labels and help texts, which the admin translates. */
function definitionTexts(): string[] {
  const texts: string[] = [];
  const walk = (fields: readonly FieldDef[]) => {
    for (const field of fields) {
      if (field.label) texts.push(field.label);
      if (field.help) texts.push(field.help);
      texts.push(...Object.values(field.choiceLabels ?? {}));
      if (field.fields) walk(field.fields);
    }
  };
  for (const def of allResources().filter((resource) => resource.screens)) {
    texts.push(def.label, def.labelPlural ?? `${def.label}s`);
    walk(def.fields);
  }
  return texts;
}

/** Stored ids of states and other choices that have a label of their own: shown as stored, they are raw. */
function rawChoiceIds(): Set<string> {
  const ids = new Set<string>();
  const walk = (fields: readonly FieldDef[]) => {
    for (const field of fields) {
      for (const choice of field.choices ?? []) if (/^[a-z][a-z0-9]*([-_][a-z0-9]+)*$/.test(choice) && choice.length > 2) ids.add(choice);
      if (field.fields) walk(field.fields);
    }
  };
  for (const def of allResources()) walk(def.fields);
  return ids;
}

const ENGLISH_WITH_DUTCH = englishWithDutch();
const ENGLISH_TEXTS = new Set([...ENGLISH_WITH_DUTCH.keys(), ...definitionTexts()]);
const RAW_CHOICES = rawChoiceIds();

/**
 * Texts a person should not see on a Dutch page: an English text of the admin whose Dutch differs from it (a label
 * shown without its translation) or that has no Dutch at all.
 */
export function untranslated(texts: readonly string[], data: ReadonlySet<string>): string[] {
  const stillEnglish = (text: string) => /[a-z]{2}/i.test(text) && ENGLISH_TEXTS.has(text) && !ENGLISH_WITH_DUTCH.get(text)?.has(text) && !data.has(text);
  return [...new Set(texts.map(plain).filter(stillEnglish))];
}

/**
 * The names of the company's records (a page called 'Map', a manual called 'Refunds'): what people named is shown as
 * they wrote it, in either language.
 */
export async function recordNames(api: Api): Promise<Set<string>> {
  const names = new Set<string>();
  for (const def of allResources().filter((resource) => resource.titlePath)) {
    const rows = await api.list(def.name, `_start=0&_end=500&_select=${def.titlePath}`).then((answer) => answer.rows, () => []);
    for (const row of rows) {
      const title = def.titlePath.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], row);
      for (const text of typeof title === 'string' ? [title] : Object.values((title as Record<string, string> | undefined) ?? {})) if (text) names.add(text.trim());
    }
  }
  return names;
}

const UNFORMATTED: [string, RegExp][] = [
  ['unix time', /(^|[^\d.,])1[5-9]\d{8}($|[^\d.,])/],
  ['ISO date', /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
  // an id as a step of an address (a provider's message URL) is part of a value, not an id shown for a record
  ['record id', /(^|[^/\w])[0-9a-f]{24}\b/],
];

/** Values shown as stored: raw unix times, ISO dates, record ids, and state or choice ids shown as they are where choices are shown. */
export function unformatted(texts: readonly string[]): string[] {
  const found = texts.flatMap((text) => [
    ...UNFORMATTED.filter(([, pattern]) => pattern.test(plain(text))).map(([kind]) => `${kind}: ${plain(text)}`),
    ...(text.startsWith(CHOICE_MARK) && RAW_CHOICES.has(plain(text)) ? [`stored id: ${plain(text)}`] : []),
  ]);
  return [...new Set(found)];
}
