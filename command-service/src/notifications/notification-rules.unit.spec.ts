import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { notificationReactions, reachesActor, sameCommand } from './notification-rules';

const A = 'user-a';
const B = 'user-b';
const at = '2025-03-01T10:00:00.000Z';
let revision = 0;
const recorded = (type: string, data: object, metadata: RecordedEvent['metadata'] = {}, streamId = `relationship-${A}-${B}`): RecordedEvent => ({
  id: `e${revision}`,
  type,
  data: { at, ...data },
  metadata,
  occurredAt: at,
  streamId,
  revision: revision++,
  position: BigInt(revision),
});

describe('notification rules', () => {
  it('a connection request: the target gets a pending request, the requester a pending outgoing one', () => {
    expect(notificationReactions(recorded('ConnectionRequested', { from: A, to: B }))).toEqual([
      { recipient: B, command: { type: 'Create', kind: 'connection_request', status: 'pending', isOutgoing: false, fromUserId: A } },
      { recipient: A, command: { type: 'Create', kind: 'connection_request_sent', status: 'pending', isOutgoing: true, fromUserId: B } },
    ]);
  });

  it('an answer resolves both request notifications and tells the requester; a rejection tells nobody when a block ended the request', () => {
    const resolved = (status: 'accepted' | 'rejected') => [
      { recipient: B, command: { type: 'ResolveRequest', kind: 'connection_request', fromUserId: A, status } },
      { recipient: A, command: { type: 'ResolveRequest', kind: 'connection_request_sent', fromUserId: B, status } },
    ];
    expect(notificationReactions(recorded('ConnectionAccepted', { from: B, to: A }))).toEqual([
      ...resolved('accepted'),
      { recipient: A, command: { type: 'Create', kind: 'connection_accepted', status: null, isOutgoing: false, fromUserId: B } },
    ]);
    expect(notificationReactions(recorded('ConnectionRejected', { from: B, to: A }))).toEqual([
      ...resolved('rejected'),
      { recipient: A, command: { type: 'Create', kind: 'connection_rejected', status: null, isOutgoing: false, fromUserId: B }, unlessSameCommandHas: 'UserBlocked' },
    ]);
  });

  it('a follow notifies the followee, but not the mutual follows of accepting; an old follow without `via` is told by its command', () => {
    const follow = { recipient: B, command: { type: 'Create', kind: 'follow', status: null, isOutgoing: false, fromUserId: A } };
    expect(notificationReactions(recorded('UserFollowed', { from: A, to: B, via: 'follow' }))).toEqual([follow]);
    expect(notificationReactions(recorded('UserFollowed', { from: A, to: B, via: 'accept' }))).toEqual([]);
    expect(notificationReactions(recorded('UserFollowed', { from: A, to: B }))).toEqual([{ ...follow, unlessSameCommandHas: 'ConnectionAccepted' }]);
  });

  it('passes by other events, and social-looking events outside a relationship stream', () => {
    expect(notificationReactions(recorded('UserUnfollowed', { from: A, to: B }))).toEqual([]);
    expect(notificationReactions(recorded('UserBlocked', { from: A, to: B }))).toEqual([]);
    expect(notificationReactions(recorded('ConnectionRequested', { from: A, to: B }, {}, `user-${A}`))).toEqual([]);
  });

  it('the actor waits for a connection request or answer, not for a follow', () => {
    expect(reachesActor([{ type: 'ConnectionRequested' }])).toBe(true);
    expect(reachesActor([{ type: 'ConnectionRejected' }, { type: 'UserBlocked' }])).toBe(true);
    expect(reachesActor([{ type: 'UserFollowed' }])).toBe(false);
  });

  it("a command's events: by causation id, else the neighbours with the same correlation id and instant", () => {
    const [accept, follow, other] = [recorded('ConnectionAccepted', {}, { causationId: 'c1' }), recorded('UserFollowed', {}, { causationId: 'c1' }), recorded('UserFollowed', {}, { causationId: 'c2' })];
    expect(sameCommand([accept, follow, other], follow)).toEqual([accept, follow]);
    const [x, y, z] = [recorded('ConnectionRejected', {}, { correlationId: 'k' }), recorded('UserBlocked', {}, { correlationId: 'k' }), recorded('UserFollowed', {}, { correlationId: 'other' })];
    expect(sameCommand([x, y, z], x)).toEqual([x, y]);
  });
});
