import { z } from 'zod';
import { CERTIFICATE_KINDS, CERTIFICATE_LISTING_KINDS, CertificateFactsSchema } from '../events/certificates';
import { Timestamp } from './users';

/**
 * The answers of certificates: the organiser's panel (what an issue would give, what was issued), the holder's
 * list, the public verification and the profile's badges.
 */

export const CertificateListingKindSchema = z.enum(CERTIFICATE_LISTING_KINDS);
export type { CertificateListingKind } from '../events/certificates';
export const CertificateKindSchema = z.enum(CERTIFICATE_KINDS);

export const CertificateSummarySchema = z
  .strictObject({
    certificateId: z.string(),
    kind: CertificateKindSchema,
    holderId: z.string(),
    holderName: z.string(),
    listingKind: CertificateListingKindSchema,
    listingId: z.string(),
    listingTitle: z.string(),
    listingPath: z.string(),
    listingDate: Timestamp,
    organiserName: z.string(),
    rank: z.number().int().nullable(),
    prize: z.string().nullable(),
    issuedAt: Timestamp,
    revokedAt: Timestamp.nullable(),
    revokeReason: z.string().nullable(),
  })
  .meta({ id: 'CertificateSummary' });
export type CertificateSummary = z.infer<typeof CertificateSummarySchema>;

export const CertificateListSchema = z.strictObject({ certificates: z.array(CertificateSummarySchema) }).meta({ id: 'CertificateList' });
export type CertificateList = z.infer<typeof CertificateListSchema>;

/** What a bulk issue would give now, and what it gave: counts of each kind. */
export const CertificateCountsSchema = z
  .strictObject({ participation: z.number().int(), achievement: z.number().int() })
  .meta({ id: 'CertificateCounts' });
export type CertificateCounts = z.infer<typeof CertificateCountsSchema>;

export const CertificatePreviewSchema = z
  .strictObject({
    listingId: z.string().meta({ description: 'The listing’s id (the path may name it by username)' }),
    ended: z.boolean().meta({ description: 'Certificates are issued once the listing has ended' }),
    endsAt: Timestamp.nullable(),
    eligible: CertificateCountsSchema.meta({ description: 'Everyone eligible now, issued or not' }),
    toIssue: CertificateCountsSchema.meta({ description: 'Those an issue would add (the eligible without a certificate of that kind)' }),
  })
  .meta({ id: 'CertificatePreview' });
export type CertificatePreview = z.infer<typeof CertificatePreviewSchema>;

export const CertificatesIssuedSchema = z
  .strictObject({ listingKind: CertificateListingKindSchema, listingId: z.string(), issued: CertificateCountsSchema })
  .meta({ id: 'CertificatesIssued' });
export type CertificatesIssued = z.infer<typeof CertificatesIssuedSchema>;

export const CertificateRevokedSchema = z.strictObject({ certificateId: z.string() }).meta({ id: 'CertificateRevokedAnswer' });

/** The public verification, read from the certificate's stream and the check-in stream (not a read model). */
export const CertificateVerificationSchema = z
  .strictObject({
    certificate: CertificateSummarySchema,
    facts: CertificateFactsSchema,
    checkIn: z
      .strictObject({
        state: z.enum(['none', 'checked-in', 'undone']),
        at: Timestamp.nullable().meta({ description: 'The last check-in, or when it was undone' }),
      })
      .meta({ description: 'The check-in stream as it stands now: an undo after the certificate was issued shows here' }),
    eventsRead: z.number().int().meta({ description: 'How many stored events the answer was folded from' }),
  })
  .meta({ id: 'CertificateVerification' });
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

export const CertificateBadgeSchema = z
  .strictObject({
    certificateId: z.string(),
    kind: CertificateKindSchema,
    listingKind: CertificateListingKindSchema,
    listingTitle: z.string(),
    rank: z.number().int().nullable(),
    prize: z.string().nullable(),
    issuedAt: Timestamp,
  })
  .meta({ id: 'CertificateBadge' });
export type CertificateBadge = z.infer<typeof CertificateBadgeSchema>;

export const CertificateBadgesSchema = z.strictObject({ badges: z.array(CertificateBadgeSchema) }).meta({ id: 'CertificateBadges' });
export type CertificateBadges = z.infer<typeof CertificateBadgesSchema>;

export const BadgeVisibilitySchema = z.strictObject({ visible: z.boolean() }).meta({ id: 'CertificateBadgeVisibility' });
export type BadgeVisibility = z.infer<typeof BadgeVisibilitySchema>;

export const CertificateMessages = {
  notFound: 'No certificate with this id',
  notOrganiser: 'Only the organiser, a managing co-host or an admin can issue or revoke certificates.',
  notEnded: 'Certificates can be issued once the listing has ended.',
  reasonRequired: 'Give a reason for revoking the certificate.',
  alreadyRevoked: 'This certificate is already revoked.',
  notYours: 'Only the holder, the organiser or a managing co-host can download this certificate.',
  issued: 'Certificates issued',
  revoked: 'Certificate revoked',
  visibilitySaved: 'Badge visibility saved',
} as const;

export const RevokeCertificateFormSchema = z.strictObject({ reason: z.string().trim().min(1, CertificateMessages.reasonRequired).max(500) });
export type RevokeCertificateForm = z.infer<typeof RevokeCertificateFormSchema>;
