import { type GoConfig, type IResourceItem, matchResourceFromRoute, type ParseResponse, parseTableParams, ResourceContext, type RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useCallback, useContext } from 'react';
import { matchPath, useLocation, useParams } from 'react-router';

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

type RouteMatch = ReturnType<typeof matchResourceFromRoute>;

const routeMatches = new WeakMap<IResourceItem[], Map<string, RouteMatch>>();

/**
 * The resource and action of a path, worked out once per path and list of resources. Refine's provider works them
 * out in every hook that reads the route, each time one mounts, matching the path against every route of every
 * resource: a list page mounts dozens of such hooks (its pager's links among them).
 */
export function matchRoute(pathname: string, resources: IResourceItem[]): RouteMatch {
  let byPath = routeMatches.get(resources);
  if (!byPath) routeMatches.set(resources, (byPath = new Map()));
  let match = byPath.get(pathname);
  if (!match) byPath.set(pathname, (match = matchResourceFromRoute(pathname, resources)));
  return match;
}

const asNumber = (value: unknown) => (typeof value === 'string' && String(Number(value)) === value ? Number(value) : value);

let lastQuery: { search: string; params: Record<string, unknown> } | undefined;

/**
 * A query string as Refine's provider reads it: every plain parameter, and the sorters and filters of a list
 * (`sorters[0][field]=…`) by Refine's own table parser. The last one read is kept: every hook reads the same.
 */
export function queryParams(search: string): Record<string, unknown> {
  if (lastQuery?.search === search) return lastQuery.params;
  const { parsedSorter, parsedFilters } = parseTableParams(search || '?');
  const plain = Object.fromEntries([...new URLSearchParams(search)].filter(([key]) => !key.includes('[')));
  const params = { ...plain, ...(parsedSorter.length > 0 && { sorters: parsedSorter }), ...(parsedFilters.length > 0 && { filters: parsedFilters }) };
  lastQuery = { search, params };
  return params;
}

/** Refine's route parser for react-router with the route's match and the query read once (see above). */
function useParse() {
  const routeParams = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  return useCallback((): ParseResponse => {
    const { resource, action, matchedRoute } = matchRoute(pathname, resources);
    // outside a route of its own (the layout), a hook reads the params of the resource's route
    const params: Record<string, string | undefined> =
      Object.keys(routeParams).length === 0 && matchedRoute ? (matchPath(matchedRoute, pathname)?.params ?? {}) : routeParams;
    const combined: Record<string, unknown> = { ...params, ...queryParams(search) };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: withoutSplat({
        ...combined,
        currentPage: asNumber(combined.currentPage) as number | undefined,
        pageSize: asNumber(combined.pageSize) as number | undefined,
        to: combined.to ? decodeURIComponent(String(combined.to)) : undefined,
      }),
    };
  }, [pathname, search, routeParams, resources]);
}

/**
 * Refine's react-router provider, except that the route is matched once per path (not in every hook), a page left
 * behind can no longer pull the user back, a list writing its defaults does not render the app again, and the
 * splat is no query parameter: Refine keeps every param it does not know in the links of a list's pager
 * (`&*=company/location`).
 */
export const appRouterProvider: RouterProvider = {
  ...routerProvider,
  parse: useParse,
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
