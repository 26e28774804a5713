import { Router, type Request } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { ScoringMessages as M } from '@circuit/shared/hackathons/scoring-messages';
import { ScoreBodySchema, VoteBodySchema, VoteWithdrawQuerySchema } from '@circuit/shared/validation/hackathon-scoring';
import { ctxOf, hackathonParam } from './judging-routes';
import type { ScoringService } from './scoring-service';
import type { VotingService } from './voting-service';

const projectParam = (req: Request) => String(req.params.projectId ?? '');
/** The address express settled on (trust proxy decides whether a proxy's header counts). */
const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * A judge's scores and notes, and the community vote (docs/judging.md "API"). The answers come
 * from the decided state of the judge's or voter's own stream, so they need no read model; the
 * use cases still wait for the read models, so the next GET shows the change.
 */
export function scoringRoutes(scoring: ScoringService, voting: VotingService): Router {
  const router = Router();

  router.put('/api/hackathons/:id/projects/:projectId/scores', async (req, res) => {
    const userId = requireUserId(req);
    const body = ScoreBodySchema.parse(req.body ?? {});
    const written = await scoring.score(userId, hackathonParam(req), projectParam(req), body, ctxOf(req));
    res.json(ok(written, 'note' in body ? M.noteSaved : M.scoreSaved));
  });

  router.put('/api/hackathons/:id/projects/:projectId/vote', async (req, res) => {
    const userId = requireUserId(req);
    const { trackId } = VoteBodySchema.parse(req.body ?? {});
    res.json(ok(await voting.vote(userId, hackathonParam(req), projectParam(req), trackId, addressOf(req), ctxOf(req)), M.voted));
  });

  router.delete('/api/hackathons/:id/vote', async (req, res) => {
    const userId = requireUserId(req);
    const { trackId } = VoteWithdrawQuerySchema.parse(req.query);
    res.json(ok(await voting.withdraw(userId, hackathonParam(req), trackId ?? null, addressOf(req), ctxOf(req)), M.voteWithdrawn));
  });
  return router;
}
