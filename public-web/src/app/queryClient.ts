import { hydrate, QueryClient, type DehydratedState, type Query, type QueryClientConfig, type QueryKey } from '@tanstack/react-query';
import { isClientError } from '../auth/apiClient';

/** Data queries retry once (spec section 9). */
export const QUERY_RETRIES = 1;

/**
 * How long an answer that came with a server-rendered page counts as fresh: the screens that take the page
 * over would otherwise ask for it again the moment they mount.
 */
export const SERVER_DATA_FRESH_MS = 10_000;

/** When each query's answer from the server arrived here, while the query still holds that answer. */
const fromServer = new Map<string, number>();
const staleTime = (query: Query) => (fromServer.get(query.queryHash) === query.state.dataUpdatedAt ? SERVER_DATA_FRESH_MS : 0);

/** The cache's settings, for the browser's cache and the server render's. */
export const queryClientConfig: QueryClientConfig = {
  defaultOptions: {
    queries: {
      // One retry for failures that may pass on a second try; a 4xx answer would only repeat itself.
      retry: (failureCount, error) => failureCount < QUERY_RETRIES && !isClientError(error),
      refetchOnWindowFocus: false,
      staleTime,
    },
    mutations: { retry: false },
  },
};

export function createQueryClient() {
  return new QueryClient(queryClientConfig);
}

/** The app's one data cache: the router's loaders start queries in it before a screen's code has arrived. */
export const queryClient = createQueryClient();

/**
 * Whether the answer for `queryKey` came during the navigation that began at `since`. A route loader's code
 * loads lazily, like the screen's: when the screen's arrives first it asks itself, and the loader then has
 * nothing left to start. It must not fetch: a refused answer (no such listing) holds no data, so fetchQuery
 * would send the request again.
 */
export function answeredSince(client: QueryClient, queryKey: QueryKey, since: number): boolean {
  const state = client.getQueryState(queryKey);
  return state !== undefined && state.fetchStatus === 'idle' && Math.max(state.dataUpdatedAt, state.errorUpdatedAt) >= since;
}

/**
 * A refusal from an earlier visit is not shown on a new one: the listing may be public by now. Called as a
 * navigation begins, before the screen renders, it drops an answer that holds only a refusal, so the screen
 * shows its loading state and asks (the route loader's request then joins that one) instead of showing the
 * old refusal, or, for a screen that takes a refusal as final (`retryOnMount: false`), instead of never asking.
 */
export function forgetRefusal(client: QueryClient, queryKey: QueryKey): void {
  const state = client.getQueryState(queryKey);
  if (state?.status === 'error' && state.data === undefined && state.fetchStatus === 'idle') client.removeQueries({ queryKey, exact: true });
}

/** Puts the answers a server-rendered page came with into the cache, as arriving now (the server's clock is not this one). */
export function hydrateFromServer(client: QueryClient, state: DehydratedState): void {
  const now = Date.now();
  hydrate(client, { ...state, queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })) });
  for (const q of state.queries) fromServer.set(q.queryHash, now);
}

/**
 * The server rendered the page for a signed-out visitor: once the session turns out to be signed in, its
 * answers are asked again for this viewer (a profile that blocked them, their own result, what they may
 * manage), while the page keeps showing them until the new ones arrive.
 */
export function refreshServerAnswers(client: QueryClient): void {
  if (fromServer.size === 0) return;
  const hashes = new Set(fromServer.keys());
  fromServer.clear();
  void client.invalidateQueries({ predicate: (query) => hashes.has(query.queryHash) });
}
