import { loadFresh } from '@circuit/shared/commands/fresh-states';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { CheckInMessages as M } from '@circuit/shared/check-in/messages';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import type { CheckInKind } from '@circuit/shared/events/check-in';
import type { EventContent } from '@circuit/shared/events/event-listings';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { FALLBACK_TIME_ZONE } from '@circuit/shared/time/format';
import { rosterDecider as eventRosterDecider, type RosterState as EventRoster } from '../events/roster-decider';
import { rosterDecider as hackathonRosterDecider, type RosterState as HackathonRoster } from '../hackathon-registrations/roster-decider';
import { isLive } from '../listings/listing-decider';
import type { ListingState } from '../listings/listing-kind';
import type { Door } from './check-in-decider';
import { freshHostedListing } from './listing-hosts';

/** A listing with a door, as check-in needs it: the door, and the zone its times are told in. */
export interface DoorFacts {
  door: Door;
  listing: ListingState<unknown>;
  timeZone: string;
}

/** Who holds a ticket of an event: a place that is paid, or free (not waitlisted, not on offer, not awaiting payment). */
const eventHolders = (roster: EventRoster) => new Set(Object.keys(roster.entrants).filter((userId) => roster.payments[userId]?.status === 'completed'));

/** Who holds a ticket of a hackathon: each member of a team whose registration is complete (submitted, and paid where a fee is due). */
const hackathonHolders = (roster: HackathonRoster) =>
  new Set(Object.values(roster.own.teams).flatMap((team) => (team.status === 'complete' ? team.members.filter((m) => roster.entrants[m]) : [])));

const holdersOf = new WeakMap<object, ReadonlySet<string>>();
/** The holders of a roster state, worked out once per state (states are never changed in place). */
function cachedHolders<S extends object>(state: S, of: (state: S) => Set<string>): ReadonlySet<string> {
  let holders = holdersOf.get(state);
  if (!holders) holdersOf.set(state, (holders = of(state)));
  return holders;
}

/** The door of a listing, from its own stream and its roster's; 404 when the listing is not there, a quiz, or online. */
export async function doorOf(store: EventStore, kind: CheckInKind, listingId: string): Promise<DoorFacts> {
  if (kind === 'quiz') throw notFound(M.noDoor('quiz'));
  const listing = await freshHostedListing(store, kind, listingId);
  if (!isLive(listing)) throw notFound(M.listingNotFound);
  if (kind === 'event') {
    const content = listing.content as EventContent;
    const roster = await loadFresh(store, eventRosterStream(listingId), eventRosterDecider);
    return { listing, timeZone: content.timeZone ?? FALLBACK_TIME_ZONE, door: { kind, listingId, open: true, holders: cachedHolders(roster, eventHolders) } };
  }
  const content = listing.content as HackathonContent;
  if (content.location.type !== 'offline' && content.location.type !== 'hybrid') throw notFound(M.noDoor('hackathon'));
  const roster = await loadFresh(store, hackathonRosterStream(listingId), hackathonRosterDecider);
  return { listing, timeZone: FALLBACK_TIME_ZONE, door: { kind, listingId, open: true, holders: cachedHolders(roster, hackathonHolders) } };
}
