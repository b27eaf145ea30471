import { Provider as MotionProvider } from 'rc-motion';
import { type ReactNode, useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia(QUERY).matches;

/**
 * No opening and closing animations (dialogs, menus, drawers) for people whose system asks for reduced motion.
 * Through antd's motion library rather than its `motion` token, which would change the class names of the styles
 * baked at build time (build/antd-styles.ts).
 */
export function ReducedMotion({ children }: { children: ReactNode }) {
  const reduced = useSyncExternalStore(subscribe, prefersReducedMotion);
  return <MotionProvider motion={!reduced}>{children}</MotionProvider>;
}
