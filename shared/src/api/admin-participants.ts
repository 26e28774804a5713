import { z } from 'zod';
import { PARTICIPANT_PROFILE_CSV_COLUMNS } from './participants';

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

/** A row of the console's `participants` resource: one registered user of one listing. */
export const AdminParticipantSchema = z
  .strictObject({
    id: z.string().meta({ description: '`{listingId}:{userId}`' }),
    userId: z.string(),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    mobile: z.string(),
    college: z.string(),
    course: z.string(),
    branch: z.string(),
    collegeYear: z.string(),
    country: z.string(),
    state: z.string(),
    address: z.string(),
    skills: z.array(z.string()),
    paymentStatus: z.string(),
    registeredAt: z.string(),
  })
  .meta({ id: 'AdminParticipant' });
export type AdminParticipant = z.infer<typeof AdminParticipantSchema>;

/** The export's columns: the shared profile columns, then payment and registration time. */
export const ADMIN_PARTICIPANT_CSV_COLUMNS = [
  ...PARTICIPANT_PROFILE_CSV_COLUMNS,
  { key: 'address', label: 'Address' },
  { key: 'skills', label: 'Skills' },
  { key: 'paymentStatus', label: 'Payment' },
  { key: 'registeredAt', label: 'Registered At' },
] as const;
