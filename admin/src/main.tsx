// first: asks who is signed in and fetches the route's code while the rest below is evaluated
import { firstPageLoaded } from './boot';
// antd's styles baked at build time (build/antd-styles.ts)
import 'virtual:antd-styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

void firstPageLoaded.then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
