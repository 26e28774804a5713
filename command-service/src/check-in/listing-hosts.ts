import type { CheckInKind } from '@circuit/shared/events/check-in';
import type { CheckInRole } from '@circuit/shared/api/check-in';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { accountOf } from '../accounts/actors';
import { eventListing } from '../events/event-decider';
import { hackathonListing } from '../hackathons/hackathon-decider';
import { decidersOf, isLive } from '../listings/listing-decider';
import { loadFresh } from '@circuit/shared/commands/fresh-states';
import type { ListingKind, ListingState } from '../listings/listing-kind';
import { loadListing } from '../listings/listing-service';
import { quizListing } from '../quizzes/quiz-decider';
import type { HostedListing } from './co-host-decider';
import { coHostRoleOf } from './co-host-roles';

/** The listing kinds that have co-hosts, by the name their streams and routes use. */
export const HOSTED_KINDS: { [K in CheckInKind]: ListingKind<string, unknown> } = {
  event: eventListing as ListingKind<string, unknown>,
  hackathon: hackathonListing as ListingKind<string, unknown>,
  quiz: quizListing as ListingKind<string, unknown>,
};

export const hostedListingOf = (kind: CheckInKind, listing: ListingState<unknown>): HostedListing => ({ kind, listingId: listing.id, live: isLive(listing), createdBy: listing.createdBy });

export const loadHostedListing = (store: EventStore, kind: CheckInKind, listingId: string) => loadListing(store, HOSTED_KINDS[kind], listingId);

/** The same, kept in memory while the feed shows no change on the listing (a door is asked about on every scan). */
export const freshHostedListing = (store: EventStore, kind: CheckInKind, listingId: string): Promise<ListingState<unknown>> =>
  loadFresh(store, HOSTED_KINDS[kind].streams.listing(listingId), decidersOf(HOSTED_KINDS[kind]).listing);

/** How the user stands at the listing's door: organiser, admin, a co-host's role, or nobody (null). */
export async function hostRoleOf(store: EventStore, kind: CheckInKind, listing: ListingState<unknown>, userId: string): Promise<CheckInRole | null> {
  if (listing.createdBy === userId) return 'organiser';
  const account = await accountOf(store, userId);
  if (account?.role === 'admin' && !account.suspended) return 'admin';
  return coHostRoleOf(store, kind, listing.id, userId);
}
