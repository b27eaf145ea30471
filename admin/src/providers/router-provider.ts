import type { GoConfig, RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useCallback } from 'react';
import { useLocation } from 'react-router';

/**
 * True for a query-only replace (a list writing its sorting, filters and page into the URL) asked for by a
 * page the user has just left: react-router resolves it against the caller's route, which would take the
 * user back to that page.
 */
export function isStaleReplace(config: Pick<GoConfig, 'to' | 'type'>, callerPath: string, currentPath: string): boolean {
  return !config.to && config.type === 'replace' && callerPath !== currentPath;
}

/** Refine's react-router provider, except that a page left behind can no longer pull the user back. */
export const appRouterProvider: RouterProvider = {
  ...routerProvider,
  go: () => {
    const go = routerProvider.go!();
    const { pathname } = useLocation();
    return useCallback((config: GoConfig) => (isStaleReplace(config, pathname, window.location.pathname) ? undefined : go(config)), [go, pathname]);
  },
};
