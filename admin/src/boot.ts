import { loadFirstPage } from './app/pages';
import { loadDutch } from './i18n/dutch';
import { storedLocale } from './i18n/locale';
import { loadMe } from './providers/session';

// The page's first code, imported by main.tsx before React DOM and antd, so it runs before they are evaluated (a
// fifth of a second at first visit): who is signed in (index.html has the browser ask while it loads the scripts)
// decides what the route fetches, and a Dutch visitor's dictionary is asked for.
const pathname = window.location.pathname;

/**
 * Settles once who is signed in is known and the code of the first page is in: main.tsx renders then, once,
 * instead of rendering a spinner first and the page after it while its code was already there. A chunk that failed
 * to load is React's to show.
 */
export const firstPageLoaded: Promise<unknown> = loadMe()
  .then(
    (me) => loadFirstPage(pathname, !!me),
    () => loadFirstPage(pathname, false),
  )
  .catch(() => undefined);
if (storedLocale() === 'nl') void loadDutch();
