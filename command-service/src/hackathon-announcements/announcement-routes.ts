import { Router, type Request } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import type { QueryClient } from '@circuit/shared/ports/query-client';
import { AnnouncementFormSchema, AnnouncementMessages as M, SponsorFormSchema } from '@circuit/shared/validation/hackathon-announcements';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import type { AnnouncementService } from './announcement-service';

const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const param = (req: Request) => {
  const id = String(req.params.id ?? '');
  return UUID.test(id) ? id.toLowerCase() : id;
};
function itemIdOf(req: Request, name: 'announcementId' | 'sponsorId', message: string): string {
  const id = String(req.params[name] ?? '');
  if (!UUID.test(id)) throw notFound(message);
  return id.toLowerCase();
}

/**
 * The announcement and sponsor writes of spec 2 section 7, for the hackathon's creator and admins
 * (403 for anyone else). The GETs are in the projection service.
 */
export function announcementRoutes(queries: QueryClient, service: AnnouncementService): Router {
  const router = Router();
  const listOf = (hackathonId: string, kind: 'announcements' | 'sponsors') => `/api/hackathons/${hackathonId}/${kind}`;

  router.post('/api/hackathons/:id/announcements', async (req, res) => {
    const userId = requireUserId(req);
    const form = AnnouncementFormSchema.parse(req.body ?? {});
    const { hackathonId, announcementId } = await service.post(userId, param(req), form, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: announcementId, _id: announcementId }, M.posted, listOf(hackathonId, 'announcements'));
    const announcement = await queries.hackathonAnnouncement(hackathonId, announcementId);
    if (!announcement) return answerAccepted(res, { id: announcementId, _id: announcementId }, M.posted, listOf(hackathonId, 'announcements'));
    res.status(201).json(ok({ announcement }, M.posted));
  });

  router.put('/api/hackathons/:id/announcements/:announcementId', async (req, res) => {
    const userId = requireUserId(req);
    const announcementId = itemIdOf(req, 'announcementId', M.notFound);
    const form = AnnouncementFormSchema.parse(req.body ?? {});
    const hackathonId = await service.edit(userId, param(req), announcementId, form, ctxOf(req));
    const announcement = readModelsBehind() ? null : await queries.hackathonAnnouncement(hackathonId, announcementId);
    if (!announcement) return answerAccepted(res, { id: announcementId, _id: announcementId }, M.updated, listOf(hackathonId, 'announcements'));
    res.json(ok({ announcement }, M.updated));
  });

  router.delete('/api/hackathons/:id/announcements/:announcementId', async (req, res) => {
    const userId = requireUserId(req);
    const announcementId = itemIdOf(req, 'announcementId', M.notFound);
    await service.remove(userId, param(req), announcementId, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: announcementId, _id: announcementId }, M.deleted);
    res.json(ok({ _id: announcementId, id: announcementId }, M.deleted));
  });

  router.post('/api/hackathons/:id/sponsors', async (req, res) => {
    const userId = requireUserId(req);
    const form = SponsorFormSchema.parse(req.body ?? {});
    const { hackathonId, sponsorId } = await service.addSponsor(userId, param(req), form, ctxOf(req));
    const sponsor = readModelsBehind() ? null : await queries.hackathonSponsor(hackathonId, sponsorId);
    if (!sponsor) return answerAccepted(res, { id: sponsorId, _id: sponsorId }, M.sponsorAdded, listOf(hackathonId, 'sponsors'));
    res.status(201).json(ok({ sponsor }, M.sponsorAdded));
  });

  router.put('/api/hackathons/:id/sponsors/:sponsorId', async (req, res) => {
    const userId = requireUserId(req);
    const sponsorId = itemIdOf(req, 'sponsorId', M.sponsorNotFound);
    const form = SponsorFormSchema.parse(req.body ?? {});
    const hackathonId = await service.updateSponsor(userId, param(req), sponsorId, form, ctxOf(req));
    const sponsor = readModelsBehind() ? null : await queries.hackathonSponsor(hackathonId, sponsorId);
    if (!sponsor) return answerAccepted(res, { id: sponsorId, _id: sponsorId }, M.sponsorUpdated, listOf(hackathonId, 'sponsors'));
    res.json(ok({ sponsor }, M.sponsorUpdated));
  });

  router.delete('/api/hackathons/:id/sponsors/:sponsorId', async (req, res) => {
    const userId = requireUserId(req);
    const sponsorId = itemIdOf(req, 'sponsorId', M.sponsorNotFound);
    await service.removeSponsor(userId, param(req), sponsorId, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { id: sponsorId, _id: sponsorId }, M.sponsorDeleted);
    res.json(ok({ _id: sponsorId, id: sponsorId }, M.sponsorDeleted));
  });
  return router;
}
