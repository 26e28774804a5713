import { SocialEventSchemas } from '@circuit/shared/events/social';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import type { NotificationsCommand } from './notifications-decider';

type Create = Extract<NotificationsCommand, { type: 'Create' }>;
type ResolveRequest = Extract<NotificationsCommand, { type: 'ResolveRequest' }>;

/** One reaction to a social event, for one recipient. The effects derive its ids from the cause. */
export interface NotificationReaction {
  recipient: string;
  command: Omit<Create, 'notificationId' | 'userId' | 'now'> | Omit<ResolveRequest, 'now'>;
  /**
   * Left out when the command that appended the cause appended an event of this type too. Only the
   * effects can tell (they read that command's events), and only these reactions make them read.
   */
  unlessSameCommandHas?: 'UserBlocked' | 'ConnectionAccepted';
}

/**
 * Notifications from social events (spec 1: connection_request, connection_request_sent,
 * connection_accepted, connection_rejected, follow):
 *
 * - ConnectionRequested A->B: B gets connection_request (pending), A gets connection_request_sent
 *   (pending, outgoing; its `from` is B, the other user).
 * - ConnectionAccepted / ConnectionRejected by B of A's request: both request notifications get the
 *   status accepted / rejected and are read; A gets connection_accepted / connection_rejected from B.
 * - UserFollowed A->B: B gets follow. Rule: not when the follow was appended by the same command as
 *   a ConnectionAccepted (the mutual follows of accepting): connection_accepted already says it.
 * - A block ends a pending request with a ConnectionRejected in the same command as UserBlocked: the
 *   request notifications are resolved (rejected, read) but nobody is told "rejected".
 */
export function notificationReactions(event: RecordedEvent): NotificationReaction[] {
  // Social facts are the relationship decider's, on relationship streams; anything else passes by.
  if (!event.streamId.startsWith('relationship-')) return [];
  switch (event.type) {
    case 'ConnectionRequested': {
      const { from, to } = SocialEventSchemas.ConnectionRequested.parse(event.data);
      return [
        { recipient: to, command: { type: 'Create', kind: 'connection_request', status: 'pending', isOutgoing: false, fromUserId: from } },
        { recipient: from, command: { type: 'Create', kind: 'connection_request_sent', status: 'pending', isOutgoing: true, fromUserId: to } },
      ];
    }
    case 'ConnectionAccepted':
    case 'ConnectionRejected': {
      // `from` answered the request that `to` had sent.
      const { from: receiver, to: requester } = SocialEventSchemas[event.type].parse(event.data);
      const accepted = event.type === 'ConnectionAccepted';
      const status = accepted ? 'accepted' : 'rejected';
      const told: NotificationReaction = {
        recipient: requester,
        command: { type: 'Create', kind: accepted ? 'connection_accepted' : 'connection_rejected', status: null, isOutgoing: false, fromUserId: receiver },
      };
      return [
        { recipient: receiver, command: { type: 'ResolveRequest', kind: 'connection_request', fromUserId: requester, status } },
        { recipient: requester, command: { type: 'ResolveRequest', kind: 'connection_request_sent', fromUserId: receiver, status } },
        accepted ? told : { ...told, unlessSameCommandHas: 'UserBlocked' },
      ];
    }
    case 'UserFollowed': {
      const { from, to, via } = SocialEventSchemas.UserFollowed.parse(event.data);
      if (via === 'accept') return [];
      const follow: NotificationReaction = { recipient: to, command: { type: 'Create', kind: 'follow', status: null, isOutgoing: false, fromUserId: from } };
      // A follow stored before `via` existed tells it by the events of its command.
      return [via ? follow : { ...follow, unlessSameCommandHas: 'ConnectionAccepted' }];
    }
    default:
      return [];
  }
}

/** Social events whose reactions change the notifications of the user who acted, too. */
const REACHES_BOTH_SIDES = new Set(['ConnectionRequested', 'ConnectionAccepted', 'ConnectionRejected']);

/**
 * Whether a social command's answer waits for its notifications: a connection request, acceptance
 * or rejection changes notifications on both sides. A follow notifies only the followee, whose
 * notifications the actor never reads: its answer does not wait for that (the followee gets it
 * live, a moment later).
 */
export const reachesActor = (events: readonly { type: string }[]): boolean => events.some((e) => REACHES_BOTH_SIDES.has(e.type));

/**
 * The events appended by the same command as `event` (same stream, same causation id, which the
 * social service sets per command; events without one fall back to the same correlation id and
 * instant, next to each other in the stream).
 */
export function sameCommand(stream: RecordedEvent[], event: RecordedEvent): RecordedEvent[] {
  const causation = event.metadata.causationId;
  if (causation) return stream.filter((e) => e.metadata.causationId === causation);
  const together = (e: RecordedEvent) => e.metadata.correlationId === event.metadata.correlationId && e.occurredAt === event.occurredAt && !e.metadata.causationId;
  const index = stream.findIndex((e) => e.id === event.id);
  if (index < 0) return [event];
  let first = index;
  let last = index;
  while (first > 0 && together(stream[first - 1]!)) first--;
  while (last < stream.length - 1 && together(stream[last + 1]!)) last++;
  return stream.slice(first, last + 1);
}
