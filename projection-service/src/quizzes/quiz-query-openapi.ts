import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AnswerReviewSchema, LeaderboardEntrySchema, QuizCardSchema, QuizLeaderboardSchema, QuizPageSchema, QuizParticipantsSchema, QuizRegistrationStatusSchema, QuizSchema } from '@circuit/shared/api/quizzes';
import { QuizListQuerySchema, QuizMessages as M } from '@circuit/shared/validation/quizzes';
import { PARTICIPANTS_FORBIDDEN, QuizFeaturedQuerySchema } from './quiz-query-routes';

const tag = 'Quizzes';
const Cards = z.array(QuizCardSchema);
const QuizId = z.object({ id: z.string().meta({ description: 'The quiz id (a UUID)' }) });
const HIDDEN = `'${M.notAvailable}': not accepted, and you are not its organiser, an admin or a moderator`;

/** quiz-query-routes.ts */
export const quizQueryOpenApi: ApiRegistration = (api) => {
  api.route({
    method: 'get',
    path: '/api/quizzes',
    tag,
    summary: 'Accepted quizzes whose registration is open now (with showExpired=true also those whose registration ended), 12 a page',
    auth: 'optional',
    query: QuizListQuerySchema,
    ok: { data: Cards, extra: { pagination: QuizPageSchema } },
    errors: { 400: 'An unknown category or a page out of range' },
  });
  api.route({ method: 'get', path: '/api/quizzes/featured', tag, summary: 'Featured quizzes (8 by default): those not over yet, soonest first', auth: 'optional', query: QuizFeaturedQuerySchema, ok: { data: Cards }, errors: { 400: 'limit out of range' } });
  api.route({ method: 'get', path: '/api/quizzes/my-quizzes', tag, summary: 'The quizzes you created, in every status', auth: 'session', ok: { data: Cards } });
  api.route({ method: 'get', path: '/api/quizzes/user/registered', tag, summary: 'The quizzes you registered for', auth: 'session', ok: { data: Cards } });
  api.route({ method: 'get', path: '/api/users/saved-quizzes', tag, summary: 'The quizzes you saved', auth: 'session', ok: { data: Cards } });
  api.route({ method: 'get', path: '/api/quizzes/{id}', tag, summary: 'A quiz; its questions and answer key only for its organiser and admins', auth: 'optional', params: QuizId, ok: { data: QuizSchema }, errors: { 403: HIDDEN, 404: M.notFound } });
  api.route({
    method: 'get',
    path: '/api/quizzes/{id}/registration-status',
    tag,
    summary: "Whether you are registered, your payment, your attempt, and whether the quiz is running by the server's clock",
    auth: 'session',
    params: QuizId,
    ok: { data: QuizRegistrationStatusSchema },
    errors: { 403: HIDDEN, 404: M.notFound },
  });
  api.route({ method: 'get', path: '/api/quizzes/{id}/leaderboard', tag, summary: 'Ranked by marks, then time; your own result with a review of each question; rankings replaced by re-grades', auth: 'optional', params: QuizId, ok: { data: QuizLeaderboardSchema }, errors: { 403: HIDDEN, 404: M.notFound } });
  api.route({
    method: 'get',
    path: '/api/quizzes/{id}/results',
    tag,
    summary: 'Your own result with a review of each question',
    auth: 'session',
    params: QuizId,
    ok: { data: LeaderboardEntrySchema.extend({ answers: z.array(AnswerReviewSchema) }) },
    errors: { 403: HIDDEN, 404: `'${M.notFound}' or 'You have no result for this quiz yet'` },
  });
  api.route({ method: 'get', path: '/api/quizzes/{id}/participants', tag, summary: 'Participants with their profile, payment, score, timeTaken and completedAt', auth: 'session', params: QuizId, ok: { data: QuizParticipantsSchema }, errors: { 403: PARTICIPANTS_FORBIDDEN, 404: M.notFound } });
};
