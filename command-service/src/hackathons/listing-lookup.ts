import { loadState } from '@circuit/shared/commands/decider';
import type { EventData } from '@circuit/shared/events/catalogue';
import { hackathonSlugStream, hackathonStream } from '@circuit/shared/events/hackathons';
import { notFound } from '@circuit/shared/commands/domain-errors';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { HackathonMessages, USERNAME_PATTERN } from '@circuit/shared/validation/hackathons';

/**
 * What reviews, announcements and sponsors need to know of a listing, folded from its own stream
 * (`hackathon-<id>`): whether it exists and is public, who created it, whether it takes
 * registrations, its title and username. The deciders get it inside the command (they stay pure).
 */
export interface ListingRef {
  hackathonId: string;
  exists: boolean;
  deleted: boolean;
  status: 'pending' | 'accepted' | 'rejected';
  createdBy: string;
  username: string;
  title: string;
  takeRegistrations: 'false' | 'pending' | 'true';
}

type ListingEvent = { type: string; data: unknown };

const initial = (): ListingRef => ({ hackathonId: '', exists: false, deleted: false, status: 'pending', createdBy: '', username: '', title: '', takeRegistrations: 'false' });

function evolve(state: ListingRef, event: ListingEvent): ListingRef {
  switch (event.type) {
    case 'HackathonCreated': {
      const d = event.data as EventData<'HackathonCreated'>;
      return { ...state, hackathonId: d.hackathonId, exists: true, status: 'pending', createdBy: d.createdBy, username: d.content.username, title: d.content.title, takeRegistrations: d.content.takeRegistrations };
    }
    case 'HackathonUpdated': {
      const d = event.data as EventData<'HackathonUpdated'>;
      return { ...state, title: d.content.title, takeRegistrations: d.content.takeRegistrations };
    }
    case 'HackathonDeleted':
      return { ...state, deleted: true };
    case 'HackathonApproved':
      return { ...state, status: 'accepted' };
    case 'HackathonRejected':
      return { ...state, status: 'rejected' };
    default:
      return state;
  }
}

/** A read-only fold (decide is never called): used with loadState, which caches it per stream. */
export const listingFold = { initialState: initial, evolve, decide: (): never[] => [] };

const HACKATHON_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The listing of a path parameter: its id, or its username (through the slug reservation stream). 404 when there is none. */
export async function findListing(store: EventStore, idOrUsername: string): Promise<ListingRef> {
  if (!HACKATHON_ID.test(idOrUsername)) throw notFound(HackathonMessages.notFound);
  const byId = (await loadState(store, hackathonStream(idOrUsername), listingFold)).state;
  if (byId.exists) return byId;
  if (!USERNAME_PATTERN.test(idOrUsername)) throw notFound(HackathonMessages.notFound);
  let hackathonId: string | undefined;
  for (const e of await store.readStream(hackathonSlugStream(idOrUsername))) {
    const data = e.data as { hackathonId?: string };
    if (e.type === 'HackathonSlugReserved') hackathonId = data.hackathonId;
    if (e.type === 'HackathonSlugReleased' && data.hackathonId === hackathonId) hackathonId = undefined;
  }
  if (!hackathonId) throw notFound(HackathonMessages.notFound);
  const listing = (await loadState(store, hackathonStream(hackathonId), listingFold)).state;
  if (!listing.exists) throw notFound(HackathonMessages.notFound);
  return listing;
}

/** Whether the organiser ticked the registration agreement ('pending' awaits the platform, 'true' is ticked too). */
export const listingTakesRegistrations = (listing: ListingRef) => listing.takeRegistrations === 'pending' || listing.takeRegistrations === 'true';
