// antd's styles baked at build time (build/antd-styles.ts)
import 'virtual:antd-styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './app/app';
import { loadDutch } from './i18n/dutch';
import { storedLocale } from './i18n/locale';
import { loadMe } from './providers/session';

// every route first asks who is signed in (index.html has the browser ask while it loads this script); the answer
// decides what the route fetches while React starts
loadMe().then(
  (me) => preloadRoute(window.location.pathname, !!me),
  () => preloadRoute(window.location.pathname, false),
);

if (storedLocale() === 'nl') void loadDutch();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
