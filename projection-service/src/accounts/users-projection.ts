import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { AccountEventSchemas } from '@circuit/shared/events/accounts';
import { SocialEventSchemas } from '@circuit/shared/events/social';
import { UserStandingEventSchemas } from '@circuit/shared/events/user-standing';
import { Erased } from '@circuit/shared/personal-data/personal-field';
import type { Projection } from '../runner/projection';
import { Counters, TableChanges } from '../runner/table-changes';
import { foldProfileEvent, PROFILE_EVENT_TYPES } from '../profiles/profiles-projection';

const userIdOf = (event: RecordedEvent) => event.streamId.slice('user-'.length);

function foldAccountEvent(users: TableChanges, event: RecordedEvent): void {
  if (!event.streamId.startsWith('user-')) return;
  const id = userIdOf(event);
  switch (event.type) {
    case 'UserRegistered': {
      const d = AccountEventSchemas.UserRegistered.parse(event.data);
      users.insert({
        id,
        username: d.username,
        username_lower: d.username.toLowerCase(),
        email: d.email,
        email_lower: d.email.toLowerCase(),
        first_name: d.firstName,
        last_name: d.lastName,
        role: d.role,
        is_email_verified: d.emailVerified,
        created_at: d.registeredAt,
        updated_at: event.occurredAt,
      });
      return;
    }
    case 'SignUpWithdrawn':
      // The replacing sign-up may take the same username or e-mail, which the table keeps unique.
      users.delete({ id });
      return;
    case 'AccountErased':
      // The row stays for what names the person (teams, chats, payments read "Deleted user"), hidden like a
      // suspended account; the username and e-mail address go too, since they are free for someone else to take.
      // Its names and address read as what erasure leaves at once; the rebuild that follows clears the rest.
      users.patch({ id }, {
        username: `deleted-${id}`,
        username_lower: `deleted-${id}`,
        email: Erased.email(id),
        email_lower: Erased.email(id),
        first_name: Erased.firstName,
        last_name: Erased.lastName,
        is_active: false,
        updated_at: event.occurredAt,
      });
      return;
    case 'EmailVerified':
      users.patch({ id }, { is_email_verified: true, updated_at: event.occurredAt });
      return;
    case 'UserSignedIn': {
      const d = AccountEventSchemas.UserSignedIn.parse(event.data);
      users.patch({ id }, { last_login: d.at });
      return;
    }
    default:
      return;
  }
}

/**
 * `followers_count`, `following_count` and `connections_count`, incremented by the relationship
 * events. The relationship decider emits UserFollowed only for a pair that does not follow yet
 * (and so on for the other three), and the checkpoint applies each event once, so the increments
 * equal a count of the social projection's rows.
 */
function foldCountEvent(counts: Counters, event: RecordedEvent): void {
  if (!event.streamId.startsWith('relationship-')) return;
  switch (event.type) {
    case 'UserFollowed':
    case 'UserUnfollowed': {
      const d = SocialEventSchemas[event.type].parse(event.data);
      const delta = event.type === 'UserFollowed' ? 1 : -1;
      counts.add(d.from, 'following_count', delta);
      counts.add(d.to, 'followers_count', delta);
      return;
    }
    case 'ConnectionAccepted':
    case 'ConnectionRemoved': {
      const d = SocialEventSchemas[event.type].parse(event.data);
      const delta = event.type === 'ConnectionAccepted' ? 1 : -1;
      counts.add(d.from, 'connections_count', delta);
      counts.add(d.to, 'connections_count', delta);
      return;
    }
    default:
      return;
  }
}

/** Staff decisions (user-standing-<id>): the role, and suspension as is_active (hidden everywhere public). */
function foldStandingEvent(users: TableChanges, event: RecordedEvent): void {
  switch (event.type) {
    case 'UserRoleChanged': {
      const d = UserStandingEventSchemas.UserRoleChanged.parse(event.data);
      users.patch({ id: d.userId }, { role: d.role, updated_at: event.occurredAt });
      return;
    }
    case 'UserSuspended':
    case 'UserReinstated': {
      const d = UserStandingEventSchemas.UserSuspended.parse(event.data);
      users.patch({ id: d.userId }, { is_active: event.type === 'UserReinstated', updated_at: event.occurredAt });
      return;
    }
  }
}

/**
 * The `users` read model: one row per registered account with its profile fields and social
 * counts. It is the table's only writer (profiles-projection.ts folds the profile events into it).
 */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
  eventTypes: [
    'UserRegistered',
    'SignUpWithdrawn',
    'AccountErased',
    'EmailVerified',
    'UserSignedIn',
    ...PROFILE_EVENT_TYPES,
    'UserFollowed',
    'UserUnfollowed',
    'ConnectionAccepted',
    'ConnectionRemoved',
    'UserRoleChanged',
    'UserSuspended',
    'UserReinstated',
  ],
  async applyBatch(trx: Knex.Transaction, events: RecordedEvent[]) {
    const users = new TableChanges('users', ['id']);
    const counts = new Counters('users', 'id');
    for (const event of events) {
      foldAccountEvent(users, event);
      foldStandingEvent(users, event);
      foldProfileEvent(users, event);
      foldCountEvent(counts, event);
      // The erased account's username is free from here on: written before a later sign-up in the batch inserts it again.
      if (event.type === 'AccountErased') await users.flush(trx);
    }
    await users.flush(trx);
    await counts.flush(trx);
  },
};
