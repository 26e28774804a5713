import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Hackathon, HackathonCard } from '@circuit/shared/api/hackathons';
import { HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import { api } from '../auth/apiClient';
import { apiQuery, type Filters } from './filters';
import { hackathonKeys } from './hackathonKeys';

export { hackathonKeys };


/**
 * How long an answer the route's loader fetched counts as fresh, so the screen that mounts a moment
 * later uses it instead of asking again (see prefetchHackathons).
 */
const PREFETCH_FRESH_MS = 10_000;

interface Page {
  data: HackathonCard[];
  nextCursor: string | null;
  total: number;
}

/** The list: 16 first, then 12 per Load More (spec 2 section 9), paged by the server's cursor. */
export const hackathonListQuery = (filters: Filters) =>
  infiniteQueryOptions({
    queryKey: hackathonKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<Page> => {
      const limit = pageParam ? HACKATHON_LIMITS.listMorePage : HACKATHON_LIMITS.listFirstPage;
      const res = await api.get<HackathonCard[]>(hackathonListPath(filters, limit, pageParam), signal);
      const page = res as unknown as { data?: HackathonCard[]; nextCursor?: string | null; total?: number };
      return { data: page.data ?? [], nextCursor: page.nextCursor ?? null, total: page.total ?? 0 };
    },
    getNextPageParam: (last) => last.nextCursor,
    staleTime: PREFETCH_FRESH_MS,
  });

/** The API path of the list's page (public/early.js asks for the default first page with the HTML). */
export const hackathonListPath = (filters: Filters, limit: number, cursor: string | null) => `/api/hackathons?${apiQuery(filters, limit, cursor)}`;
export const hackathonPath = (username: string) => `/api/hackathons/username/${encodeURIComponent(username)}`;

/** One listing by its username. */
export const hackathonQuery = (username: string) =>
  queryOptions({
    queryKey: hackathonKeys.detail(username),
    queryFn: async ({ signal }) => (await api.get<Hackathon>(hackathonPath(username), signal)).data!,
    retry: false,
    staleTime: PREFETCH_FRESH_MS,
  });
