import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { NOTIFICATION_NOT_FOUND, notificationsDecider, unreadCount, type NotificationEvent, type NotificationsCommand } from './notifications-decider';

const ME = 'user-me';
const ASHA = 'user-asha';
const RAVI = 'user-ravi';
const NOW = new Date('2025-03-01T10:00:00.000Z');
const at = NOW.toISOString();
const EARLIER = '2025-03-01T09:00:00.000Z';

const created = (notificationId: string, type: Extract<NotificationEvent, { type: 'NotificationCreated' }>['data']['type'], fromUserId: string, status: 'pending' | null = null, isOutgoing = false): NotificationEvent => ({
  type: 'NotificationCreated',
  data: { notificationId, userId: ME, type, status, isOutgoing, fromUserId, at: EARLIER },
});
const read = (notificationId: string): NotificationEvent => ({ type: 'NotificationRead', data: { notificationId, at: EARLIER } });
const deleted = (notificationId: string): NotificationEvent => ({ type: 'NotificationDeleted', data: { notificationId, at: EARLIER } });

const create = (notificationId: string): NotificationsCommand => ({
  type: 'Create',
  notificationId,
  userId: ME,
  kind: 'connection_request',
  status: 'pending',
  isOutgoing: false,
  fromUserId: ASHA,
  now: NOW,
});

describe('notifications decider', () => {
  it('creates a notification once; a replay of its cause adds nothing, even after it was deleted', () => {
    given(notificationsDecider, []).when(create('n1')).then([
      { type: 'NotificationCreated', data: { notificationId: 'n1', userId: ME, type: 'connection_request', status: 'pending', isOutgoing: false, fromUserId: ASHA, at } },
    ]);
    given(notificationsDecider, [created('n1', 'connection_request', ASHA, 'pending')]).when(create('n1')).then([]);
    given(notificationsDecider, [created('n1', 'connection_request', ASHA, 'pending'), deleted('n1')]).when(create('n1')).then([]);
  });

  it('resolves the pending request notifications about that user: status, and read when unread', () => {
    given(notificationsDecider, [created('n1', 'connection_request', ASHA, 'pending'), created('n2', 'connection_request', RAVI, 'pending'), created('n3', 'follow', ASHA)])
      .when({ type: 'ResolveRequest', kind: 'connection_request', fromUserId: ASHA, status: 'accepted', now: NOW })
      .then([
        { type: 'NotificationStatusChanged', data: { notificationId: 'n1', status: 'accepted', at } },
        { type: 'NotificationRead', data: { notificationId: 'n1', at } },
      ]);
    given(notificationsDecider, [created('n1', 'connection_request_sent', ASHA, 'pending', true), read('n1')])
      .when({ type: 'ResolveRequest', kind: 'connection_request_sent', fromUserId: ASHA, status: 'rejected', now: NOW })
      .then([{ type: 'NotificationStatusChanged', data: { notificationId: 'n1', status: 'rejected', at } }]);
  });

  it('leaves already resolved and deleted request notifications alone', () => {
    const resolved: NotificationEvent = { type: 'NotificationStatusChanged', data: { notificationId: 'n1', status: 'rejected', at: EARLIER } };
    given(notificationsDecider, [created('n1', 'connection_request', ASHA, 'pending'), resolved, created('n2', 'connection_request', ASHA, 'pending'), deleted('n2')])
      .when({ type: 'ResolveRequest', kind: 'connection_request', fromUserId: ASHA, status: 'accepted', now: NOW })
      .then([]);
  });

  it('marks one read; again changes nothing; an unknown or deleted one is 404', () => {
    const history = [created('n1', 'follow', ASHA)];
    given(notificationsDecider, history).when({ type: 'MarkRead', notificationId: 'n1', now: NOW }).then([{ type: 'NotificationRead', data: { notificationId: 'n1', at } }]);
    given(notificationsDecider, [...history, read('n1')]).when({ type: 'MarkRead', notificationId: 'n1', now: NOW }).then([]);
    given(notificationsDecider, history).when({ type: 'MarkRead', notificationId: 'nope', now: NOW }).thenThrows('not_found', NOTIFICATION_NOT_FOUND);
    given(notificationsDecider, [...history, deleted('n1')]).when({ type: 'MarkRead', notificationId: 'n1', now: NOW }).thenThrows('not_found', NOTIFICATION_NOT_FOUND);
    // Prototype names are not notifications.
    given(notificationsDecider, history).when({ type: 'MarkRead', notificationId: 'constructor', now: NOW }).thenThrows('not_found', NOTIFICATION_NOT_FOUND);
  });

  it('deletes its own notification once; then it is 404', () => {
    given(notificationsDecider, [created('n1', 'follow', ASHA)]).when({ type: 'Delete', notificationId: 'n1', now: NOW }).then([{ type: 'NotificationDeleted', data: { notificationId: 'n1', at } }]);
    given(notificationsDecider, [created('n1', 'follow', ASHA), deleted('n1')]).when({ type: 'Delete', notificationId: 'n1', now: NOW }).thenThrows('not_found', NOTIFICATION_NOT_FOUND);
    given(notificationsDecider, []).when({ type: 'Delete', notificationId: 'n1', now: NOW }).thenThrows('not_found', NOTIFICATION_NOT_FOUND);
  });

  it('marks all read when any is unread, and counts them', () => {
    const history = [created('n1', 'follow', ASHA), created('n2', 'follow', RAVI), read('n2'), created('n3', 'connection_accepted', RAVI), deleted('n3')];
    const step = given(notificationsDecider, history);
    expect(unreadCount(step.state())).toBe(1);
    step.when({ type: 'MarkAllRead', now: NOW }).then((events, state) => {
      expect(events).toEqual([{ type: 'AllNotificationsRead', data: { at } }]);
      expect(unreadCount(state)).toBe(0);
    });
    given(notificationsDecider, [...history, read('n1')]).when({ type: 'MarkAllRead', now: NOW }).then([]);
  });
});
