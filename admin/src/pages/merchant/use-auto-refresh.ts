import { useEffect } from 'react';

/** How often the live pages read again while auto refresh is on. */
const AUTO_REFRESH_MS = 30_000;

/** Loads now and whenever `load` changes, and again every 30 s while `auto` is on. */
export function useAutoRefresh(load: () => Promise<void>, auto: boolean): void {
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (!auto) return;
    const timer = setInterval(() => void load(), AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [auto, load]);
}
