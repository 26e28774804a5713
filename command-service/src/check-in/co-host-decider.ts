import type { Decider } from '@circuit/shared/commands/decider';
import { forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { CheckInKind, CoHostRole } from '@circuit/shared/events/check-in';
import { CheckInMessages as M } from '@circuit/shared/check-in/messages';
import type { Actor } from '../accounts/actors';

/**
 * Who helps the organiser run a listing (`listing-hosts-<kind>-<id>`), with which role: a manager
 * does everything the organiser does but delete the listing, a check-in co-host only checks people
 * in. Only the organiser and admins add, change and remove co-hosts.
 */
export interface CoHosts {
  hosts: Readonly<Record<string, CoHostRole>>;
}

/** What the decider knows of the listing (its own stream tells it). */
export interface HostedListing {
  kind: CheckInKind;
  listingId: string;
  live: boolean;
  createdBy: string;
}

interface On {
  listing: HostedListing;
  actor: Actor;
  now: Date;
}

export type CoHostCommand = ({ type: 'SetCoHost'; userId: string; role: CoHostRole } & On) | ({ type: 'RemoveCoHost'; userId: string; username: string } & On);
export type CoHostEvent = DomainEvent<'ListingCoHostAdded' | 'ListingCoHostRemoved'>;

export const coHostsFold = {
  initialState: (): CoHosts => ({ hosts: {} }),
  evolve(state: CoHosts, event: CoHostEvent): CoHosts {
    if (event.type === 'ListingCoHostAdded') return { hosts: { ...state.hosts, [event.data.userId]: event.data.role } };
    const { [event.data.userId]: _gone, ...hosts } = state.hosts;
    return { hosts };
  },
};

/** Only the organiser and admins manage co-hosts (a manager does not name other managers). */
export function assertCoHostManager(listing: HostedListing, actor: Actor): void {
  if (!listing.live) throw notFound(M.listingNotFound);
  if (listing.createdBy !== actor.userId && actor.role !== 'admin') throw forbidden(M.notCoHostManager);
}

export const coHostDecider: Decider<CoHosts, CoHostCommand, CoHostEvent> = {
  ...coHostsFold,
  decide(command, state) {
    const { listing, actor } = command;
    assertCoHostManager(listing, actor);
    const base = { listingKind: listing.kind, listingId: listing.listingId, at: command.now.toISOString(), byUserId: actor.userId, userId: command.userId };
    if (command.type === 'RemoveCoHost') {
      if (!state.hosts[command.userId]) throw notFound(M.notCoHost(command.username));
      return [{ type: 'ListingCoHostRemoved', data: base }];
    }
    if (command.userId === listing.createdBy) throw refused(M.organiserItself);
    if (listing.kind === 'quiz' && command.role === 'check-in') throw refused(M.quizzesOnline);
    if (state.hosts[command.userId] === command.role) return [];
    return [{ type: 'ListingCoHostAdded', data: { ...base, role: command.role } }];
  },
};
