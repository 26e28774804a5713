import { loadFresh } from '@circuit/shared/commands/fresh-states';
import { unlessNotFound } from '@circuit/shared/commands/domain-errors';
import { PersistentMap } from '@circuit/shared/commands/persistent-map';
import type { CommunityUser } from '@circuit/shared/api/community';
import { communityAccessOf, type CommunityAccess } from '@circuit/shared/community/standing';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { communityStream } from '@circuit/shared/events/community';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { hackathonStream } from '@circuit/shared/events/hackathons';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { accountOf, isStaff, type Account } from '../accounts/actors';
import { findListing, listingFold, type ListingRef } from '../hackathons/listing-lookup';
import { communityDecider } from './community-decider';

export type { CommunityAccess };

const HACKATHON_KEY = /^[A-Za-z0-9_-]{1,100}$/;

type RosterEvent = DomainEvent<'HackathonParticipantRegistered' | 'HackathonParticipantUnregistered'>;

/**
 * Who is registered for a hackathon (a read-only fold of its roster, decide never called): a
 * persistent map, since a roster holds thousands and each registration must not copy them all.
 */
const registeredFold = {
  initialState: () => PersistentMap.empty<boolean>(),
  evolve(registered: PersistentMap<boolean>, event: RosterEvent): PersistentMap<boolean> {
    switch (event.type) {
      case 'HackathonParticipantRegistered':
        return registered.set(event.data.userId, true);
      case 'HackathonParticipantUnregistered':
        return registered.set(event.data.userId, false);
      default:
        // Teams and payments do not change who is registered.
        return registered;
    }
  },
  decide: (): never[] => [],
};

/** The user as the chat shows them; an id with no account reads as a former member. */
export function communityUserOf(userId: string, account: Account | null): CommunityUser {
  if (!account) return { _id: userId, firstName: 'Former', lastName: 'member', username: '', profilePicture: null };
  const { firstName, lastName, username, profilePicture } = account.profile;
  return { _id: userId, firstName, lastName, username, profilePicture };
}

/** The live hackathon of a path parameter (its id, or its username); undefined when there is none. */
async function liveHackathon(store: EventStore, idOrUsername: string): Promise<ListingRef | undefined> {
  // By id first, kept fresh in memory (a busy room names its hackathon so on every post); a username through its slug stream.
  const byId = await loadFresh(store, hackathonStream(idOrUsername), listingFold);
  const listing = byId.exists ? byId : await unlessNotFound(findListing(store, idOrUsername));
  return listing?.deleted ? undefined : listing;
}

/** Whether the user is registered for the hackathon (on its roster, not unregistered since). */
export async function isRegistered(store: EventStore, hackathonId: string, userId: string): Promise<boolean> {
  return (await loadFresh(store, hackathonRosterStream(hackathonId), registeredFold)).get(userId) === true;
}

/**
 * Who may speak in a live hackathon's community without being added: its organiser, and the
 * registered participants in the order they registered (the demo chats cast them by it).
 */
export async function communitySpeakers(store: EventStore, hackathonId: string): Promise<{ organiser: string; participants: string[] } | undefined> {
  const hackathon = await liveHackathon(store, hackathonId);
  if (!hackathon) return undefined;
  const order: string[] = [];
  for (const event of await store.readStream(hackathonRosterStream(hackathon.hackathonId))) {
    const userId = (event.data as { userId?: unknown }).userId;
    if (event.type === 'HackathonParticipantRegistered' && typeof userId === 'string') order.push(userId);
  }
  const registered = await loadFresh(store, hackathonRosterStream(hackathon.hackathonId), registeredFold);
  // A user registered again after unregistering counts from their last registration.
  const participants = order.filter((userId, i) => registered.get(userId) === true && order.lastIndexOf(userId) === i);
  return { organiser: hackathon.createdBy, participants };
}

/**
 * A user's standing in one hackathon's community, as the community's commands decide with it:
 * folded from the streams that hold each fact (docs/decisions.md#d2-pure-deciders-one-stream-per-aggregate),
 * never from the read models, so a removal just made, or a registration, counts at once.
 * - the hackathon and its organiser: `hackathon-<id>` (by username through its slug stream);
 * - registered: the hackathon's roster `hackathon-roster-<id>`;
 * - added admin, removed: the community's own stream `community-<id>`;
 * - platform staff, and the user as the chat shows them: their account (accounts/actors.ts).
 *
 * Undefined when there is no such hackathon (by id, or username).
 */
export async function communityStanding(store: EventStore, idOrUsername: string, userId: string): Promise<CommunityAccess | undefined> {
  if (!HACKATHON_KEY.test(idOrUsername)) return undefined;
  const hackathon = await liveHackathon(store, idOrUsername);
  if (!hackathon) return undefined;
  const [registered, community, account] = await Promise.all([
    isRegistered(store, hackathon.hackathonId, userId),
    loadFresh(store, communityStream(hackathon.hackathonId), communityDecider),
    accountOf(store, userId),
  ]);
  return communityAccessOf({
    hackathonId: hackathon.hackathonId,
    creatorId: hackathon.createdBy,
    userId,
    registered,
    removed: community.removed.has(userId),
    addedAdmin: community.admins.has(userId),
    staff: account !== null && isStaff(account.role),
    user: communityUserOf(userId, account),
  });
}
