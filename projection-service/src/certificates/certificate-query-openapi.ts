import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { BadgeVisibilitySchema, CertificateBadgesSchema, CertificateListingKindSchema, CertificateListSchema, CertificateMessages as M, CertificateVerificationSchema } from '@circuit/shared/api/certificates';

const tag = 'Certificates';
const CertificateRef = z.object({ id: z.string().meta({ description: 'The certificate id: 22 characters of base64url (128 random bits)' }) });

/** certificate-query-routes.ts */
export const certificateQueryOpenApi: ApiRegistration = (api) => {
  api.route({ method: 'get', path: '/api/certificates/mine', tag, summary: 'My certificates, newest first (revoked ones too, marked)', auth: 'session', ok: { data: CertificateListSchema } });
  api.route({ method: 'get', path: '/api/certificates/badges', tag, summary: 'Whether my certificate badges show on my public profile', auth: 'session', ok: { data: BadgeVisibilitySchema } });
  api.route({
    method: 'get',
    path: '/api/certificates/badges/{userId}',
    tag,
    summary: 'A profile’s certificate badges: unrevoked certificates, none when the holder hid them',
    params: z.object({ userId: z.string() }),
    ok: { data: CertificateBadgesSchema },
  });
  api.route({
    method: 'get',
    path: '/api/certificates/listings/{kind}/{listingId}',
    tag,
    summary: 'The certificates issued for a listing (its organiser and admins)',
    auth: 'session',
    params: z.object({ kind: CertificateListingKindSchema, listingId: z.string() }),
    ok: { data: CertificateListSchema },
    errors: { 403: M.notOrganiser, 404: 'Listing not found' },
  });
  api.route({
    method: 'get',
    path: '/api/certificates/{id}/verification',
    tag,
    summary: 'Verify a certificate (public): who earned what, the facts it rests on, whether it was revoked',
    description: 'Read from the event store: the listing’s certificate stream and its check-in stream replayed, so a revocation or a check-in undone since the issue shows as it stands now.',
    params: CertificateRef,
    ok: { data: CertificateVerificationSchema },
    errors: { 404: M.notFound },
  });
  api.route({
    method: 'get',
    path: '/api/certificates/{id}/pdf',
    tag,
    summary: 'Download a certificate as a PDF (its holder, the organiser, admins)',
    auth: 'session',
    params: CertificateRef,
    ok: { status: 200, description: 'A one-page landscape A4 PDF, as `certificate-<kind>-<listing>-<name>.pdf`', contentType: 'application/pdf', schema: z.string() },
    errors: { 403: M.notYours, 404: M.notFound },
  });
};
