import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok } from '@circuit/shared/http/envelope';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { findUserRow } from '@circuit/shared/read-models/users';
import { maySeeParticipants, participantsForbidden } from '@circuit/shared/read-models/participant-access';
import type { QuizContent } from '@circuit/shared/events/quizzes';
import type { QuizRegistrationStatus } from '@circuit/shared/api/quizzes';
import { QUIZ_LIMITS, QuizListQuerySchema, QuizMessages as M } from '@circuit/shared/validation/quizzes';
import { featuredQuizzes, findQuizRow, isStaff, leaderboardOf, listQuizzes, mayManage, participantsOf, quizCardsWhere, toQuiz, type QuizRow, type Viewer } from './quiz-read-models';

export const QuizFeaturedQuerySchema = z.object({ limit: z.coerce.number().int().min(1, 'limit must be between 1 and 24').max(24, 'limit must be between 1 and 24').default(QUIZ_LIMITS.featured) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PARTICIPANTS_FORBIDDEN = participantsForbidden('quiz');

async function viewerOf(knex: Knex, req: Request): Promise<Viewer> {
  const userId = req.session?.userId ?? null;
  if (!userId) return { userId: null, role: null };
  const row = await findUserRow(knex, userId);
  return { userId, role: row?.role ?? null };
}

/** The quiz queries of spec 3 section 7 (read models only). Fixed paths come before /{id}. */
export function quizQueryRoutes(knex: Knex, now: () => Date = () => new Date()): Router {
  const router = Router();

  /** The quiz of the path as its viewer may see it: 404 when there is none, 403 'Not Available' when not public and not theirs. */
  async function visible(req: Request): Promise<{ row: QuizRow; viewer: Viewer }> {
    const id = String(req.params.id ?? '');
    if (!UUID.test(id)) throw notFound(M.notFound);
    const row = await findQuizRow(knex, id.toLowerCase());
    if (!row) throw notFound(M.notFound);
    const viewer = await viewerOf(knex, req);
    if (row.status !== 'accepted' && !mayManage(row, viewer) && !isStaff(viewer)) throw forbidden(M.notAvailable);
    return { row, viewer };
  }

  router.get('/api/quizzes', async (req, res) => {
    const query = QuizListQuerySchema.parse(req.query);
    const page = await listQuizzes(knex, query, now());
    res.json({ ...ok(page.cards), pagination: page.pagination });
  });

  router.get('/api/quizzes/featured', async (req, res) => {
    res.json(ok(await featuredQuizzes(knex, QuizFeaturedQuerySchema.parse(req.query).limit, now())));
  });

  router.get('/api/quizzes/my-quizzes', async (req, res) => {
    res.json(ok(await quizCardsWhere(knex, { createdBy: requireUserId(req) }, now())));
  });

  router.get('/api/quizzes/user/registered', async (req, res) => {
    res.json(ok(await quizCardsWhere(knex, { registeredBy: requireUserId(req) }, now())));
  });

  router.get('/api/users/saved-quizzes', async (req, res) => {
    res.json(ok(await quizCardsWhere(knex, { savedBy: requireUserId(req) }, now())));
  });

  router.get('/api/quizzes/:id', async (req, res) => {
    const { row, viewer } = await visible(req);
    const saved = viewer.userId ? Boolean(await knex('quiz_saves').where({ quiz_id: row.id, user_id: viewer.userId }).first('quiz_id')) : false;
    res.json(ok(toQuiz(row, now(), viewer, saved)));
  });

  router.get('/api/quizzes/:id/registration-status', async (req, res) => {
    const userId = requireUserId(req);
    const { row } = await visible(req);
    const content = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as QuizContent;
    const at = now().getTime();
    const p = (await knex('quiz_participants').where({ quiz_id: row.id, user_id: userId }).first('payment_status', 'attempt')) as
      | { payment_status: 'completed' | 'pending' | 'failed'; attempt: 'none' | 'started' | 'submitted' }
      | undefined;
    const status: QuizRegistrationStatus = {
      isRegistered: Boolean(p),
      quizRunning: row.status === 'accepted' && Date.parse(content.dates.startDate) <= at && at <= Date.parse(content.dates.endDate),
      participant: p ? { paymentStatus: p.payment_status } : null,
      attempt: p?.attempt ?? 'none',
    };
    res.json(ok(status));
  });

  router.get('/api/quizzes/:id/leaderboard', async (req, res) => {
    const { row, viewer } = await visible(req);
    res.json(ok(await leaderboardOf(knex, row, viewer, now())));
  });

  router.get('/api/quizzes/:id/results', async (req, res) => {
    requireUserId(req);
    const { row, viewer } = await visible(req);
    const board = await leaderboardOf(knex, row, viewer, now());
    if (!board.userResult) throw notFound('You have no result for this quiz yet');
    res.json(ok(board.userResult));
  });

  // Personal data of participants: checked here whatever the screen does.
  router.get('/api/quizzes/:id/participants', async (req, res) => {
    requireUserId(req);
    const { row, viewer } = await visible(req);
    if (!maySeeParticipants(row, viewer)) throw forbidden(PARTICIPANTS_FORBIDDEN);
    res.json(ok({ quiz: { _id: row.id, title: row.title }, participants: await participantsOf(knex, row.id) }));
  });
  return router;
}
