import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { requireUserId } from '@circuit/shared/http/auth';
import { ok, sendJson } from '@circuit/shared/http/envelope';
import { nextPhaseChange } from '@circuit/shared/hackathons/options';
import type { ReadCache } from '@circuit/shared/projections/read-cache';
import { forbidden, notFound } from '@circuit/shared/commands/domain-errors';
import { maySeeParticipants, participantsForbidden } from '@circuit/shared/read-models/participant-access';
import type { QuizContent } from '@circuit/shared/events/quizzes';
import type { Quiz, QuizRegistrationStatus } from '@circuit/shared/api/quizzes';
import { QUIZ_LIMITS, QuizListQuerySchema, QuizMessages as M } from '@circuit/shared/validation/quizzes';
import { listingIdOf, visibleListing, type ListingId } from '../listings/listing-access';
import { detailRoute, featuredQuerySchema, ownListRoutes } from '../listings/listing-query-routes';
import { json } from './quiz-attempts';
import { featuredQuizzes, findQuizRow, isStaff, leaderboardOf, listQuizzes, mayManage, participantsOf, quizCardsWhere, toQuiz, type QuizRow, type Viewer } from './quiz-read-models';

export const QuizFeaturedQuerySchema = featuredQuerySchema(QUIZ_LIMITS.featured);
export const PARTICIPANTS_FORBIDDEN = participantsForbidden('quiz');

/** Who sees a quiz: everyone once it is accepted; its organiser, admins and moderators always. */
export const quizVisibility = (knex: Knex) => ({
  find: (key: ListingId) => findQuizRow(knex, key.id),
  isPublic: (row: QuizRow) => row.status === 'accepted',
  mayManage: (row: QuizRow, viewer: Viewer) => mayManage(row, viewer) || isStaff(viewer),
  messages: M,
  coHostKind: 'quiz' as const,
});

/** When the clock next changes a quiz's detail: its phase moves at its start and its end. */
const quizPhaseChange = (quiz: Quiz, at: Date) => nextPhaseChange([{ ...quiz.dates, registrationDeadline: quiz.dates.registrationEndDate }], at);

/** The quiz queries of spec 3 section 7 (read models only). Fixed paths come before /{id}. */
export function quizQueryRoutes(knex: Knex, cache: ReadCache, now: () => Date = () => new Date()): Router {
  const router = Router();
  const visibility = quizVisibility(knex);
  // The cards name their organiser, from the users read model.
  const answers = { cache, key: 'quizzes', projections: ['quizzes', 'users'], now };

  /** The quiz of the path (by id only) as its viewer may see it: 404 when there is none, 403 'Not Available' when not public and not theirs. */
  const visible = (req: Request) => visibleListing(knex, req, listingIdOf(String(req.params.id ?? '')), visibility);

  // Accepted quizzes read the same to every viewer: one cached answer serves all. Which quizzes are listed follows
  // the clock (their registration windows), so an answer is kept for the cache's short time to live at most.
  router.get('/api/quizzes', async (req, res) => {
    const body = await cache.json(`quizzes:${req.url}`, answers.projections, async () => {
      const page = await listQuizzes(knex, QuizListQuerySchema.parse(req.query), now());
      return { ...ok(page.cards), pagination: page.pagination };
    });
    sendJson(res, body);
  });

  router.get('/api/quizzes/featured', async (req, res) => {
    const body = await cache.json(`quizzes-featured:${req.url}`, answers.projections, async () =>
      ok(await featuredQuizzes(knex, QuizFeaturedQuerySchema.parse(req.query).limit, now())),
    );
    sendJson(res, body);
  });

  ownListRoutes(router, 'quizzes', (filter) => quizCardsWhere(knex, filter, now()));

  detailRoute(
    router,
    '/api/quizzes/:id',
    answers,
    async (req) => {
      const { row, viewer } = await visible(req);
      const saved = viewer.userId ? Boolean(await knex('quiz_saves').where({ quiz_id: row.id, user_id: viewer.userId }).first('quiz_id')) : false;
      return toQuiz(row, now(), viewer, saved);
    },
    quizPhaseChange,
  );

  router.get('/api/quizzes/:id/registration-status', async (req, res) => {
    const userId = requireUserId(req);
    const { row } = await visible(req);
    const content = json<QuizContent>(row.content);
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
