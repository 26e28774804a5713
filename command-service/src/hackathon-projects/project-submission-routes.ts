import { Router, type Response } from 'express';
import { requireUserId } from '@circuit/shared/http/auth';
import { FromPortfolioFormSchema, JudgingMessages as M, ProjectFormSchema } from '@circuit/shared/validation/hackathon-judging';
import { answerWritten, ctxOf, hackathonParam } from '../hackathon-judging/judging-routes';
import type { ProjectSubmissionService } from './project-submission-service';

/**
 * A team's (or solo participant's) project writes (docs/judging.md "API"): the draft, a draft
 * started from a portfolio project, submit, withdraw. The project is read at GET
 * /api/hackathons/{id}/project in the projection service.
 */
export function projectSubmissionRoutes(service: ProjectSubmissionService): Router {
  const router = Router();
  const written = (res: Response, data: { hackathonId: string; projectId: string }, message: string) => answerWritten(res, { id: data.projectId, ...data }, message, `/api/hackathons/${data.hackathonId}/project`);

  router.put('/api/hackathons/:id/project', async (req, res) => {
    const userId = requireUserId(req);
    const form = ProjectFormSchema.parse(req.body ?? {});
    written(res, await service.saveDraft(userId, hackathonParam(req), form, ctxOf(req)), M.draftSaved);
  });

  router.post('/api/hackathons/:id/project/from-portfolio', async (req, res) => {
    const userId = requireUserId(req);
    const { portfolioProjectId } = FromPortfolioFormSchema.parse(req.body ?? {});
    written(res, await service.fromPortfolio(userId, hackathonParam(req), portfolioProjectId, ctxOf(req)), M.draftSaved);
  });

  router.post('/api/hackathons/:id/project/submit', async (req, res) => {
    const userId = requireUserId(req);
    written(res, await service.submit(userId, hackathonParam(req), ctxOf(req)), M.submitted);
  });

  router.post('/api/hackathons/:id/project/withdraw', async (req, res) => {
    const userId = requireUserId(req);
    written(res, await service.withdraw(userId, hackathonParam(req), ctxOf(req)), M.withdrawn);
  });

  return router;
}
