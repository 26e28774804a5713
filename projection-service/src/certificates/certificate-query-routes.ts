import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { CertificateListingKindSchema, CertificateMessages as M, type CertificateBadges, type CertificateList } from '@circuit/shared/api/certificates';
import { forbidden, notFound, unauthenticated } from '@circuit/shared/commands/domain-errors';
import { CERTIFICATE_ID } from '@circuit/shared/events/certificates';
import { ok } from '@circuit/shared/http/envelope';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { hostRoleOf, managesListing } from '@circuit/shared/read-models/check-in';
import { certificateFileName, certificatePdf } from './certificate-pdf';
import { badgesVisible, certificateRow, holderCertificates, listingCertificates, summaryOf, visibleBadges } from './certificate-rows';
import { verificationOf } from './certificate-verification';

const LISTING_TABLES = { event: 'events', hackathon: 'hackathons', quiz: 'quizzes' } as const;
const ListingParams = z.object({ kind: CertificateListingKindSchema, listingId: z.string().min(1).max(100) });

/** A certificate id of the path, or 404 before any read: an id of the wrong shape names nothing. */
function certificateIdOf(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!CERTIFICATE_ID.test(id)) throw notFound(M.notFound);
  return id;
}

const signedIn = (req: Request) => {
  const userId = req.session?.userId;
  if (!userId) throw unauthenticated();
  return userId;
};

/**
 * The certificate reads: the holder's list, the organiser's list, the PDF (holder, organiser, admin), the
 * public verification (replayed from the event store, certificate-verification.ts) and the profile badges.
 * `publicUrl` is where the verification page lives; without it, the request's own origin.
 */
export function certificateQueryRoutes(knex: Knex, store: EventStore, options: { publicUrl?: string } = {}): Router {
  const router = Router();

  router.get('/api/certificates/mine', async (req, res) => {
    const answer: CertificateList = { certificates: (await holderCertificates(knex, signedIn(req))).map(summaryOf) };
    res.json(ok(answer));
  });

  router.get('/api/certificates/badges', async (req, res) => {
    res.json(ok({ visible: await badgesVisible(knex, signedIn(req)) }));
  });

  router.get('/api/certificates/badges/:userId', async (req, res) => {
    const answer: CertificateBadges = { badges: await visibleBadges(knex, String(req.params.userId ?? '')) };
    res.json(ok(answer));
  });

  router.get('/api/certificates/listings/:kind/:listingId', async (req, res) => {
    const userId = signedIn(req);
    const { kind, listingId } = ListingParams.parse(req.params);
    const listing = (await knex(LISTING_TABLES[kind]).where({ id: listingId }).first('id', 'created_by')) as { id: string; created_by: string } | undefined;
    if (!listing) throw notFound('Listing not found');
    // Whoever may issue may read the list: the organiser, an admin, a manager co-host (listing_co_hosts).
    if (!managesListing(await hostRoleOf(knex, kind, listing, userId))) throw forbidden(M.notOrganiser);
    const answer: CertificateList = { certificates: (await listingCertificates(knex, kind, listingId)).map(summaryOf) };
    res.json(ok(answer));
  });

  router.get('/api/certificates/:id/verification', async (req, res) => {
    res.json(ok(await verificationOf(knex, store, certificateIdOf(req))));
  });

  router.get('/api/certificates/:id/pdf', async (req, res) => {
    const id = certificateIdOf(req);
    const userId = signedIn(req);
    const row = await certificateRow(knex, id);
    if (!row) throw notFound(M.notFound);
    // The holder, or whoever may read the listing's list (its PDF links lead here).
    const host = () => hostRoleOf(knex, row.listing_kind, { id: row.listing_id, created_by: row.organiser_id }, userId);
    if (row.holder_id !== userId && !managesListing(await host())) throw forbidden(M.notYours);
    const certificate = summaryOf(row);
    const origin = options.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const bytes = await certificatePdf(certificate, `${origin.replace(/\/$/, '')}/verify/${id}`);
    res.set('Content-Type', 'application/pdf');
    res.set('Content-Disposition', `attachment; filename="${certificateFileName(certificate)}"`);
    res.set('Cache-Control', 'private, no-store');
    res.send(Buffer.from(bytes));
  });

  return router;
}
