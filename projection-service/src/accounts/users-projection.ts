import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { AccountEventSchemas } from '@circuit/shared/events/accounts';
import type { Projection } from '../runner/projection';

const userIdOf = (event: RecordedEvent) => event.streamId.slice('user-'.length);

/** The `users` read model: one row per registered account. */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
  async apply(trx: Knex.Transaction, event: RecordedEvent) {
    if (!event.streamId.startsWith('user-')) return;
    const id = userIdOf(event);
    switch (event.type) {
      case 'UserRegistered': {
        const d = AccountEventSchemas.UserRegistered.parse(event.data);
        await trx('users')
          .insert({
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
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'SignUpWithdrawn':
        // The replacing sign-up may take the same username or e-mail, which the table keeps unique.
        await trx('users').where({ id }).delete();
        return;
      case 'EmailVerified':
        await trx('users').where({ id }).update({ is_email_verified: true, updated_at: event.occurredAt });
        return;
      case 'UserSignedIn': {
        const d = AccountEventSchemas.UserSignedIn.parse(event.data);
        await trx('users').where({ id }).update({ last_login: d.at });
        return;
      }
      default:
        return;
    }
  },
};
