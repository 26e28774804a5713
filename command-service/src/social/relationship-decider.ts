import { conflict, forbidden, refused } from '@circuit/shared/commands/domain-errors';
import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { Relationship } from '@circuit/shared/api/social';

/**
 * The relationship between two users, decided on their pair stream `relationship-<a>-<b>`
 * (shared/src/events/social.ts). One decider sees both directions at once, so "no request pending
 * either way" or "blocking removes everything both ways" hold atomically.
 */

export const SocialMessages = {
  invalidOperation: 'Invalid operation',
  userNotFound: 'User not found',
  cannotInteract: 'You cannot interact with this user',
  alreadyConnected: 'You are already connected with this user',
  requestAlreadySent: 'You have already sent a connection request to this user',
  requestAlreadyReceived: 'This user has already sent you a connection request. Accept or reject it instead.',
  noPendingRequest: 'No pending connection request from this user',
  notConnected: 'You are not connected with this user',
} as const;

export type RelationshipEvent = DomainEvent<
  'UserFollowed' | 'UserUnfollowed' | 'ConnectionRequested' | 'ConnectionAccepted' | 'ConnectionRejected' | 'ConnectionRemoved' | 'UserBlocked' | 'UserUnblocked'
>;

export interface RelationshipState {
  /** Users of the pair who follow the other one. */
  followers: string[];
  /** The pending connection request, if any (at most one, whichever direction). */
  request: { from: string; to: string } | null;
  connected: boolean;
  /** Users of the pair who block the other one. */
  blockers: string[];
}

export type RelationshipAction =
  | 'Follow'
  | 'Unfollow'
  /** The actor takes the target off their own followers. */
  | 'RemoveFollower'
  | 'RequestConnection'
  | 'AcceptConnection'
  | 'RejectConnection'
  | 'RemoveConnection'
  | 'Block'
  | 'Unblock';

/** `actor` acts on `target`; both are the pair of the stream. */
export interface RelationshipCommand {
  type: RelationshipAction;
  actor: string;
  target: string;
  now: Date;
}

export const initialRelationshipState = (): RelationshipState => ({ followers: [], request: null, connected: false, blockers: [] });

const add = (list: string[], id: string) => (list.includes(id) ? list : [...list, id]);
const remove = (list: string[], id: string) => list.filter((x) => x !== id);

export function evolveRelationship(state: RelationshipState, event: RelationshipEvent): RelationshipState {
  switch (event.type) {
    case 'UserFollowed':
      return { ...state, followers: add(state.followers, event.data.from) };
    case 'UserUnfollowed':
      return { ...state, followers: remove(state.followers, event.data.from) };
    case 'ConnectionRequested':
      return { ...state, request: { from: event.data.from, to: event.data.to } };
    case 'ConnectionAccepted':
      return { ...state, request: null, connected: true };
    case 'ConnectionRejected':
      return { ...state, request: null };
    case 'ConnectionRemoved':
      return { ...state, connected: false };
    case 'UserBlocked':
      return { ...state, blockers: add(state.blockers, event.data.from) };
    case 'UserUnblocked':
      return { ...state, blockers: remove(state.blockers, event.data.from) };
    default:
      // Events of other features never reach a pair stream; ignore them if they ever do.
      return state;
  }
}

/**
 * Blocking undoes everything between the two, both ways, in the same append as UserBlocked:
 * follows (UserUnfollowed from each follower), the connection (ConnectionRemoved by the blocker)
 * and a pending request (ConnectionRejected on behalf of the request's receiver).
 */
function blockEvents(state: RelationshipState, actor: string, target: string, at: string): RelationshipEvent[] {
  const events: RelationshipEvent[] = [{ type: 'UserBlocked', data: { from: actor, to: target, at } }];
  for (const follower of [actor, target]) {
    if (state.followers.includes(follower)) {
      events.push({ type: 'UserUnfollowed', data: { from: follower, to: follower === actor ? target : actor, at } });
    }
  }
  if (state.connected) events.push({ type: 'ConnectionRemoved', data: { from: actor, to: target, at } });
  if (state.request) events.push({ type: 'ConnectionRejected', data: { from: state.request.to, to: state.request.from, at } });
  return events;
}

export function decideRelationship(command: RelationshipCommand, state: RelationshipState): RelationshipEvent[] {
  const { actor, target } = command;
  if (actor === target) throw refused(SocialMessages.invalidOperation);
  const at = command.now.toISOString();
  const pair = { from: actor, to: target, at };

  // Blocks first: only the blocker may lift a block, and nothing else happens while one exists.
  if (command.type === 'Unblock') {
    if (state.blockers.includes(actor)) return [{ type: 'UserUnblocked', data: pair }];
    if (state.blockers.includes(target)) throw forbidden(SocialMessages.cannotInteract);
    return []; // not blocked: nothing to undo
  }
  if (command.type === 'Block' && state.blockers.includes(actor)) return []; // already blocked
  if (state.blockers.length > 0) throw forbidden(SocialMessages.cannotInteract);

  switch (command.type) {
    case 'Follow':
      return state.followers.includes(actor) ? [] : [{ type: 'UserFollowed', data: { ...pair, via: 'follow' } }];
    case 'Unfollow':
      return state.followers.includes(actor) ? [{ type: 'UserUnfollowed', data: pair }] : [];
    case 'RemoveFollower':
      return state.followers.includes(target) ? [{ type: 'UserUnfollowed', data: { from: target, to: actor, at } }] : [];
    case 'RequestConnection':
      if (state.connected) throw conflict(SocialMessages.alreadyConnected);
      if (state.request?.from === actor) throw conflict(SocialMessages.requestAlreadySent);
      if (state.request) throw conflict(SocialMessages.requestAlreadyReceived);
      return [{ type: 'ConnectionRequested', data: pair }];
    case 'AcceptConnection': {
      if (state.request?.from !== target) throw conflict(SocialMessages.noPendingRequest);
      // Accepting connects both ways and, as users expect, makes both follow each other.
      const events: RelationshipEvent[] = [{ type: 'ConnectionAccepted', data: pair }];
      if (!state.followers.includes(actor)) events.push({ type: 'UserFollowed', data: { from: actor, to: target, at, via: 'accept' } });
      if (!state.followers.includes(target)) events.push({ type: 'UserFollowed', data: { from: target, to: actor, at, via: 'accept' } });
      return events;
    }
    case 'RejectConnection':
      if (state.request?.from !== target) throw conflict(SocialMessages.noPendingRequest);
      return [{ type: 'ConnectionRejected', data: pair }];
    case 'RemoveConnection':
      if (!state.connected) throw conflict(SocialMessages.notConnected);
      return [{ type: 'ConnectionRemoved', data: pair }];
    case 'Block':
      return blockEvents(state, actor, target, at);
  }
}

export const relationshipDecider: Decider<RelationshipState, RelationshipCommand, RelationshipEvent> = {
  initialState: initialRelationshipState,
  evolve: evolveRelationship,
  decide: decideRelationship,
};

/** The relationship as `viewer` sees it towards `other`. */
export function relationshipOf(state: RelationshipState, viewer: string, other: string): Relationship {
  return {
    isConnected: state.connected,
    isFollowing: state.followers.includes(viewer),
    isFollowedBy: state.followers.includes(other),
    requestPending: state.request?.from === viewer,
    requestReceived: state.request?.from === other,
    hasBlockedTarget: state.blockers.includes(viewer),
    isBlockedByTarget: state.blockers.includes(other),
  };
}
