import type { I18nProvider } from '@refinedev/core';
import { en } from './en';
import type { Locale } from './locale';
import { nl, nlPatterns } from './nl';

const DICTIONARIES: Record<Locale, Record<string, string>> = { en, nl };

function interpolate(text: string, values: Record<string, unknown> | undefined): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (match, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b) as string;
    return values[name] === undefined ? match : String(values[name]);
  });
}

function fromPattern(key: string): string | undefined {
  for (const [pattern, replacement] of nlPatterns) if (pattern.test(key)) return key.replace(pattern, replacement);
  return undefined;
}

/**
 * Looks a key up in the locale, then in English, then falls back to the default or the key itself.
 * Keys are either Refine's own (`buttons.save`) or the English text, gettext style, so the spec's
 * strings stay verbatim in English and only Dutch needs a dictionary.
 */
export function translateIn(locale: Locale, key: string, options?: unknown, defaultMessage?: string): string {
  const values = options && typeof options === 'object' ? (options as Record<string, unknown>) : undefined;
  const fallback = typeof options === 'string' ? options : defaultMessage;
  const text = DICTIONARIES[locale][key] ?? (locale === 'nl' ? fromPattern(key) : undefined) ?? en[key] ?? fallback ?? key;
  return interpolate(text, values);
}

export function makeI18nProvider(locale: Locale, setLocale: (locale: Locale) => void): I18nProvider {
  return {
    translate: (key: string, options?: unknown, defaultMessage?: string) => translateIn(locale, key, options, defaultMessage),
    changeLocale: async (next: string) => setLocale(next === 'nl' ? 'nl' : 'en'),
    getLocale: () => locale,
  };
}
