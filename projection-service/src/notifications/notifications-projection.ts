import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { NotificationEventSchemas } from '@circuit/shared/events/notifications';
import { NOTIFICATIONS_TABLE } from '@circuit/shared/read-models/notifications';
import type { Projection } from '../runner/projection';
import { TableChanges } from '../runner/table-changes';

const userIdOf = (event: RecordedEvent) => event.streamId.slice('notifications-'.length);

/** The `notifications` read model: one row per live notification of `notifications-<userId>`. */
export const notificationsProjection: Projection = {
  name: 'notifications',
  tables: [NOTIFICATIONS_TABLE],
  eventTypes: ['NotificationCreated', 'NotificationStatusChanged', 'NotificationRead', 'NotificationDeleted', 'AllNotificationsRead'],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    // Keyed by id and owner: an event of one user's stream never touches another user's row.
    const rows = new TableChanges(NOTIFICATIONS_TABLE, ['id', 'user_id']);
    const allRead = new Set<string>();
    // The rows each user's stream inserted in this batch, so that marking them read costs their number, not the batch's.
    const insertedBy = new Map<string, Record<string, unknown>[]>();
    for (const event of events) {
      if (!event.streamId.startsWith('notifications-')) continue;
      const userId = userIdOf(event);
      switch (event.type) {
        case 'NotificationCreated': {
          const d = NotificationEventSchemas.NotificationCreated.parse(event.data);
          const row = {
            id: d.notificationId,
            user_id: userId,
            type: d.type,
            status: d.status,
            is_outgoing: d.isOutgoing,
            read: false,
            from_user_id: d.fromUserId,
            subject: d.subject ? JSON.stringify(d.subject) : null,
            created_at: d.at,
            position: event.position.toString(),
          };
          rows.insert(row);
          const mine = insertedBy.get(userId);
          if (mine) mine.push(row);
          else insertedBy.set(userId, [row]);
          break;
        }
        case 'NotificationStatusChanged': {
          const d = NotificationEventSchemas.NotificationStatusChanged.parse(event.data);
          rows.patch({ id: d.notificationId, user_id: userId }, { status: d.status });
          break;
        }
        case 'NotificationRead': {
          const d = NotificationEventSchemas.NotificationRead.parse(event.data);
          rows.patch({ id: d.notificationId, user_id: userId }, { read: true });
          break;
        }
        case 'NotificationDeleted': {
          const d = NotificationEventSchemas.NotificationDeleted.parse(event.data);
          rows.delete({ id: d.notificationId, user_id: userId });
          break;
        }
        case 'AllNotificationsRead':
          // Every notification of the stream so far: the ones written before this batch with one
          // statement below, the ones of this batch here (later ones are not there yet).
          allRead.add(userId);
          // Only the rows still pending as inserted (a delete drops one; a second insert of a key is ignored).
          for (const row of insertedBy.get(userId) ?? []) if (rows.inserted(row) === row) rows.patch(row, { read: true });
          break;
        default:
          break;
      }
    }
    // Rows written before the batch: marking them read first cannot reach a row of this batch.
    if (allRead.size > 0) await trx(NOTIFICATIONS_TABLE).whereIn('user_id', [...allRead]).where({ read: false }).update({ read: true });
    await rows.flush(trx);
  },
};
