import { hashKey, keepPreviousData, type Query, QueryCache, QueryClient, type QueryKey, type QueryState } from '@tanstack/react-query';

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

/** A query's data from an answer asked for ahead of the admin's code (answers-ahead.ts), or undefined. */
export type AnswerAheadOf = (queryKey: QueryKey) => unknown;

/** A query's state with data that has just come in. */
function answeredState(data: unknown): QueryState {
  return {
    data,
    dataUpdateCount: 1,
    dataUpdatedAt: Date.now(),
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'success',
    fetchStatus: 'idle',
  };
}

/**
 * The admin's query client. A query a component asks for while it renders is fetched at once, in that render,
 * instead of when React has committed the screen and run its effects, which on a list page was 150–350 ms later:
 * a list's request now leaves while the page around it renders. The hook that asked then finds its query fetching
 * and waits for that answer; a render React throws away has fetched an answer nobody reads (queries only read).
 * A query that `answerAhead` answers starts with that data instead, so the screen renders with it the first time.
 */
export function makeQueryClient(answerAhead: AnswerAheadOf = () => undefined): QueryClient {
  const fetchedAhead = new WeakMap<object, number>();
  // a hook mounting after its answer came in would fetch it again (with no staleTime an answer is stale at once)
  const refetchOnMount = (query: Query) => Date.now() - (fetchedAhead.get(query) ?? 0) > AHEAD_FRESH_MS;
  const queryCache = new QueryCache();
  const build = queryCache.build.bind(queryCache);
  // every hook's render builds its query; a new one may have its answer already
  queryCache.build = ((client, options, state) => {
    if (state || queryCache.get(options.queryHash ?? hashKey(options.queryKey))) return build(client, options, state);
    const data = answerAhead(options.queryKey);
    if (data === undefined) return build(client, options, state);
    const query = build(client, options, answeredState(data) as never);
    fetchedAhead.set(query, Date.now());
    return query;
  }) as typeof queryCache.build;
  // Refine's defaults for a client it makes (a list keeps its rows while the next page loads), and no retries
  const client = new QueryClient({ queryCache, defaultOptions: { queries: { retry: 0, refetchOnWindowFocus: false, refetchOnMount, placeholderData: keepPreviousData } } });
  queryCache.subscribe((event) => {
    if (event.type !== 'added' || !awaitsFirstFetch(event.query)) return;
    fetchedAhead.set(event.query, Date.now());
    event.query.fetch().catch(() => undefined);
  });
  return client;
}
