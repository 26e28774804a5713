import { Router, type Request } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { EventFormSchema, EventMessages as M } from '@circuit/shared/validation/events';
import { RejectBodySchema } from '@circuit/shared/validation/hackathons';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import type { EventService } from './event-service';

export const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function eventIdOf(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!UUID.test(id)) throw notFound(M.notFound);
  return id.toLowerCase();
}

const written = (id: string, username: string) => ({ _id: id, id, username });
const location = (username: string) => `/api/events/username/${encodeURIComponent(username)}`;

/** The event listing writes of spec 2 section 7, moderation (`/api/admin/events/{id}/approve|reject`), saves and the calendar feed's secret. */
export function eventRoutes(events: EventService): Router {
  const router = Router();

  router.post('/api/events', async (req, res) => {
    const userId = requireUserId(req);
    const form = EventFormSchema.parse(req.body ?? {});
    const { eventId, username } = await events.create(userId, form, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { _id: eventId, id: eventId }, M.created, location(username));
    res.status(201).json(ok(written(eventId, username), M.created));
  });

  router.put('/api/events/:id', async (req, res) => {
    const userId = requireUserId(req);
    const eventId = eventIdOf(req);
    const form = EventFormSchema.parse(req.body ?? {});
    const { username } = await events.update(userId, eventId, form, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { _id: eventId, id: eventId }, M.updated, location(username));
    res.json(ok(written(eventId, username), M.updated));
  });

  router.delete('/api/events/:id', async (req, res) => {
    const userId = requireUserId(req);
    const eventId = eventIdOf(req);
    const { username } = await events.remove(userId, eventId, ctxOf(req));
    if (readModelsBehind()) return answerAccepted(res, { _id: eventId, id: eventId }, M.deleted);
    res.json(ok(written(eventId, username), M.deleted));
  });

  router.post('/api/admin/events/:id/approve', async (req, res) => {
    const userId = requireUserId(req);
    const eventId = eventIdOf(req);
    await events.approve(userId, eventId, ctxOf(req));
    res.json(ok({ _id: eventId, id: eventId, status: 'accepted' as const }, M.approved));
  });

  router.post('/api/admin/events/:id/reject', async (req, res) => {
    const userId = requireUserId(req);
    const eventId = eventIdOf(req);
    const { reason } = RejectBodySchema.parse(req.body ?? {});
    await events.reject(userId, eventId, reason, ctxOf(req));
    res.json(ok({ _id: eventId, id: eventId, status: 'rejected' as const }, M.rejected));
  });

  for (const [method, saved] of [['post', true], ['delete', false]] as const) {
    router[method]('/api/users/save-event/:id', async (req, res) => {
      const userId = requireUserId(req);
      const eventId = eventIdOf(req);
      await events.save(userId, eventId, saved, ctxOf(req));
      res.json(ok({ eventId, saved }, saved ? M.saved : M.unsaved));
    });
  }

  router.post('/api/users/calendar-feed', async (req, res) => {
    const userId = requireUserId(req);
    const token = await events.rotateCalendarToken(userId, ctxOf(req));
    res.json(ok({ url: `${req.protocol}://${req.get('host') ?? 'localhost'}/api/calendar/${token}.ics` }, 'Your calendar link is ready. Any earlier link no longer works.'));
  });
  return router;
}
