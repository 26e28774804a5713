import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { createLogger } from '@circuit/shared/logger';
import { userStream } from '@circuit/shared/events/accounts';
import { notificationsStream } from '@circuit/shared/events/notifications';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { countUnreadNotifications, findNotification, listNotifications } from '@circuit/shared/read-models/notifications';
import { migrateReadModels } from '../migrations';
import { ProjectionRunner } from '../runner/projection-runner';
import { usersProjection } from '../accounts/users-projection';
import { migrateSocialReadModels } from '../social/migrations';
import { notificationsProjection } from './notifications-projection';

type NotificationEvent = DomainEvent<'NotificationCreated' | 'NotificationStatusChanged' | 'NotificationRead' | 'NotificationDeleted' | 'AllNotificationsRead'>;

/** Events in, rows out: the `notifications` read model and the Notification shape read from it. */
describe('notifications projection', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  const [ME, ASHA, RAVI] = ['u-me', 'u-asha', 'u-ravi'];

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex);
    await migrateReadModels(knex);
    await migrateSocialReadModels(knex);
    runner = new ProjectionRunner(knex, store, [usersProjection, notificationsProjection], undefined, createLogger('test', 'silent'));
    for (const [id, username, firstName] of [
      [ME, 'me', 'Mona'],
      [ASHA, 'asha', 'Asha'],
      [RAVI, 'ravi', 'Ravi'],
    ] as const) {
      const at = '2025-03-01T09:00:00.000Z';
      const data = { userId: id, username, email: `${username}@example.com`, firstName, lastName: 'Rao', passwordHash: null, role: 'user' as const, emailVerified: true, registeredAt: at };
      await store.append(userStream(id), toNewEvents([{ type: 'UserRegistered', data }], {}, at), 'any');
    }
  });

  afterAll(async () => {
    await store.close();
    await knex.destroy();
  });

  async function append(events: NotificationEvent[], user = ME) {
    await store.append(notificationsStream(user), toNewEvents(events, {}, '2025-03-01T10:00:00.000Z'), 'any');
    await runner.rebuild();
  }
  const created = (notificationId: string, type: 'connection_request' | 'connection_request_sent' | 'follow', fromUserId: string, at: string, userId = ME): NotificationEvent => ({
    type: 'NotificationCreated',
    data: { notificationId, userId, type, status: type === 'follow' ? null : 'pending', isOutgoing: type === 'connection_request_sent', fromUserId, at },
  });

  it('lists notifications newest first with the sender and a message; another user sees none of them', async () => {
    await append([created('n1', 'follow', ASHA, '2025-03-01T10:00:00.000Z'), created('n2', 'connection_request', RAVI, '2025-03-01T10:05:00.000Z')]);
    await append([created('x1', 'follow', ME, '2025-03-01T10:06:00.000Z', ASHA)], ASHA);
    const list = await listNotifications(knex, ME);
    expect(list).toEqual([
      {
        _id: 'n2',
        type: 'connection_request',
        status: 'pending',
        isOutgoing: false,
        read: false,
        createdAt: '2025-03-01T10:05:00.000Z',
        message: 'Ravi Rao sent you a connection request',
        from: { _id: RAVI, firstName: 'Ravi', lastName: 'Rao', username: 'ravi', profilePicture: null },
      },
      {
        _id: 'n1',
        type: 'follow',
        status: null,
        isOutgoing: false,
        read: false,
        createdAt: '2025-03-01T10:00:00.000Z',
        message: 'Asha Rao started following you',
        from: { _id: ASHA, firstName: 'Asha', lastName: 'Rao', username: 'asha', profilePicture: null },
      },
    ]);
    expect(await countUnreadNotifications(knex, ME)).toBe(2);
    expect(await findNotification(knex, ASHA, 'n1')).toBeUndefined();
    expect((await listNotifications(knex, ASHA)).map((n) => n._id)).toEqual(['x1']);
  });

  it('applies status changes, reads, deletes and mark-all-read of that user only', async () => {
    await append([
      { type: 'NotificationStatusChanged', data: { notificationId: 'n2', status: 'accepted', at: '2025-03-01T10:10:00.000Z' } },
      { type: 'NotificationRead', data: { notificationId: 'n2', at: '2025-03-01T10:10:00.000Z' } },
    ]);
    expect(await findNotification(knex, ME, 'n2')).toMatchObject({ status: 'accepted', read: true });
    expect(await countUnreadNotifications(knex, ME)).toBe(1);

    await append([{ type: 'AllNotificationsRead', data: { at: '2025-03-01T10:11:00.000Z' } }]);
    expect(await countUnreadNotifications(knex, ME)).toBe(0);
    expect(await countUnreadNotifications(knex, ASHA)).toBe(1);

    await append([{ type: 'NotificationDeleted', data: { notificationId: 'n1', at: '2025-03-01T10:12:00.000Z' } }]);
    expect((await listNotifications(knex, ME)).map((n) => n._id)).toEqual(['n2']);
    // Another stream cannot touch this user's rows.
    await append([{ type: 'NotificationDeleted', data: { notificationId: 'n2', at: '2025-03-01T10:13:00.000Z' } }], ASHA);
    expect((await listNotifications(knex, ME)).map((n) => n._id)).toEqual(['n2']);
  });

  it('marks read a notification created and changed in the same batch as a mark-all-read', async () => {
    await append(
      [
        created('r1', 'connection_request', ASHA, '2025-03-01T10:20:00.000Z', RAVI),
        { type: 'NotificationStatusChanged', data: { notificationId: 'r1', status: 'accepted', at: '2025-03-01T10:21:00.000Z' } },
        { type: 'AllNotificationsRead', data: { at: '2025-03-01T10:22:00.000Z' } },
      ],
      RAVI,
    );
    expect(await findNotification(knex, RAVI, 'r1')).toMatchObject({ status: 'accepted', read: true });
    expect(await countUnreadNotifications(knex, RAVI)).toBe(0);
  });

  it('orders notifications of the same instant by their position in the feed', async () => {
    await append([created('s1', 'connection_request_sent', ASHA, '2025-03-01T11:00:00.000Z'), created('s2', 'follow', RAVI, '2025-03-01T11:00:00.000Z')]);
    expect((await listNotifications(knex, ME)).slice(0, 2).map((n) => n._id)).toEqual(['s2', 's1']);
    expect((await findNotification(knex, ME, 's1'))?.message).toBe('You sent a connection request to Asha Rao');
  });
});
