import { loadFresh } from '@circuit/shared/commands/fresh-states';
import { coHostStream, type CheckInKind, type CoHostRole } from '@circuit/shared/events/check-in';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { actorOf, type Actor } from '../accounts/actors';
import { coHostsFold } from './co-host-decider';

/** The co-hosts of a listing as their stream tells them now (kept fresh in memory between changes). */
export const coHostsOf = async (store: EventStore, kind: CheckInKind, listingId: string) => (await loadFresh(store, coHostStream(kind, listingId), coHostsFold)).hosts;

/** A user's co-host role on a listing; null when they have none. */
export const coHostRoleOf = async (store: EventStore, kind: CheckInKind, listingId: string, userId: string): Promise<CoHostRole | null> =>
  (await coHostsOf(store, kind, listingId))[userId] ?? null;

/**
 * The actor of a listing's command with their co-host role on it: a manager passes the organiser's
 * checks (mayManage in listing-decider.ts), never the delete's.
 */
export async function hostActorOf(store: EventStore, kind: CheckInKind | undefined, listingId: string, userId: string): Promise<Actor> {
  const [actor, coHost] = await Promise.all([actorOf(store, userId), kind ? coHostRoleOf(store, kind, listingId, userId) : null]);
  return coHost ? { ...actor, coHost } : actor;
}
