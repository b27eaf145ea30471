import type { I18nProvider } from '@refinedev/core';
import { formatNumber } from '../definitions/format';
import { loadedDutch } from './dutch';
import { en } from './en';
import type { Locale } from './locale';

/** Fills `{{name}}` in; a numeric count gets the separators of the language ('10,395', '10.395'). */
function interpolate(locale: Locale, text: string, values: Record<string, unknown> | undefined): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (match, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b) as string;
    const value = values[name];
    if (value === undefined) return match;
    return name === 'count' && typeof value === 'number' ? formatNumber(value, locale) : String(value);
  });
}

/** Dutch for a key, from the dictionary or its patterns; undefined before the dictionary is in (dutch.ts). */
function inDutch(key: string): string | undefined {
  const dutch = loadedDutch();
  if (!dutch) return undefined;
  if (dutch.nl[key] !== undefined) return dutch.nl[key];
  for (const [pattern, replacement] of dutch.nlPatterns) if (pattern.test(key)) return key.replace(pattern, replacement);
  return undefined;
}

/**
 * Looks a key up in the locale (its singular, '{key}|one', for a count of 1), then in English, then falls back to the default or the key itself.
 * Keys are either Refine's own (`buttons.save`) or the English text, gettext style, so the spec's
 * strings stay verbatim in English and only Dutch needs a dictionary.
 */
export function translateIn(locale: Locale, key: string, options?: unknown, defaultMessage?: string): string {
  const values = options && typeof options === 'object' ? (options as Record<string, unknown>) : undefined;
  const fallback = typeof options === 'string' ? options : defaultMessage;
  const singular = values?.count === 1 ? (locale === 'nl' ? inDutch(`${key}|one`) : undefined) ?? en[`${key}|one`] : undefined;
  const text = singular ?? (locale === 'nl' ? inDutch(key) : undefined) ?? en[key] ?? fallback ?? key;
  return interpolate(locale, text, values);
}

export function makeI18nProvider(locale: Locale, setLocale: (locale: Locale) => void): I18nProvider {
  return {
    translate: (key: string, options?: unknown, defaultMessage?: string) => translateIn(locale, key, options, defaultMessage),
    changeLocale: async (next: string) => setLocale(next === 'nl' ? 'nl' : 'en'),
    getLocale: () => locale,
  };
}
