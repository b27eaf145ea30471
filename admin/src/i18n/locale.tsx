import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { loadDutch } from './dutch';

export const LOCALES = ['en', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
const KEY = 'backoffice.locale';

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'nl' ? 'nl' : 'en';
  } catch {
    return 'en';
  }
}

function storeLocale(locale: Locale): void {
  localStorage.setItem(KEY, locale);
}

interface LocaleState {
  locale: Locale;
  /** switches the language and remembers it for the next visit */
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleState>({ locale: 'en', setLocale: () => undefined });

/**
 * The admin's language, above the sign-in page and the signed-in admin alike (the sign-in page has its own switch and
 * does not load Refine, which translates through this state once signed in).
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(storedLocale);
  const state = useMemo<LocaleState>(
    () => ({
      locale,
      setLocale: (next) => {
        storeLocale(next);
        // switched once the Dutch dictionary is in, rather than showing English while it loads
        if (next === 'nl') void loadDutch().finally(() => setLocaleState(next));
        else setLocaleState(next);
      },
    }),
    [locale],
  );
  return <LocaleContext.Provider value={state}>{children}</LocaleContext.Provider>;
}

export const useLocale = () => useContext(LocaleContext);
