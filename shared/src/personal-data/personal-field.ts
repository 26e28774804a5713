import type { EventMetadata } from '../ports/event-store';

/** What a personal field's rules see of the event that holds it. */
export interface FieldContext {
  data: Record<string, unknown>;
  /** The object that holds the field (the data itself, or an element of an array on the path). */
  parent: Record<string, unknown>;
  streamId: string;
  metadata: EventMetadata;
}

/**
 * A field of an event that belongs to a person (docs/personal-data.md): stored encrypted with that person's data
 * key, and read as `erased` once the key is destroyed.
 */
export interface PersonalField {
  /** Dot path into the event's data; `[]` after a name walks every element of that array (`members[].email`). */
  path: string;
  /** Whose data it is: a user id, or nothing when the event holds no such person (the field then stays as it is). */
  subject(ctx: FieldContext): string | null | undefined;
  /** What every reader sees in its place once that person is erased. Never personal. */
  erased(ctx: FieldContext & { subject: string }): unknown;
}

/** Placeholders an erased person's fields read as. */
export const Erased = {
  firstName: 'Deleted',
  lastName: 'user',
  name: 'Deleted user',
  message: 'Message deleted',
  /** A unique address that can never receive mail (.invalid, RFC 2606), so unique indexes still hold. */
  email: (subject: string) => `deleted-${subject}@erased.invalid`,
} as const;

const text = (value: string) => () => value;

/** The subject is the user of a `user-<id>` stream. */
export const streamUser = ({ streamId }: FieldContext) => (streamId.startsWith('user-') ? streamId.slice('user-'.length) : null);
/** The subject is named by a field of the event's data. */
export const dataUser = (key: string) => ({ data }: FieldContext) => stringOrNull(data[key]);
/** The subject is named by a field of the object that holds the field (an element of an array). */
export const parentUser = (key: string) => ({ parent }: FieldContext) => stringOrNull(parent[key]);
/** The subject is whoever appended the event. */
export const actingUser = ({ metadata }: FieldContext) => stringOrNull(metadata.userId);

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Field builders for the registry: one line per field. */
export const personal = {
  text: (path: string, subject: PersonalField['subject'], erased = ''): PersonalField => ({ path, subject, erased: text(erased) }),
  firstName: (path: string, subject: PersonalField['subject']): PersonalField => ({ path, subject, erased: text(Erased.firstName) }),
  lastName: (path: string, subject: PersonalField['subject']): PersonalField => ({ path, subject, erased: text(Erased.lastName) }),
  name: (path: string, subject: PersonalField['subject']): PersonalField => ({ path, subject, erased: text(Erased.name) }),
  email: (path: string, subject: PersonalField['subject']): PersonalField => ({ path, subject, erased: ({ subject: s }) => Erased.email(s) }),
  message: (path: string, subject: PersonalField['subject']): PersonalField => ({ path, subject, erased: text(Erased.message) }),
  /** Any other value (a list, an object, an upload's key): gone once erased. */
  value: (path: string, subject: PersonalField['subject'], erased: unknown = null): PersonalField => ({ path, subject, erased: () => erased }),
};
