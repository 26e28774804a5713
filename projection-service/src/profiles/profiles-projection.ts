import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { ProfileEventSchemas, type ProfileFields } from '@circuit/shared/events/profiles';
import type { Projection } from '../runner/projection';

/** Event field -> `users` column. */
const COLUMNS: { [K in keyof ProfileFields]: string } = {
  firstName: 'first_name',
  lastName: 'last_name',
  bio: 'bio',
  tagline: 'tagline',
  website: 'website',
  socialLinks: 'social_links',
  country: 'country',
  state: 'state',
  address: 'address',
  college: 'college',
  course: 'course',
  branch: 'branch',
  collegeYear: 'college_year',
  skills: 'skills',
  mobile: 'mobile',
};

export function profileColumns(changes: Partial<ProfileFields>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof ProfileFields, string][]) {
    const value = changes[field];
    if (value === undefined) continue;
    row[column] = field === 'socialLinks' ? JSON.stringify(value) : value;
  }
  return row;
}

/**
 * Profile fields of the `users` row (the row itself is created by the users projection, which
 * runs first and owns the table): only the fields an update carried change.
 */
export const profilesProjection: Projection = {
  name: 'profiles',
  tables: [],
  async apply(trx: Knex.Transaction, event: RecordedEvent) {
    if (!event.streamId.startsWith('user-')) return;
    const id = event.streamId.slice('user-'.length);
    switch (event.type) {
      case 'ProfileUpdated': {
        const { changes } = ProfileEventSchemas.ProfileUpdated.parse(event.data);
        await trx('users')
          .where({ id })
          .update({ ...profileColumns(changes), updated_at: event.occurredAt });
        return;
      }
      case 'ProfilePictureChanged': {
        const { url } = ProfileEventSchemas.ProfilePictureChanged.parse(event.data);
        await trx('users').where({ id }).update({ profile_picture: url, updated_at: event.occurredAt });
        return;
      }
      default:
        return;
    }
  },
};
