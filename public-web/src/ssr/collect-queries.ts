import type { Query, QueryClient } from '@tanstack/react-query';

/** A query a screen asked for during the server render, that may be fetched for a signed-out visitor. */
function wanted(query: Query): boolean {
  if (query.state.data !== undefined || query.state.status === 'error') return false;
  const { enabled, queryFn } = query.options as { enabled?: boolean | ((q: Query) => boolean); queryFn?: unknown };
  // A screen turns off what a signed-out visitor may not ask for (saves, registrations): those fill in after hydration.
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && typeof queryFn === 'function';
}

/**
 * Fetches every query the last render asked for and the cache cannot answer yet. On the server, screens
 * only register their queries (nothing fetches while rendering): a render, this, and another render give
 * a page whose data is all there. Returns how many were fetched; 0 means the last render was complete.
 * A failed fetch stays in the cache as an error, so its status can be read and it is not tried again.
 */
export async function fetchAskedQueries(client: QueryClient): Promise<number> {
  const asked = client.getQueryCache().getAll().filter(wanted);
  await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
  return asked.length;
}
