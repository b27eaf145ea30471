import { useSyncExternalStore } from 'react';

/** antd's `lg` breakpoint: from here the side menu stands beside the page, below it opens as a drawer. */
const WIDE = '(min-width: 992px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isWide = () => window.matchMedia(WIDE).matches;

/** Whether the screen is wide enough for the side menu beside the page; known in the first render. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide);
}
