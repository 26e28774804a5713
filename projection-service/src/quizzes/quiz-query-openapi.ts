import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { AnswerReviewSchema, LeaderboardEntrySchema, QuizCardSchema, QuizLeaderboardSchema, QuizPageSchema, QuizParticipantsSchema, QuizRegistrationStatusSchema, QuizSchema } from '@circuit/shared/api/quizzes';
import { QuizListQuerySchema, QuizMessages as M } from '@circuit/shared/validation/quizzes';
import { featuredDocs, listingPartDocs, ownListDocs } from '../listings/listing-query-openapi';
import { PARTICIPANTS_FORBIDDEN, QuizFeaturedQuerySchema } from './quiz-query-routes';

const QuizId = z.object({ id: z.string().meta({ description: 'The quiz id (a UUID)' }) });
const HIDDEN = `'${M.notAvailable}': not accepted, and you are not its organiser, an admin or a moderator`;

/** quiz-query-routes.ts */
export const quizQueryOpenApi: ApiRegistration = (api) => {
  const kind = { tag: 'Quizzes', plural: 'quizzes', singular: 'quiz', cards: QuizCardSchema, messages: M };
  const summary = 'Accepted quizzes whose registration is open now (with showExpired=true also those whose registration ended), 12 a page';
  const pages = { data: z.array(QuizCardSchema), extra: { pagination: QuizPageSchema } };
  api.route({ method: 'get', path: '/api/quizzes', tag: kind.tag, summary, auth: 'optional', query: QuizListQuerySchema, ok: pages, errors: { 400: 'An unknown category or a page out of range' } });
  featuredDocs(api, kind, QuizFeaturedQuerySchema, 'Featured quizzes (8 by default): those not over yet, soonest first');
  ownListDocs(api, kind, '');
  const part = (route: Parameters<typeof listingPartDocs>[3]) => listingPartDocs(api, kind, QuizId, route);
  part({ path: '/api/quizzes/{id}', summary: 'A quiz; its questions and answer key only for its organiser and admins', auth: 'optional', ok: { data: QuizSchema }, errors: { 403: HIDDEN } });
  part({
    path: '/api/quizzes/{id}/registration-status',
    summary: "Whether you are registered, your payment, your attempt, and whether the quiz is running by the server's clock",
    auth: 'session',
    ok: { data: QuizRegistrationStatusSchema },
    errors: { 403: HIDDEN },
  });
  part({ path: '/api/quizzes/{id}/leaderboard', summary: 'Ranked by marks, then time; your own result with a review of each question; rankings replaced by re-grades', auth: 'optional', ok: { data: QuizLeaderboardSchema }, errors: { 403: HIDDEN } });
  const result = LeaderboardEntrySchema.extend({ answers: z.array(AnswerReviewSchema) });
  part({ path: '/api/quizzes/{id}/results', summary: 'Your own result with a review of each question', auth: 'session', ok: { data: result }, errors: { 403: HIDDEN, 404: `'${M.notFound}' or 'You have no result for this quiz yet'` } });
  part({ path: '/api/quizzes/{id}/participants', summary: 'Participants with their profile, payment, score, timeTaken and completedAt', auth: 'session', ok: { data: QuizParticipantsSchema }, errors: { 403: PARTICIPANTS_FORBIDDEN } });
};
