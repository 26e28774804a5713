import { Router, type Request } from 'express';
import { z } from 'zod';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { BadgeVisibilitySchema, CertificateListingKindSchema, CertificateMessages as M, RevokeCertificateFormSchema } from '@circuit/shared/api/certificates';
import type { CertificateService } from './certificate-service';

const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });
const ListingParams = z.object({ kind: CertificateListingKindSchema, listingId: z.string().min(1).max(100) });

/**
 * The organiser's certificate writes for a finished listing (organiser or admin, 403 otherwise) and the
 * holder's badge switch. The preview is a POST because it is answered from the command side's own streams,
 * like the issue it previews; it appends nothing. Reads (lists, PDF, verification) are in the projection service.
 */
export function certificateRoutes(service: CertificateService): Router {
  const router = Router();

  router.post('/api/certificates/listings/:kind/:listingId/preview', async (req, res) => {
    const userId = requireUserId(req);
    const { kind, listingId } = ListingParams.parse(req.params);
    res.json(ok(await service.preview(userId, kind, listingId)));
  });

  router.post('/api/certificates/listings/:kind/:listingId/issue', async (req, res) => {
    const userId = requireUserId(req);
    const { kind, listingId } = ListingParams.parse(req.params);
    res.json(ok(await service.issue(userId, kind, listingId, ctxOf(req)), M.issued));
  });

  router.post('/api/certificates/listings/:kind/:listingId/:certificateId/revoke', async (req, res) => {
    const userId = requireUserId(req);
    const { kind, listingId } = ListingParams.parse(req.params);
    const { reason } = RevokeCertificateFormSchema.parse(req.body ?? {});
    res.json(ok(await service.revoke(userId, kind, listingId, String(req.params.certificateId ?? ''), reason, ctxOf(req)), M.revoked));
  });

  router.put('/api/certificates/badges', async (req, res) => {
    const userId = requireUserId(req);
    const { visible } = BadgeVisibilitySchema.parse(req.body ?? {});
    res.json(ok(await service.setBadgeVisibility(userId, visible, ctxOf(req)), M.visibilitySaved));
  });

  return router;
}
