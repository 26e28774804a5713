import { z } from 'zod';
import type { TableColumn } from '../csv/csv';
import { attendanceFields, CHECKED_IN_CSV_COLUMN, PARTICIPANT_PROFILE_CSV_COLUMNS, participantContactFields } from './participants';

/** The listing types whose participants the console shows. */
export const PARTICIPANT_LISTING_KINDS = ['hackathon', 'event', 'quiz'] as const;
export const ParticipantListingKindSchema = z.enum(PARTICIPANT_LISTING_KINDS);
export type ParticipantListingKind = z.infer<typeof ParticipantListingKindSchema>;

/** A row of the console's `participant-listings` resource: a listing the caller may see the participants of. */
export const AdminParticipantListingSchema = z
  .strictObject({
    id: z.string().meta({ description: '`{kind}:{listingId}`' }),
    kind: ParticipantListingKindSchema,
    listingId: z.string(),
    title: z.string(),
    status: z.string(),
    organiserId: z.string(),
    participants: z.number().int(),
  })
  .meta({ id: 'AdminParticipantListing' });
export type AdminParticipantListing = z.infer<typeof AdminParticipantListingSchema>;

// The console's rows carry no picture.
const { profilePicture: _picture, ...consoleContactFields } = participantContactFields;

/** A row of the console's `participants` resource: one registered user of one listing. */
export const AdminParticipantSchema = z
  .strictObject({
    id: z.string().meta({ description: '`{listingId}:{userId}`' }),
    userId: z.string(),
    name: z.string(),
    ...consoleContactFields,
    paymentStatus: z.string(),
    registeredAt: z.string(),
    score: z.number().nullable().meta({ description: 'Quizzes: the marks of the submitted attempt; null before it, and for hackathons and events' }),
    timeTaken: z.number().int().nullable().meta({ description: 'Quizzes: seconds the submitted attempt took; null otherwise' }),
    completedAt: z.string().nullable().meta({ description: 'Quizzes: when the attempt was submitted (ISO); null otherwise' }),
    ...attendanceFields,
  })
  .meta({ id: 'AdminParticipant' });
export type AdminParticipant = z.infer<typeof AdminParticipantSchema>;

/** The export's and the copy's columns: the shared profile columns, then payment and registration time. */
const ADMIN_PARTICIPANT_CSV_COLUMNS = [
  ...PARTICIPANT_PROFILE_CSV_COLUMNS,
  { key: 'address', label: 'Address' },
  { key: 'skills', label: 'Skills' },
  { key: 'paymentStatus', label: 'Payment' },
  { key: 'registeredAt', label: 'Registered At' },
] as const;

/** What a quiz's rows add (spec 3: "Quiz rows also show score, timeTaken, completedAt"). */
const ADMIN_QUIZ_RESULT_CSV_COLUMNS = [
  { key: 'score', label: 'Score' },
  { key: 'timeTaken', label: 'Time Taken (s)' },
  { key: 'completedAt', label: 'Completed At' },
] as const;

/** Quizzes are held online: only events and hackathons have a door, and a "Checked in" column. */
export const adminParticipantColumns = (kind: ParticipantListingKind): readonly TableColumn[] =>
  kind === 'quiz' ? [...ADMIN_PARTICIPANT_CSV_COLUMNS, ...ADMIN_QUIZ_RESULT_CSV_COLUMNS] : [...ADMIN_PARTICIPANT_CSV_COLUMNS, CHECKED_IN_CSV_COLUMN];

/** A participant as a row of the export and the copy: the registration day only; the completion keeps its time. */
export const adminParticipantRow = (p: AdminParticipant): Record<string, unknown> => ({ ...p, registeredAt: p.registeredAt.slice(0, 10), checkedInAt: p.checkedInAt ?? '' });
