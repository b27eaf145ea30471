import { use } from 'react';
import { loadDutch, loadedDutch } from './dutch';
import { translateIn } from './i18n-provider';
import type { Locale } from './locale';

/**
 * Translation for a page outside Refine (the sign-in page). English needs no dictionary; the Dutch one is fetched
 * once Dutch is chosen (dutch.ts), and the caller suspends until it is there.
 */
export function useTranslateOnDemand(locale: Locale): (key: string) => string {
  if (locale === 'nl' && !loadedDutch()) use(loadDutch());
  return (key) => translateIn(locale, key);
}
