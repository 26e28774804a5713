import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { ProfileEventSchemas, type ProfileFields } from '@circuit/shared/events/profiles';
import type { TableChanges } from '../runner/table-changes';

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

/** The columns an update carried, with their values as the row holds them (social_links as an object). */
export function profileColumns(changes: Partial<ProfileFields>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof ProfileFields, string][]) {
    const value = changes[field];
    if (value === undefined) continue;
    row[column] = value;
  }
  return row;
}

export const PROFILE_EVENT_TYPES = ['ProfileUpdated', 'ProfilePictureChanged'] as const;

/**
 * Profile fields of the `users` row: only the fields an update carried change. Part of the users
 * projection, which owns the table (one owner per table keeps one checkpoint per table).
 */
export function foldProfileEvent(users: TableChanges, event: RecordedEvent): void {
  if (!event.streamId.startsWith('user-')) return;
  const id = event.streamId.slice('user-'.length);
  switch (event.type) {
    case 'ProfileUpdated': {
      const { changes } = ProfileEventSchemas.ProfileUpdated.parse(event.data);
      users.patch({ id }, { ...profileColumns(changes), updated_at: event.occurredAt });
      return;
    }
    case 'ProfilePictureChanged': {
      const { url } = ProfileEventSchemas.ProfilePictureChanged.parse(event.data);
      users.patch({ id }, { profile_picture: url, updated_at: event.occurredAt });
      return;
    }
    default:
      return;
  }
}
