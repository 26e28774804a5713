import { QueryClient, type Query } from '@tanstack/react-query';
import { queryClientConfig } from '../app/queryClient';

/** A screen's `enabled`: on, off, or decided by the query. */
type Enabled = boolean | ((query: Query) => boolean) | undefined;

/**
 * The server render's cache: it remembers, for each query, whether any screen asked for it turned on. On the
 * server nothing fetches while rendering and a query keeps the options of whichever screen built it last (a
 * closed dialog may read a list with `enabled: false` while the section above it wants it), so each screen's
 * own options are noted as it asks.
 */
export class AskedQueries extends QueryClient {
  readonly #asked = new Map<string, Enabled[]>();

  constructor() {
    super(queryClientConfig);
    // Every screen's query options pass through here (the instance's own method, wrapped: its generic
    // signature cannot be overridden as it stands).
    const defaults = this.defaultQueryOptions.bind(this);
    const note = (options: Parameters<QueryClient['defaultQueryOptions']>[0]) => {
      const defaulted = defaults(options);
      // A screen's query says how to fetch it; a read of the cache (getQueryData) passes only the key.
      if (defaulted.queryFn) this.#asked.set(defaulted.queryHash, [...(this.#asked.get(defaulted.queryHash) ?? []), defaulted.enabled as Enabled]);
      return defaulted;
    };
    this.defaultQueryOptions = note as QueryClient['defaultQueryOptions'];
  }

  /** A query some screen asked for turned on (a signed-out visitor's view: saves and registrations stay off), not answered yet. */
  wanted(query: Query): boolean {
    if (query.state.data !== undefined || query.state.status === 'error' || typeof query.options.queryFn !== 'function') return false;
    return (this.#asked.get(query.queryHash) ?? []).some((enabled) => (typeof enabled === 'function' ? enabled(query) : enabled !== false));
  }
}

/**
 * Fetches every query the last render asked for and the cache cannot answer yet. On the server, screens
 * only register their queries (nothing fetches while rendering): a render, this, and another render give
 * a page whose data is all there. Returns how many were fetched; 0 means the last render was complete.
 * A failed fetch stays in the cache as an error, so its status can be read and it is not tried again.
 */
export async function fetchAskedQueries(client: AskedQueries): Promise<number> {
  const asked = client.getQueryCache().getAll().filter((query) => client.wanted(query));
  await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
  return asked.length;
}
