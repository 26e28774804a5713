import type { HackathonContent } from '@circuit/shared/events/hackathons';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { ListingState } from '../listings/listing-kind';
import { findListingOf } from '../listings/listing-service';
import { lifeOf, organisedFactsOf, viewFold, type ListingLife, type OrganisedFacts } from '../listings/listing-view';
import { hackathonDecider, hackathonListing } from './hackathon-decider';

/**
 * What reviews, announcements and sponsors need to know of a listing, read off its listing state
 * (`hackathon-<id>`): whether it exists and is public, who created it, whether it takes
 * registrations, its title and username. The deciders get it inside the command (they stay pure).
 */
export interface ListingRef extends ListingLife, OrganisedFacts {
  hackathonId: string;
}

const listingRefOf = (listing: ListingState<HackathonContent>): ListingRef => ({ hackathonId: listing.id, ...lifeOf(listing), ...organisedFactsOf(listing) });

/** A read-only fold of the listing's stream into a ListingRef: used with loadState, which caches it per stream. */
export const listingFold = viewFold(hackathonDecider, listingRefOf);

/** The listing of a path parameter: its id, or its username (through the username reservation). 404 when there is none. */
export const findListing = async (store: EventStore, idOrUsername: string): Promise<ListingRef> => listingRefOf(await findListingOf(store, hackathonListing, idOrUsername));

/** Whether the organiser ticked the registration agreement ('pending' awaits the platform, 'true' is ticked too). */
export const listingTakesRegistrations = (listing: ListingRef) => listing.takeRegistrations === 'pending' || listing.takeRegistrations === 'true';
