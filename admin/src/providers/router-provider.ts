import type { GoConfig, RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useCallback } from 'react';
import { useLocation } from 'react-router';

type ReplaceConfig = Pick<GoConfig, 'to' | 'type'>;

/** A list writing its sorting, filters and page into the URL of the page it is on. */
const isQueryReplace = (config: ReplaceConfig) => !config.to && config.type === 'replace';

/**
 * True for a query-only replace (a list writing its sorting, filters and page into the URL) asked for by a
 * page the user has just left: react-router resolves it against the caller's route, which would take the
 * user back to that page.
 */
export function isStaleReplace(config: ReplaceConfig, callerPath: string, currentPath: string): boolean {
  return isQueryReplace(config) && callerPath !== currentPath;
}

/**
 * True for a list's first write of its state into a URL without a query: its defaults, which the page already
 * shows. Written past the router, since a router navigation would render the whole app again, every table
 * cell included, half a second after the list appeared. The router's location keeps the empty query, which
 * means the same defaults; once the browser's URL has the query, the list's changes go through the router.
 */
export function isDefaultsWrite(config: ReplaceConfig, browserSearch: string): boolean {
  return isQueryReplace(config) && browserSearch === '';
}

/** Route params without react-router's splat (`*`, the whole path under the admin's catch-all route). */
export function withoutSplat<T extends Record<string, unknown>>(params: T): Omit<T, '*'> {
  const { '*': _splat, ...rest } = params;
  return rest;
}

/**
 * Refine's react-router provider, except that a page left behind can no longer pull the user back, a list
 * writing its defaults does not render the app again, and the splat is no query parameter: Refine keeps every
 * param it does not know in the links of a list's pager (`&*=company/location`).
 */
export const appRouterProvider: RouterProvider = {
  ...routerProvider,
  parse: () => {
    const parse = routerProvider.parse!();
    return useCallback(() => {
      const parsed = parse();
      return { ...parsed, params: parsed.params && withoutSplat(parsed.params) };
    }, [parse]);
  },
  go: () => {
    const go = routerProvider.go!();
    const { pathname } = useLocation();
    return useCallback(
      (config: GoConfig) => {
        if (isStaleReplace(config, pathname, window.location.pathname)) return undefined;
        if (isDefaultsWrite(config, window.location.search)) {
          const href = go({ ...config, type: 'path' });
          // the router's own entry state (its key and index) stays, so back and forward still work
          if (href) window.history.replaceState(window.history.state, '', href);
          return undefined;
        }
        return go(config);
      },
      [go, pathname],
    );
  },
};
