import type { HackathonContent } from '@circuit/shared/events/hackathons';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import type { ListingState } from '../listings/listing-kind';
import { findListingOf } from '../listings/listing-service';
import { lifeOf, organisedFactsOf, type ListingLife, type OrganisedFacts } from '../listings/listing-view';
import { hackathonListing } from '../hackathons/hackathon-decider';
import type { Actor } from '../accounts/actors';
import { mayManage } from '../listings/listing-decider';

/**
 * What judging and projects need to know of a hackathon, read off its listing state: who created
 * it (the organiser), whether it is approved, its end date (the default submission deadline) and
 * its team minimum (1 lets a participant enter alone). The deciders get it inside the command.
 */
export interface JudgingListing extends ListingLife, OrganisedFacts {
  hackathonId: string;
  endDate: string;
  minMembers: number;
  /** A fee is charged (see soloEntryAllowed). */
  paid: boolean;
}

export const judgingListingOf = (listing: ListingState<HackathonContent>): JudgingListing => ({
  hackathonId: listing.id,
  ...lifeOf(listing),
  ...organisedFactsOf(listing),
  endDate: listing.content?.dates.endDate ?? '',
  minMembers: Math.max(1, listing.content?.teamSettings.minMembers ?? 1),
  paid: listing.content?.pricing.type === 'paid',
});

/** The hackathon of a path parameter (id or username); 404 when there is none. */
export const findJudgingListing = async (store: EventStore, idOrUsername: string): Promise<JudgingListing> => judgingListingOf(await findListingOf(store, hackathonListing, idOrUsername));

export function assertExists(listing: JudgingListing): void {
  if (!listing.exists || listing.deleted) throw notFound(HackathonMessages.notFound);
}

/** The organiser: the hackathon's creator, an admin, or a manager co-host. */
export const isOrganiser = (listing: JudgingListing, actor: Actor) => mayManage(listing, actor);
