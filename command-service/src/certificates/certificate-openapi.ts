import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { BadgeVisibilitySchema, CertificateListingKindSchema, CertificateMessages as M, CertificatePreviewSchema, CertificateRevokedSchema, CertificatesIssuedSchema, RevokeCertificateFormSchema } from '@circuit/shared/api/certificates';

export const certificatesTag = 'Certificates';
const listingParams = z.object({
  kind: CertificateListingKindSchema.meta({ description: 'event, hackathon or quiz' }),
  listingId: z.string().meta({ description: 'The listing id (an event’s or hackathon’s username too)' }),
});
const organiserOnly = { 403: M.notOrganiser, 404: 'Listing not found' };

/** certificate-routes.ts */
export const certificateOpenApi: ApiRegistration = (api) => {
  api.tag(
    certificatesTag,
    'Certificates of a finished listing: participation (checked in, a project submitted, a quiz completed) and achievement (a hackathon’s published winners, a quiz’s top 3). ' +
      'Issued in bulk by the organiser or an admin, one per person, kind and listing (issuing again adds only the newly eligible); revoked with a reason. ' +
      'The PDF, the lists and the public verification are reads.',
  );
  api.route({
    method: 'post',
    path: '/api/certificates/listings/{kind}/{listingId}/preview',
    tag: certificatesTag,
    summary: 'How many certificates of each kind an issue would give now (appends nothing)',
    auth: 'session',
    params: listingParams,
    ok: { data: CertificatePreviewSchema },
    errors: organiserOnly,
    command: false,
  });
  api.route({
    method: 'post',
    path: '/api/certificates/listings/{kind}/{listingId}/issue',
    tag: certificatesTag,
    summary: 'Issue the certificates of a finished listing to everyone eligible who has none yet',
    auth: 'session',
    params: listingParams,
    ok: { data: CertificatesIssuedSchema, message: M.issued },
    errors: { ...organiserOnly, 400: M.notEnded },
  });
  api.route({
    method: 'post',
    path: '/api/certificates/listings/{kind}/{listingId}/{certificateId}/revoke',
    tag: certificatesTag,
    summary: 'Revoke a certificate, with a reason (the verification page says so)',
    auth: 'session',
    params: listingParams.extend({ certificateId: z.string() }),
    body: RevokeCertificateFormSchema,
    ok: { data: CertificateRevokedSchema, message: M.revoked },
    errors: { ...organiserOnly, 400: M.reasonRequired, 409: M.alreadyRevoked },
  });
  api.route({
    method: 'put',
    path: '/api/certificates/badges',
    tag: certificatesTag,
    summary: 'Show or hide my certificate badges on my public profile',
    auth: 'session',
    body: BadgeVisibilitySchema,
    ok: { data: BadgeVisibilitySchema, message: M.visibilitySaved },
    errors: {},
  });
};
