import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@circuit/shared/db/knex';
import { PostgresEventStore } from '@circuit/shared/adapters/event-store/postgres-event-store';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { createLogger } from '@circuit/shared/logger';
import { userStream, type AccountEvent } from '@circuit/shared/events/accounts';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { findUserRow, toUserView } from '@circuit/shared/read-models/users';
import { migrateReadModels } from '../migrations';
import { ProjectionRunner } from '../runner/projection-runner';
import { usersProjection } from '../accounts/users-projection';

type Event = AccountEvent | DomainEvent<'ProfileUpdated' | 'ProfilePictureChanged'>;

/** Events in, rows out: profile fields of the `users` read model. */
describe('profiles projection', () => {
  let knex: Knex;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  beforeAll(async () => {
    knex = await createKnex({ kind: 'pglite' });
    store = await PostgresEventStore.create(knex, { pollIntervalMs: 20 });
    await migrateReadModels(knex);
    runner = new ProjectionRunner(knex, store, [usersProjection], undefined, createLogger('test'));
  });
  afterAll(async () => {
    await runner.stop();
    await store.close();
    await knex.destroy();
  });

  const append = (userId: string, events: Event[], occurredAt = '2025-03-01T10:00:00.000Z') =>
    store.append(userStream(userId), toNewEvents(events, {}, occurredAt), 'any');

  const registered = (userId: string, username: string): Event => ({
    type: 'UserRegistered',
    data: { userId, username, email: `${username}@example.com`, firstName: 'First', lastName: 'Last', passwordHash: null, role: 'user', emailVerified: true, registeredAt: '2025-03-01T09:00:00.000Z' },
  });

  it('writes only the fields an update carried, in their columns', async () => {
    await append('u-1', [registered('u-1', 'asha')]);
    await append('u-1', [
      {
        type: 'ProfileUpdated',
        data: {
          changes: {
            firstName: 'Asha',
            bio: '<p>Hi</p>',
            tagline: 'Builder',
            website: 'https://asha.dev',
            socialLinks: { github: 'https://github.com/asha' },
            country: 'India',
            state: 'Kerala',
            collegeYear: '3rd Year',
            skills: ['React', 'Node.js'],
            mobile: '9876543210',
          },
          at: '2025-03-01T10:00:00.000Z',
        },
      },
    ]);
    await append('u-1', [{ type: 'ProfileUpdated', data: { changes: { tagline: 'Shipper', skills: [] }, at: '2025-03-01T11:00:00.000Z' } }], '2025-03-01T11:00:00.000Z');
    await runner.rebuild();
    const row = await findUserRow(knex, 'u-1');
    expect(row).toMatchObject({
      first_name: 'Asha',
      last_name: 'Last',
      bio: '<p>Hi</p>',
      tagline: 'Shipper',
      website: 'https://asha.dev',
      social_links: { github: 'https://github.com/asha' },
      country: 'India',
      state: 'Kerala',
      college_year: '3rd Year',
      skills: [],
      mobile: '9876543210',
      address: '',
    });
    expect(new Date((row as unknown as { updated_at: string }).updated_at).toISOString()).toBe('2025-03-01T11:00:00.000Z');
    expect(toUserView(row!, { includePrivate: false })).toMatchObject({ socialLinks: { github: 'https://github.com/asha' }, collegeYear: '3rd Year' });
  });

  it('records the profile picture; events of unknown users change nothing', async () => {
    await append('u-2', [registered('u-2', 'kabir'), { type: 'ProfilePictureChanged', data: { url: '/uploads/profile-pictures/a.png', at: '2025-03-01T10:00:00.000Z' } }]);
    await append('u-ghost', [{ type: 'ProfileUpdated', data: { changes: { tagline: 'ghost' }, at: '2025-03-01T10:00:00.000Z' } }]);
    await runner.rebuild();
    expect((await findUserRow(knex, 'u-2'))?.profile_picture).toBe('/uploads/profile-pictures/a.png');
    expect(await findUserRow(knex, 'u-ghost')).toBeUndefined();
    expect(await knex('users').where({ tagline: 'ghost' })).toEqual([]);
  });

  it('gives the same rows when rebuilt from position 0', async () => {
    const before = await knex('users').orderBy('id');
    await runner.rebuild();
    expect(await knex('users').orderBy('id')).toEqual(before);
  });
});
