import { useQuery } from '@tanstack/react-query';
import type { HackathonCard } from '@circuit/shared/api/hackathons';
import type { EventCard } from '@circuit/shared/api/events';
import type { QuizCard } from '@circuit/shared/api/quizzes';
import type { MyListingCounts } from '@circuit/shared/api/dashboard';
import { api } from '../auth/apiClient';

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
  /** The hackathon behind a hackathon card, for the richer card it gets. */
  hackathon?: HackathonCard;
  /** The event behind an event card. */
  event?: EventCard;
  /** The quiz behind a quiz card. */
  quiz?: QuizCard;
}

/** Which lists a dashboard or the saved page reads: the user's own, the ones registered for, or the saved ones. */
export type ListingScope = 'mine' | 'registered' | 'saved';

/**
 * Where each list comes from. Hackathons have theirs; events and quizzes are not built yet, so their lists are
 * empty: the screens still show their tabs, counts, skeletons and empty states, and each type's issue adds its
 * fetcher here. Per spec a dashboard list that fails to load is shown empty, while the saved page says it
 * failed ('Failed to load saved items.'), so saved lists keep their error for the screen to decide.
 */
const hackathonCards = (path: string) => async (signal: AbortSignal) =>
  ((await api.get<HackathonCard[]>(path, signal)).data ?? []).map((h) => ({ id: h.id, title: h.title, href: `/hackathons/${h.username}`, hackathon: h }));

const eventCards = (path: string) => async (signal: AbortSignal) =>
  ((await api.get<EventCard[]>(path, signal)).data ?? []).map((e) => ({ id: e.id, title: e.title, href: `/events/${e.username}`, event: e }));
const quizCards = (path: string) => async (signal: AbortSignal) => ((await api.get<QuizCard[]>(path, signal)).data ?? []).map((q) => ({ id: q.id, title: q.title, href: `/quiz/${q.id}`, quiz: q }));

const sources: Partial<Record<`${ListingScope}:${ListingKind}`, (signal: AbortSignal) => Promise<ListingCard[]>>> = {
  'mine:hackathons': hackathonCards('/api/hackathons/my-hackathons'),
  'registered:hackathons': hackathonCards('/api/hackathons/user/registered'),
  'saved:hackathons': hackathonCards('/api/users/saved-hackathons'),
  'mine:events': eventCards('/api/events/my-events'),
  'registered:events': eventCards('/api/events/user/registered'),
  'saved:events': eventCards('/api/users/saved-events'),
  'mine:quizzes': quizCards('/api/quizzes/my-quizzes'),
  'registered:quizzes': quizCards('/api/quizzes/user/registered'),
  'saved:quizzes': quizCards('/api/users/saved-quizzes'),
};

export const listingKeys = {
  list: (scope: ListingScope, kind: ListingKind) => ['listings', scope, kind] as const,
  // Under 'listings', so the deletes that refresh the lists refresh the counts too.
  counts: () => ['listings', 'mine', 'counts'] as const,
};

/** The organiser dashboard's three tab counts in one small call, so no list loads before its tab is opened. */
export function useMyListingCounts() {
  return useQuery({
    queryKey: listingKeys.counts(),
    queryFn: async ({ signal }) => (await api.get<MyListingCounts>('/api/dashboard/counts', signal)).data ?? null,
  });
}

/** One list, fetched only while `enabled` (the spec loads a dashboard list when its tab is active). */
export function useListing(scope: ListingScope, kind: ListingKind, enabled = true) {
  return useQuery({
    queryKey: listingKeys.list(scope, kind),
    enabled,
    queryFn: async ({ signal }) => {
      const source = sources[`${scope}:${kind}`];
      if (!source) return [];
      return scope === 'saved' ? source(signal) : source(signal).catch(() => [] as ListingCard[]);
    },
  });
}
