import { eventSaveStream, eventSlugStream, eventStream, type EventContent } from '@circuit/shared/events/event-listings';
import { EventMessages as M } from '@circuit/shared/validation/events';
import { decidersOf } from '../listings/listing-decider';
import { chargeOf, lifeOf, organisedFactsOf, type ListingLife, type OrganisedFacts } from '../listings/listing-view';
import type { ListingEvent, ListingKind, ListingState } from '../listings/listing-kind';

export type { Actor, ActorRole } from '../listings/listing-kind';

/** An event listing on `event-<id>`, on the listing lifecycle; its username is locked once created and stored lower-cased. */
export const eventListing: ListingKind<'Event', EventContent> = {
  coHostKind: 'event',
  prefix: 'Event',
  streams: { listing: eventStream, save: eventSaveStream, slug: eventSlugStream },
  messages: M,
  keepOnEdit: (stored, edited) => ({ ...edited, username: stored.username }),
  username: { of: (content) => content.username, stored: (username) => username.toLowerCase() },
};

export type EventListingEvent = ListingEvent<'Event'>;
export const { listing: eventDecider, slug: eventSlugDecider, save: eventSaveDecider } = decidersOf(eventListing);

/**
 * What registrations need to know of an event, read off its listing state: the roster decider gets
 * it inside its commands and stays pure.
 */
export interface EventInfo extends ListingLife, OrganisedFacts {
  eventId: string;
  registrationDeadline: string;
  startDate: string;
  endDate: string;
  /** 0: unlimited. */
  maxAttendees: number;
  pricing: { type: 'free' | 'paid'; amount: number; currency: string };
  /** The organiser's zone, for the times in the event's mails; events stored before it was sent have none. */
  timeZone?: string;
}

export function eventInfoOf(listing: ListingState<EventContent>): EventInfo {
  const c = listing.content;
  return {
    eventId: listing.id,
    ...lifeOf(listing),
    ...organisedFactsOf(listing),
    registrationDeadline: c?.dates.registrationDeadline ?? '',
    startDate: c?.dates.startDate ?? '',
    endDate: c?.dates.endDate ?? '',
    maxAttendees: c?.maxAttendees ?? 0,
    pricing: chargeOf(c?.pricing, 'USD'),
    timeZone: c?.timeZone,
  };
}

/** Ticked agreement ('pending' awaits the platform, 'true' is ticked too). */
export const takesRegistrations = (info: EventInfo) => info.takeRegistrations === 'pending' || info.takeRegistrations === 'true';

