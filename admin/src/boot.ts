import { loadFirstPage } from './app/pages';
import { loadDutch } from './i18n/dutch';
import { storedLocale } from './i18n/locale';
import { fetchAnswersAhead } from './providers/answers-ahead';
import { selectedCompanyId } from './providers/company-store';
import { loadMe } from './providers/session';

// The page's first code, imported by main.tsx before React DOM and antd, so it runs before they are evaluated (a
// fifth of a second at first visit): who is signed in (index.html has the browser ask while it loads the scripts)
// decides what the route fetches, the answers index.html asked for ahead are taken, and a Dutch visitor's dictionary
// is asked for.
const pathname = window.location.pathname;

/**
 * How long the first render waits, once the first page's code is in, for answers asked for ahead that are not in
 * yet: a slow list shows its frame and its spinner rather than nothing.
 */
const ANSWERS_GRACE_MS = 150;

// a super admin's chosen company is asked apart (the page asked for the company of the session)
const answersAhead = selectedCompanyId() ? Promise.resolve() : fetchAnswersAhead();

/**
 * Settles once who is signed in is known, the code of the first page is in and what the page asked for ahead has
 * come (or a moment after the code): main.tsx renders then, once, instead of rendering a spinner first and the page
 * after it while its code was already there. A chunk that failed to load is React's to show.
 */
export const firstPageLoaded: Promise<unknown> = loadMe()
  .then(
    (me) => loadFirstPage(pathname, !!me),
    () => loadFirstPage(pathname, false),
  )
  .then(() => Promise.race([answersAhead, new Promise((resolve) => setTimeout(resolve, ANSWERS_GRACE_MS))]))
  .catch(() => undefined);
if (storedLocale() === 'nl') void loadDutch();
