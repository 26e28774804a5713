import { Router } from 'express';
import { z } from 'zod';
import { handleCommand } from '@circuit/shared/commands/decider';
import { reportStream } from '@circuit/shared/events/social';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { reportReviewDecider } from './report-review-decider';

export const ReportNoteSchema = z.object({ note: z.string().trim().min(1, 'A note is required').max(1000, 'Note cannot exceed 1000 characters') });

/** `/api/admin/reports/{id}/resolve|dismiss` (moderators and admins, behind the admin guard). */
export function reportReviewRoutes(deps: CommandServiceDeps): Router {
  const router = Router();
  const now = deps.now ?? (() => new Date());
  for (const [action, type, status] of [
    ['resolve', 'Resolve', 'resolved'],
    ['dismiss', 'Dismiss', 'dismissed'],
  ] as const) {
    router.post(`/api/admin/reports/:id/${action}`, async (req, res) => {
      const byUserId = requireUserId(req);
      const { note } = ReportNoteSchema.parse(req.body ?? {});
      const reportId = req.params.id!;
      const ctx = { userId: byUserId, correlationId: correlationIdOf(req) };
      const result = await handleCommand(deps.store, reportStream(reportId), reportReviewDecider, { type, reportId, byUserId, note, now: now() }, ctx, now);
      await caughtUp(deps.progress, result.position, result.events);
      res.json(ok({ id: reportId, status }, status === 'resolved' ? 'Report resolved' : 'Report dismissed'));
    });
  }
  return router;
}
