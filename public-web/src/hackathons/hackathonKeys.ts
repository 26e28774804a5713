import type { Filters } from './filters';

/**
 * Query keys by prefix (TanStack Query's React Router example): invalidating ['hackathons'] refreshes every view.
 * A module of their own: the route loaders, in every page's code, need a key and nothing else of the queries.
 */
export const hackathonKeys = {
  all: ['hackathons'] as const,
  list: (filters: Filters) => ['hackathons', 'list', filters] as const,
  detail: (username: string) => ['hackathons', 'detail', username] as const,
  registration: (id: string) => ['hackathons', 'registration', id] as const,
  saved: () => ['hackathons', 'saved'] as const,
};
