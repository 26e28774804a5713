import { Router, type Request } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { HackathonFormSchema, HackathonMessages, RejectBodySchema } from '@circuit/shared/validation/hackathons';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import type { HackathonService } from './hackathon-service';

const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hackathonIdOf(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!UUID.test(id)) throw notFound(HackathonMessages.notFound);
  return id.toLowerCase();
}

const written = (id: string, username: string) => ({ _id: id, id, username });
const location = (username: string) => `/api/hackathons/username/${encodeURIComponent(username)}`;

/** The hackathon listing writes of spec 2 section 7, and moderation (`/api/admin/hackathons/{id}/approve|reject`). */
export function hackathonRoutes(hackathons: HackathonService): Router {
  const router = Router();

  router.post('/api/hackathons', async (req, res) => {
    const userId = requireUserId(req);
    const form = HackathonFormSchema.parse(req.body ?? {});
    const { hackathonId, username } = await hackathons.create(userId, form, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { _id: hackathonId, id: hackathonId }, HackathonMessages.created, location(username));
    res.status(201).json(ok(written(hackathonId, username), HackathonMessages.created));
  });

  router.put('/api/hackathons/:id', async (req, res) => {
    const userId = requireUserId(req);
    const hackathonId = hackathonIdOf(req);
    const form = HackathonFormSchema.parse(req.body ?? {});
    const { username } = await hackathons.update(userId, hackathonId, form, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { _id: hackathonId, id: hackathonId }, HackathonMessages.updated, location(username));
    res.json(ok(written(hackathonId, username), HackathonMessages.updated));
  });

  router.delete('/api/hackathons/:id', async (req, res) => {
    const userId = requireUserId(req);
    const hackathonId = hackathonIdOf(req);
    const { username } = await hackathons.remove(userId, hackathonId, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { _id: hackathonId, id: hackathonId }, HackathonMessages.deleted);
    res.json(ok(written(hackathonId, username), HackathonMessages.deleted));
  });

  router.post('/api/admin/hackathons/:id/approve', async (req, res) => {
    const userId = requireUserId(req);
    const hackathonId = hackathonIdOf(req);
    await hackathons.approve(userId, hackathonId, ctxOf(req));
    res.json(ok({ _id: hackathonId, id: hackathonId, status: 'accepted' as const }, 'Hackathon approved'));
  });

  router.post('/api/admin/hackathons/:id/reject', async (req, res) => {
    const userId = requireUserId(req);
    const hackathonId = hackathonIdOf(req);
    const { reason } = RejectBodySchema.parse(req.body ?? {});
    await hackathons.reject(userId, hackathonId, reason, ctxOf(req));
    res.json(ok({ _id: hackathonId, id: hackathonId, status: 'rejected' as const }, 'Hackathon rejected'));
  });

  for (const [method, saved] of [['post', true], ['delete', false]] as const) {
    router[method]('/api/users/save-hackathon/:id', async (req, res) => {
      const userId = requireUserId(req);
      const hackathonId = hackathonIdOf(req);
      await hackathons.save(userId, hackathonId, saved, ctxOf(req));
      res.json(ok({ hackathonId, saved }, saved ? 'Hackathon saved' : 'Hackathon removed from saved'));
    });
  }
  return router;
}
