import { keepPreviousData, type Query, QueryClient } from '@tanstack/react-query';

/** A query a hook has just asked for, in a render, that the hook will fetch once its component commits. */
function awaitsFirstFetch(query: Query): boolean {
  const { options, state } = query;
  // only queries of hooks (useQuery and Refine's own) carry this mark; a cache write or a prefetch does not
  if ((options as { _optimisticResults?: string })._optimisticResults !== 'optimistic') return false;
  const { enabled } = options as { enabled?: boolean | ((query: Query) => boolean) };
  const fetches = typeof enabled === 'function' ? enabled(query) : enabled;
  return fetches !== false && typeof options.queryFn === 'function' && state.status === 'pending' && state.fetchStatus === 'idle';
}

/** How long an answer fetched ahead counts as fresh for the hook that asked for it, which mounts after its render. */
const AHEAD_FRESH_MS = 5_000;

/**
 * The admin's query client. A query a component asks for while it renders is fetched at once, in that render,
 * instead of when React has committed the screen and run its effects, which on a list page was 150–350 ms later:
 * a list's request now leaves while the page around it renders. The hook that asked then finds its query fetching
 * and waits for that answer; a render React throws away has fetched an answer nobody reads (queries only read).
 */
export function makeQueryClient(): QueryClient {
  // Refine's defaults for a client it makes (a list keeps its rows while the next page loads), and no retries
  const fetchedAhead = new WeakMap<Query, number>();
  // a hook mounting after its answer came in would fetch it again (with no staleTime an answer is stale at once)
  const refetchOnMount = (query: Query) => Date.now() - (fetchedAhead.get(query) ?? 0) > AHEAD_FRESH_MS;
  const client = new QueryClient({ defaultOptions: { queries: { retry: 0, refetchOnWindowFocus: false, refetchOnMount, placeholderData: keepPreviousData } } });
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' || !awaitsFirstFetch(event.query)) return;
    fetchedAhead.set(event.query, Date.now());
    event.query.fetch().catch(() => undefined);
  });
  return client;
}
