import { Router, type Request } from 'express';
import { z } from 'zod';
import { RoleSchema } from '@circuit/shared/events/accounts';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import type { StandingService } from './standing-service';

export const RoleBodySchema = z.object({ role: RoleSchema });
export const ReasonBodySchema = z.object({ reason: z.string().trim().min(1, 'A reason is required').max(1000, 'Reason cannot exceed 1000 characters') });

const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });

/** `/api/admin/users/{id}/role|suspend|reinstate`: behind the admin guard (moderators and admins). */
export function standingRoutes(standing: StandingService): Router {
  const router = Router();
  router.post('/api/admin/users/:id/role', async (req, res) => {
    const actorId = requireUserId(req);
    const { role } = RoleBodySchema.parse(req.body ?? {});
    await standing.changeRole(actorId, req.params.id!, role, ctxOf(req));
    res.json(ok({ id: req.params.id!, role }, 'Role changed'));
  });
  router.post('/api/admin/users/:id/suspend', async (req, res) => {
    const actorId = requireUserId(req);
    const { reason } = ReasonBodySchema.parse(req.body ?? {});
    await standing.suspend(actorId, req.params.id!, reason, ctxOf(req));
    res.json(ok({ id: req.params.id!, suspended: true }, 'User suspended'));
  });
  router.post('/api/admin/users/:id/reinstate', async (req, res) => {
    const actorId = requireUserId(req);
    const { reason } = ReasonBodySchema.parse(req.body ?? {});
    await standing.reinstate(actorId, req.params.id!, reason, ctxOf(req));
    res.json(ok({ id: req.params.id!, suspended: false }, 'User reinstated'));
  });
  return router;
}
