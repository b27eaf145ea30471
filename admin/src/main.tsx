// antd's styles baked at build time (build/antd-styles.ts)
import 'virtual:antd-styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './app/app';
import { loadMe } from './providers/session';

// every route first asks who is signed in: ask while React and the route's chunks load
loadMe().catch(() => undefined);
preloadRoute(window.location.pathname);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
