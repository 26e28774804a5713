import { Router, type Request, type Response } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { ExcludeVotesFormSchema, InviteJudgeFormSchema, JudgingMessages as M, JudgingSetupFormSchema, PublishWinnersFormSchema } from '@circuit/shared/validation/hackathon-judging';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import type { JudgingService } from './judging-service';

export const ctxOf = (req: Request) => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The hackathon of the path: its id (any case) or its username. */
export const hackathonParam = (req: Request) => {
  const id = String(req.params.id ?? '');
  return UUID.test(id) ? id.toLowerCase() : id;
};

/** The answer of a write: 200 once the read models show it, else 202 pointing where to read it. */
export function answerWritten<T extends { id: string; hackathonId: string }>(res: Response, data: T, message: string, location: string): void {
  if (readModelsBehind()) return answerAccepted(res, data, message, location);
  res.json(ok(data, message));
}

/**
 * The organiser's judging writes (docs/judging.md "API"): the setup, judges, Assign, vote
 * exclusions and published winners, for the hackathon's creator and admins (403 for anyone else).
 * The setup is read at GET /api/hackathons/{id}/judging in the projection service.
 */
export function judgingRoutes(service: JudgingService): Router {
  const router = Router();
  const setupAt = (hackathonId: string) => `/api/hackathons/${hackathonId}/judging`;
  const written = (res: Response, hackathonId: string, message: string) => answerWritten(res, { id: hackathonId, hackathonId }, message, setupAt(hackathonId));

  router.put('/api/hackathons/:id/judging', async (req, res) => {
    const userId = requireUserId(req);
    const form = JudgingSetupFormSchema.parse(req.body ?? {});
    written(res, await service.saveSetup(userId, hackathonParam(req), form, ctxOf(req)), M.setupSaved);
  });

  router.post('/api/hackathons/:id/judges', async (req, res) => {
    const userId = requireUserId(req);
    const form = InviteJudgeFormSchema.parse(req.body ?? {});
    written(res, await service.inviteJudge(userId, hackathonParam(req), form, ctxOf(req)), 'email' in form ? M.judgeInvitedByEmail : M.judgeInvited);
  });

  router.delete('/api/hackathons/:id/judges/:judgeId', async (req, res) => {
    const userId = requireUserId(req);
    written(res, await service.removeJudge(userId, hackathonParam(req), String(req.params.judgeId ?? ''), ctxOf(req)), M.judgeRemoved);
  });

  router.post('/api/hackathons/:id/judging/assign', async (req, res) => {
    const userId = requireUserId(req);
    written(res, await service.assign(userId, hackathonParam(req), ctxOf(req)), M.assigned);
  });

  router.post('/api/hackathons/:id/votes/exclusions', async (req, res) => {
    const userId = requireUserId(req);
    const form = ExcludeVotesFormSchema.parse(req.body ?? {});
    written(res, await service.excludeVotes(userId, hackathonParam(req), form, ctxOf(req)), M.votesExcluded);
  });

  router.post('/api/hackathons/:id/results/publish', async (req, res) => {
    const userId = requireUserId(req);
    const form = PublishWinnersFormSchema.parse(req.body ?? {});
    written(res, await service.publishWinners(userId, hackathonParam(req), form, ctxOf(req)), M.winnersPublished);
  });

  return router;
}
