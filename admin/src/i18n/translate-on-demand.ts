import { use } from 'react';
import { en } from './en';
import type { Locale } from './locale';

let dutch: Promise<typeof import('./i18n-provider')> | undefined;

/**
 * Translation for a page outside Refine (the sign-in page). English needs no dictionary; the Dutch one holds every
 * string of the admin, so it is fetched only once Dutch is chosen, and the caller suspends until it is there.
 */
export function useTranslateOnDemand(locale: Locale): (key: string) => string {
  if (locale === 'en') return (key) => en[key] ?? key;
  const { translateIn } = use((dutch ??= import('./i18n-provider')));
  return (key) => translateIn(locale, key);
}
