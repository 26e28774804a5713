import { describe, expect, it } from 'vitest';
import { userStream, type AccountEvent } from '@circuit/shared/events/accounts';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { findUserRow, toUserView } from '@circuit/shared/read-models/users';
import { projectionHarness, userRegistered } from '../runner/projection-harness.testkit';
import { usersProjection } from '../accounts/users-projection';

type Event = AccountEvent | DomainEvent<'ProfileUpdated' | 'ProfilePictureChanged'>;

/** Events in, rows out: profile fields of the `users` read model. */
describe('profiles projection', () => {
  const t = projectionHarness([], [usersProjection]);

  const append = (userId: string, events: Event[], occurredAt = '2025-03-01T10:00:00.000Z') => t.append(userStream(userId), events, occurredAt);

  const registered = (userId: string, username: string): Event => userRegistered({ userId, username, firstName: 'First', lastName: 'Last' }, '2025-03-01T09:00:00.000Z');

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
    await t.runner.rebuild();
    const row = await findUserRow(t.knex, 'u-1');
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
    await t.runner.rebuild();
    expect((await findUserRow(t.knex, 'u-2'))?.profile_picture).toBe('/uploads/profile-pictures/a.png');
    expect(await findUserRow(t.knex, 'u-ghost')).toBeUndefined();
    expect(await t.knex('users').where({ tagline: 'ghost' })).toEqual([]);
  });

  it('gives the same rows when rebuilt from position 0', async () => {
    const before = await t.knex('users').orderBy('id');
    await t.runner.rebuild();
    expect(await t.knex('users').orderBy('id')).toEqual(before);
  });
});
