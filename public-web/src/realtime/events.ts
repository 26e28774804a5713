/**
 * The realtime channel of spec section 7 ("Realtime channel"), as the server implements it
 * (realtime-service/src/realtime-service.ts).
 */
import type { RateLimitedEvent } from '@circuit/shared/realtime/socket-errors';

import type { ChatMessage, ReplyRef } from '@circuit/shared/api/messaging';
import type { Notification } from '@circuit/shared/api/notifications';
import type { CommunityMessage } from '@circuit/shared/api/community';
import type { CommunityErrorEvent, CommunityJoinAnswer } from '@circuit/shared/realtime/community-events';
import type { CHECK_IN_COUNTS, CHECK_IN_WATCH, CheckInCountsEvent } from '@circuit/shared/api/check-in';
import type { CheckInKind } from '@circuit/shared/events/check-in';

/** A chat message and what a reply carries about the replied message: the contract's (spec section 3). */
export type { ChatMessage, ReplyRef };

/** unread_count_update: the map of unread messages per sender and their total (or, per the spec, a bare count). */
export type UnreadCountUpdate = { unreadCounts?: Record<string, number>; total?: number } | number;

/** new_notification: the Notification of the notifications list (the contract's). */
export type LiveNotification = Notification;

export interface ServerToClientEvents {
  private_message: (message: ChatMessage) => void;
  message_deleted: (messageId: string) => void;
  message_error: (error: string) => void;
  unread_count_update: (update: UnreadCountUpdate) => void;
  new_notification: (notification: LiveNotification) => void;
  user_online: (userId: string) => void;
  user_offline: (userId: string) => void;
  rate_limited: (refused: RateLimitedEvent) => void;
  session_ended: () => void;
  /** Community rooms (spec 2 section 7, "Realtime"): to the sockets in a hackathon's room. */
  new_community_message: (message: CommunityMessage) => void;
  community_message_updated: (message: CommunityMessage) => void;
  community_message_deleted: (messageId: string) => void;
  community_error: (error: CommunityErrorEvent) => void;
  community_removed: (removed: CommunityErrorEvent) => void;
  /** A quiz's leaderboard changed (at most once a second per quiz), to the sockets in its room. */
  quiz_leaderboard_updated: (change: { quizId: string }) => void;
  /** A listing's check-in counts changed, to the sockets watching it (docs/day-of.md). */
  [CHECK_IN_COUNTS]: (counts: CheckInCountsEvent) => void;
}

export interface PrivateMessagePayload {
  /** Ignored by the server, which uses the session's user. */
  from: string;
  to: string;
  message: string;
  replyTo: ReplyRef | null;
  /** The tab's id for this message, the same on every retry of it: the server stores the message once. */
  clientMessageId: string;
}

export interface ClientToServerEvents {
  join: (userId: string) => void;
  ping: () => void;
  private_message: (payload: PrivateMessagePayload) => void;
  refresh_unread_counts: (userId: string) => void;
  check_online: (userId: string, ack: (online: boolean) => void) => void;
  join_community: (hackathonId: string, ack: (answer: CommunityJoinAnswer) => void) => void;
  leave_community: (hackathonId: string) => void;
  join_quiz: (quizId: string, ack: (answer: { ok: boolean }) => void) => void;
  leave_quiz: (quizId: string) => void;
  [CHECK_IN_WATCH]: (watch: { kind: CheckInKind; listingId: string }, ack: (answer: unknown) => void) => void;
}

export type ServerEvent = keyof ServerToClientEvents;
