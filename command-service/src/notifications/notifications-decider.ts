import { notFound } from '@circuit/shared/commands/domain-errors';
import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { NotificationStatus, NotificationType } from '@circuit/shared/api/notifications';
import type { NotificationSubject } from '@circuit/shared/events/notifications';
import { PersistentMap } from '@circuit/shared/commands/persistent-map';

/**
 * The notifications of one user, on `notifications-<userId>`. The notifications process manager
 * creates and resolves them; the user reads and deletes them.
 */

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

export type NotificationEvent = DomainEvent<'NotificationCreated' | 'NotificationStatusChanged' | 'NotificationRead' | 'NotificationDeleted' | 'AllNotificationsRead'>;

export interface NotificationState {
  type: NotificationType;
  status: NotificationStatus | null;
  isOutgoing: boolean;
  fromUserId: string;
  read: boolean;
  deleted: boolean;
}

export interface NotificationsState {
  /**
   * Every notification the stream ever created, deleted ones included (so a replay never recreates them). A
   * persistent map: an organiser's stream holds thousands, and each new one must not copy them all.
   */
  byId: PersistentMap<NotificationState>;
}

export type NotificationsCommand =
  | { type: 'Create'; notificationId: string; userId: string; kind: NotificationType; status: NotificationStatus | null; isOutgoing: boolean; fromUserId: string; subject?: NotificationSubject; now: Date }
  /** The pending request notifications of `kind` about `fromUserId` get `status`, and are read. */
  | { type: 'ResolveRequest'; kind: 'connection_request' | 'connection_request_sent'; fromUserId: string; status: 'accepted' | 'rejected'; now: Date }
  | { type: 'MarkRead'; notificationId: string; now: Date }
  | { type: 'Delete'; notificationId: string; now: Date }
  | { type: 'MarkAllRead'; now: Date };

export const initialNotificationsState = (): NotificationsState => ({ byId: PersistentMap.empty() });

function update(state: NotificationsState, id: string, change: Partial<NotificationState>): NotificationsState {
  const current = state.byId.get(id);
  return current ? { byId: state.byId.set(id, { ...current, ...change }) } : state;
}

export function evolveNotifications(state: NotificationsState, event: NotificationEvent): NotificationsState {
  switch (event.type) {
    case 'NotificationCreated': {
      const d = event.data;
      if (state.byId.has(d.notificationId)) return state;
      return { byId: state.byId.set(d.notificationId, { type: d.type, status: d.status, isOutgoing: d.isOutgoing, fromUserId: d.fromUserId, read: false, deleted: false }) };
    }
    case 'NotificationStatusChanged':
      return update(state, event.data.notificationId, { status: event.data.status });
    case 'NotificationRead':
      return update(state, event.data.notificationId, { read: true });
    case 'NotificationDeleted':
      return update(state, event.data.notificationId, { deleted: true });
    case 'AllNotificationsRead': {
      let byId = state.byId;
      for (const [id, n] of state.byId.entries()) if (!n.deleted && !n.read) byId = byId.set(id, { ...n, read: true });
      return { byId };
    }
    default:
      return state;
  }
}

const live = (state: NotificationsState, id: string) => {
  const n = state.byId.get(id);
  return n && !n.deleted ? n : undefined;
};

/** How many notifications MarkAllRead would mark. */
export function unreadCount(state: NotificationsState): number {
  let count = 0;
  for (const n of state.byId.values()) if (!n.deleted && !n.read) count++;
  return count;
}

export function decideNotifications(command: NotificationsCommand, state: NotificationsState): NotificationEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'Create':
      // Created once, ever: a replayed cause finds its notification (even a deleted one) and adds nothing.
      if (state.byId.has(command.notificationId)) return [];
      return [
        {
          type: 'NotificationCreated',
          data: {
            notificationId: command.notificationId,
            userId: command.userId,
            type: command.kind,
            status: command.status,
            isOutgoing: command.isOutgoing,
            fromUserId: command.fromUserId,
            ...(command.subject ? { subject: command.subject } : {}),
            at,
          },
        },
      ];
    case 'ResolveRequest': {
      const events: NotificationEvent[] = [];
      for (const [notificationId, n] of state.byId.entries()) {
        if (n.deleted || n.type !== command.kind || n.fromUserId !== command.fromUserId || n.status !== 'pending') continue;
        events.push({ type: 'NotificationStatusChanged', data: { notificationId, status: command.status, at } });
        if (!n.read) events.push({ type: 'NotificationRead', data: { notificationId, at } });
      }
      return events;
    }
    case 'MarkRead': {
      const n = live(state, command.notificationId);
      if (!n) throw notFound(NOTIFICATION_NOT_FOUND);
      return n.read ? [] : [{ type: 'NotificationRead', data: { notificationId: command.notificationId, at } }];
    }
    case 'Delete':
      if (!live(state, command.notificationId)) throw notFound(NOTIFICATION_NOT_FOUND);
      return [{ type: 'NotificationDeleted', data: { notificationId: command.notificationId, at } }];
    case 'MarkAllRead':
      return unreadCount(state) === 0 ? [] : [{ type: 'AllNotificationsRead', data: { at } }];
  }
}

export const notificationsDecider: Decider<NotificationsState, NotificationsCommand, NotificationEvent> = {
  initialState: initialNotificationsState,
  evolve: evolveNotifications,
  decide: decideNotifications,
};
