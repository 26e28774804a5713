import { z } from 'zod';
import { CHECK_IN_KINDS, type CheckInKind } from './check-in';

/**
 * Certificates of a finished listing (an event, a hackathon, a quiz), issued by its organiser.
 *
 * - `certificates-<kind>-<listingId>`: every certificate of one listing, issued and revoked. One stream per
 *   listing makes "one certificate per person, kind and listing" a property of the stream: a bulk issue is
 *   decided on everything issued before, so issuing again appends nothing new.
 * - `certificate-badges-<userId>`: the holder's choice to show their certificates on their public profile.
 *
 * A certificate carries what was printed on it (names, the listing, its date) and the facts it rests on, as
 * they stood when it was issued; the verification page reads these back and the check-in stream beside them.
 */

export const CERTIFICATE_LISTING_KINDS = CHECK_IN_KINDS;
export type CertificateListingKind = CheckInKind;
export const CERTIFICATE_KINDS = ['participation', 'achievement'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

export const CertificateFactsSchema = z.object({
  /** When the holder's place on the roster was taken (null: the roster has no time for it). */
  registeredAt: z.string().nullable(),
  /** When the door recorded the holder (null: no check-in, as for a quiz taken online). */
  checkedInAt: z.string().nullable(),
  /** A quiz's rank, or a hackathon prize's place. */
  rank: z.number().int().min(1).nullable(),
  /** A hackathon prize's name ("First prize", "Best design"). */
  prize: z.string().nullable(),
  /** A quiz's marks and what they were out of. */
  score: z.object({ marks: z.number(), outOf: z.number() }).nullable(),
  /** A quiz completed (the attempt submitted), when it was. */
  completedAt: z.string().nullable(),
  /** The hackathon project a prize went to. */
  projectId: z.string().nullable(),
});
export type CertificateFacts = z.infer<typeof CertificateFactsSchema>;

const listing = { listingKind: z.enum(CERTIFICATE_LISTING_KINDS), listingId: z.string(), at: z.string(), byUserId: z.string() };

export const CertificateEventSchemas = {
  CertificateIssued: z.object({
    ...listing,
    /** Random, 128 bits, base64url: the verification link cannot be guessed. */
    certificateId: z.string(),
    holderId: z.string(),
    kind: z.enum(CERTIFICATE_KINDS),
    /** As printed: the holder's name, the listing's title, when it ended, who organised it. */
    holderName: z.string(),
    listingTitle: z.string(),
    listingDate: z.string(),
    /** The listing's public page (/events/<username>, /hackathons/<username>, /quizzes/<id>): a listing's username never changes. */
    listingPath: z.string(),
    organiserId: z.string(),
    organiserName: z.string(),
    facts: CertificateFactsSchema,
  }),
  CertificateRevoked: z.object({ ...listing, certificateId: z.string(), reason: z.string() }),
  CertificateBadgesVisibilitySet: z.object({ userId: z.string(), visible: z.boolean(), at: z.string() }),
} as const;

export const certificatesStream = (kind: CertificateListingKind, listingId: string) => `certificates-${kind}-${listingId}`;
export const certificateBadgesStream = (userId: string) => `certificate-badges-${userId}`;

/** 128 random bits in base64url: 22 characters of [A-Za-z0-9_-]. */
export const CERTIFICATE_ID = /^[A-Za-z0-9_-]{22}$/;
