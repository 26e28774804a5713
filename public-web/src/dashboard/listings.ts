import { useQuery } from '@tanstack/react-query';

/** The three listing types of specs 2 and 3, in the order every tab bar shows them. */
export const LISTING_KINDS = ['hackathons', 'events', 'quizzes'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export const LISTING_LABELS: Record<ListingKind, { plural: string; singular: string }> = {
  hackathons: { plural: 'Hackathons', singular: 'hackathon' },
  events: { plural: 'Events', singular: 'event' },
  quizzes: { plural: 'Quizzes', singular: 'quiz' },
};

/** One card on a dashboard or the saved page, whatever its type. */
export interface ListingCard {
  id: string;
  title: string;
  href: string;
}

/** Which lists a dashboard or the saved page reads: the user's own, the ones registered for, or the saved ones. */
export type ListingScope = 'mine' | 'registered' | 'saved';

/**
 * Where each list comes from. The hackathon, event and quiz services are not built yet, so no list has a
 * source and each one is empty: the screens still show their tabs, counts, skeletons and empty states, and
 * each type's issue adds its fetcher here. Per spec, a list that fails to load is shown empty too.
 */
const sources: Partial<Record<`${ListingScope}:${ListingKind}`, (signal: AbortSignal) => Promise<ListingCard[]>>> = {};

export const listingKeys = {
  list: (scope: ListingScope, kind: ListingKind) => ['listings', scope, kind] as const,
};

/** One list, fetched only while `enabled` (the spec loads a dashboard list when its tab is active). */
export function useListing(scope: ListingScope, kind: ListingKind, enabled = true) {
  return useQuery({
    queryKey: listingKeys.list(scope, kind),
    enabled,
    queryFn: async ({ signal }) => {
      const source = sources[`${scope}:${kind}`];
      if (!source) return [];
      return source(signal).catch(() => [] as ListingCard[]);
    },
  });
}
