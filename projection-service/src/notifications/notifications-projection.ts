import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { NotificationEventSchemas } from '@circuit/shared/events/notifications';
import { NOTIFICATIONS_TABLE } from '@circuit/shared/read-models/notifications';
import type { Projection } from '../runner/projection';

const userIdOf = (event: RecordedEvent) => event.streamId.slice('notifications-'.length);

/** The `notifications` read model: one row per live notification of `notifications-<userId>`. */
export const notificationsProjection: Projection = {
  name: 'notifications',
  tables: [NOTIFICATIONS_TABLE],
  async apply(trx: Knex.Transaction, event: RecordedEvent) {
    if (!event.streamId.startsWith('notifications-')) return;
    const userId = userIdOf(event);
    switch (event.type) {
      case 'NotificationCreated': {
        const d = NotificationEventSchemas.NotificationCreated.parse(event.data);
        await trx(NOTIFICATIONS_TABLE)
          .insert({
            id: d.notificationId,
            user_id: userId,
            type: d.type,
            status: d.status,
            is_outgoing: d.isOutgoing,
            read: false,
            from_user_id: d.fromUserId,
            created_at: d.at,
            position: event.position.toString(),
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'NotificationStatusChanged': {
        const d = NotificationEventSchemas.NotificationStatusChanged.parse(event.data);
        await trx(NOTIFICATIONS_TABLE).where({ id: d.notificationId, user_id: userId }).update({ status: d.status });
        return;
      }
      case 'NotificationRead': {
        const d = NotificationEventSchemas.NotificationRead.parse(event.data);
        await trx(NOTIFICATIONS_TABLE).where({ id: d.notificationId, user_id: userId }).update({ read: true });
        return;
      }
      case 'NotificationDeleted': {
        const d = NotificationEventSchemas.NotificationDeleted.parse(event.data);
        await trx(NOTIFICATIONS_TABLE).where({ id: d.notificationId, user_id: userId }).del();
        return;
      }
      case 'AllNotificationsRead':
        // Every notification of the stream so far: the feed is ordered, later ones are not here yet.
        await trx(NOTIFICATIONS_TABLE).where({ user_id: userId, read: false }).update({ read: true });
        return;
      default:
        return;
    }
  },
};
