import { preloadRoute } from './app/pages';
import { loadDutch } from './i18n/dutch';
import { storedLocale } from './i18n/locale';
import { loadMe } from './providers/session';

// The page's first code, imported by main.tsx before React DOM and antd, so it runs before they are evaluated (a
// fifth of a second at first visit): who is signed in (index.html has the browser ask while it loads the scripts)
// decides what the route fetches, and a Dutch visitor's dictionary is asked for.
loadMe().then(
  (me) => preloadRoute(window.location.pathname, !!me),
  () => preloadRoute(window.location.pathname, false),
);
if (storedLocale() === 'nl') void loadDutch();
