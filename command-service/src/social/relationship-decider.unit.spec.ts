import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { relationshipDecider, relationshipOf, SocialMessages, type RelationshipAction, type RelationshipEvent } from './relationship-decider';

const A = 'user-a';
const B = 'user-b';
const NOW = new Date('2025-03-01T10:00:00.000Z');
const at = NOW.toISOString();
const EARLIER = '2025-02-01T09:00:00.000Z';

const cmd = (type: RelationshipAction, actor = A, target = B) => ({ type, actor, target, now: NOW });
const ev = <T extends RelationshipEvent['type']>(type: T, from: string, to: string, when = at) => ({ type, data: { from, to, at: when } }) as RelationshipEvent;

const followed = (from: string, to: string) => ev('UserFollowed', from, to, EARLIER);
/** A follow decided now: a plain one, or one of accepting a connection. */
const follows = (from: string, to: string, via: 'follow' | 'accept' = 'follow') => ({ type: 'UserFollowed', data: { from, to, at, via } }) as RelationshipEvent;
const requested = (from: string, to: string) => ev('ConnectionRequested', from, to, EARLIER);
const accepted = (by: string, requester: string) => ev('ConnectionAccepted', by, requester, EARLIER);
const blocked = (from: string, to: string) => ev('UserBlocked', from, to, EARLIER);
const connected = (requester = A, accepter = B) => [requested(requester, accepter), accepted(accepter, requester), followed(accepter, requester), followed(requester, accepter)];

const relationship = given(relationshipDecider, []);

describe('relationship decider', () => {
  describe('oneself', () => {
    it.each<RelationshipAction>(['Follow', 'Unfollow', 'RemoveFollower', 'RequestConnection', 'AcceptConnection', 'RejectConnection', 'RemoveConnection', 'Block', 'Unblock'])(
      '%s on oneself is an invalid operation',
      (action) => {
        relationship.when(cmd(action, A, A)).thenThrows('refused', SocialMessages.invalidOperation);
      },
    );
  });

  describe('follow and unfollow', () => {
    it('follows', () => {
      relationship.when(cmd('Follow')).then([follows(A, B)]);
    });

    it('following again changes nothing (idempotent, no event)', () => {
      given(relationshipDecider, [followed(A, B)]).when(cmd('Follow')).then([]);
    });

    it('follows back someone who follows you', () => {
      given(relationshipDecider, [followed(B, A)]).when(cmd('Follow')).then([follows(A, B)]);
    });

    it('unfollows', () => {
      given(relationshipDecider, [followed(A, B), followed(B, A)]).when(cmd('Unfollow')).then([ev('UserUnfollowed', A, B)]);
    });

    it('unfollowing someone you do not follow changes nothing', () => {
      given(relationshipDecider, [followed(B, A)]).when(cmd('Unfollow')).then([]);
    });

    it('removes a follower: the target no longer follows the actor, the actor still follows', () => {
      given(relationshipDecider, [followed(B, A), followed(A, B)]).when(cmd('RemoveFollower')).then([ev('UserUnfollowed', B, A)]);
    });

    it('removing someone who does not follow you changes nothing', () => {
      given(relationshipDecider, [followed(A, B)]).when(cmd('RemoveFollower')).then([]);
    });
  });

  describe('connection requests', () => {
    it('sends a request', () => {
      relationship.when(cmd('RequestConnection')).then([ev('ConnectionRequested', A, B)]);
    });

    it('refuses a second request while one is pending (409)', () => {
      given(relationshipDecider, [requested(A, B)]).when(cmd('RequestConnection')).thenThrows('conflict', SocialMessages.requestAlreadySent);
    });

    it('refuses a request when the other side already sent one (409)', () => {
      given(relationshipDecider, [requested(B, A)]).when(cmd('RequestConnection')).thenThrows('conflict', SocialMessages.requestAlreadyReceived);
    });

    it('refuses a request between connected users (409)', () => {
      given(relationshipDecider, connected()).when(cmd('RequestConnection')).thenThrows('conflict', SocialMessages.alreadyConnected);
      given(relationshipDecider, connected()).when(cmd('RequestConnection', B, A)).thenThrows('conflict', SocialMessages.alreadyConnected);
    });

    it('allows a new request after a rejection', () => {
      given(relationshipDecider, [requested(A, B), ev('ConnectionRejected', B, A, EARLIER)]).when(cmd('RequestConnection')).then([ev('ConnectionRequested', A, B)]);
    });

    it('allows a new request after the connection was removed', () => {
      given(relationshipDecider, [...connected(), ev('ConnectionRemoved', B, A, EARLIER)]).when(cmd('RequestConnection')).then([ev('ConnectionRequested', A, B)]);
    });
  });

  describe('accept and reject', () => {
    it('accepting connects and makes both follow each other', () => {
      given(relationshipDecider, [requested(B, A)])
        .when(cmd('AcceptConnection'))
        .then((events, state) => {
          expect(events).toEqual([ev('ConnectionAccepted', A, B), follows(A, B, 'accept'), follows(B, A, 'accept')]);
          expect(relationshipOf(state, A, B)).toEqual({
            isConnected: true,
            isFollowing: true,
            isFollowedBy: true,
            requestPending: false,
            requestReceived: false,
            hasBlockedTarget: false,
            isBlockedByTarget: false,
          });
        });
    });

    it('accepting adds only the follows that are missing', () => {
      given(relationshipDecider, [followed(B, A), requested(B, A)]).when(cmd('AcceptConnection')).then([ev('ConnectionAccepted', A, B), follows(A, B, 'accept')]);
      given(relationshipDecider, [followed(A, B), followed(B, A), requested(B, A)]).when(cmd('AcceptConnection')).then([ev('ConnectionAccepted', A, B)]);
    });

    it('rejects a received request', () => {
      given(relationshipDecider, [requested(B, A)])
        .when(cmd('RejectConnection'))
        .then((events, state) => {
          expect(events).toEqual([ev('ConnectionRejected', A, B)]);
          expect(relationshipOf(state, A, B)).toMatchObject({ isConnected: false, requestPending: false, requestReceived: false });
        });
    });

    it.each<RelationshipAction>(['AcceptConnection', 'RejectConnection'])('%s needs a request received from that user (409)', (action) => {
      relationship.when(cmd(action)).thenThrows('conflict', SocialMessages.noPendingRequest);
      // One's own outgoing request cannot be answered by oneself.
      given(relationshipDecider, [requested(A, B)]).when(cmd(action)).thenThrows('conflict', SocialMessages.noPendingRequest);
      given(relationshipDecider, connected(B, A)).when(cmd(action)).thenThrows('conflict', SocialMessages.noPendingRequest);
    });
  });

  describe('remove connection', () => {
    it('either side removes the connection; the follows stay', () => {
      given(relationshipDecider, connected())
        .when(cmd('RemoveConnection', B, A))
        .then((events, state) => {
          expect(events).toEqual([ev('ConnectionRemoved', B, A)]);
          expect(relationshipOf(state, A, B)).toMatchObject({ isConnected: false, isFollowing: true, isFollowedBy: true });
        });
    });

    it('refuses when not connected (409)', () => {
      given(relationshipDecider, [requested(A, B)]).when(cmd('RemoveConnection')).thenThrows('conflict', SocialMessages.notConnected);
    });
  });

  describe('block', () => {
    it('blocks with nothing between the two', () => {
      relationship.when(cmd('Block')).then([ev('UserBlocked', A, B)]);
    });

    it('removes follows both ways, the connection, and says so in the same command', () => {
      given(relationshipDecider, connected())
        .when(cmd('Block'))
        .then((events, state) => {
          expect(events).toEqual([ev('UserBlocked', A, B), ev('UserUnfollowed', A, B), ev('UserUnfollowed', B, A), ev('ConnectionRemoved', A, B)]);
          expect(relationshipOf(state, A, B)).toEqual({
            isConnected: false,
            isFollowing: false,
            isFollowedBy: false,
            requestPending: false,
            requestReceived: false,
            hasBlockedTarget: true,
            isBlockedByTarget: false,
          });
          expect(relationshipOf(state, B, A)).toMatchObject({ hasBlockedTarget: false, isBlockedByTarget: true });
        });
    });

    it('ends a pending request, whichever way it went (ConnectionRejected on behalf of its receiver)', () => {
      given(relationshipDecider, [followed(B, A), requested(B, A)]).when(cmd('Block')).then([ev('UserBlocked', A, B), ev('UserUnfollowed', B, A), ev('ConnectionRejected', A, B)]);
      given(relationshipDecider, [requested(A, B)]).when(cmd('Block')).then([ev('UserBlocked', A, B), ev('ConnectionRejected', B, A)]);
    });

    it('blocking again changes nothing', () => {
      given(relationshipDecider, [blocked(A, B)]).when(cmd('Block')).then([]);
    });

    it('the blocked user cannot block back (403)', () => {
      given(relationshipDecider, [blocked(A, B)]).when(cmd('Block', B, A)).thenThrows('forbidden', SocialMessages.cannotInteract);
    });
  });

  describe('while a block exists', () => {
    const actions: RelationshipAction[] = ['Follow', 'Unfollow', 'RequestConnection', 'AcceptConnection', 'RejectConnection', 'RemoveConnection'];

    it.each(actions)('%s is refused for the blocker and for the blocked user (403)', (action) => {
      given(relationshipDecider, [blocked(A, B)]).when(cmd(action, A, B)).thenThrows('forbidden', SocialMessages.cannotInteract);
      given(relationshipDecider, [blocked(A, B)]).when(cmd(action, B, A)).thenThrows('forbidden', SocialMessages.cannotInteract);
    });

    it('only the blocker may unblock', () => {
      given(relationshipDecider, [blocked(A, B)]).when(cmd('Unblock', A, B)).then([ev('UserUnblocked', A, B)]);
      given(relationshipDecider, [blocked(A, B)]).when(cmd('Unblock', B, A)).thenThrows('forbidden', SocialMessages.cannotInteract);
    });

    it('unblocking someone not blocked changes nothing', () => {
      relationship.when(cmd('Unblock')).then([]);
    });

    it('after unblocking, nothing comes back and the two may interact again', () => {
      const history = [...connected(), ev('UserBlocked', A, B, EARLIER), ev('UserUnfollowed', A, B, EARLIER), ev('UserUnfollowed', B, A, EARLIER), ev('ConnectionRemoved', A, B, EARLIER), ev('UserUnblocked', A, B, EARLIER)];
      expect(relationshipOf(given(relationshipDecider, history).state(), A, B)).toEqual({
        isConnected: false,
        isFollowing: false,
        isFollowedBy: false,
        requestPending: false,
        requestReceived: false,
        hasBlockedTarget: false,
        isBlockedByTarget: false,
      });
      given(relationshipDecider, history).when(cmd('Follow', B, A)).then([follows(B, A)]);
    });
  });

  it('ignores events of other features in its stream', () => {
    const foreign = { type: 'ProfileUpdated', data: { changes: {}, at } } as unknown as RelationshipEvent;
    expect(given(relationshipDecider, [foreign, followed(A, B)]).state()).toEqual({ followers: [A], request: null, connected: false, blockers: [] });
  });
});
