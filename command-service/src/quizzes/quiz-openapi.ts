import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { PaymentOrderSchema, VerifyPaymentBodySchema } from '@circuit/shared/api/payments';
import { QuizQuestionsAnswerSchema, QuizSubmitAnswerSchema, QuizWrittenSchema } from '@circuit/shared/api/quizzes';
import {
  QuizAnswersBodySchema,
  QuizMessages as M,
  QuizSubmitBodySchema,
  RegisterQuizBodySchema,
  RegradeBodySchema,
} from '@circuit/shared/validation/quizzes';
import { describeListingRoutes } from '../listings/listing-openapi';
import { quizListingApi } from './quiz-routes';

const tag = 'Quizzes';
const QuizId = z.object({ id: z.string().meta({ description: 'The quiz id (a UUID)' }) });
const RULES = 'The first broken rule of spec 3 section 5, in the spec’s order (e.g. ‘Title is required’, ‘Question 2: Option 3 cannot be empty’)';
const NOT_ADMITTED = `'${M.notRegistered}', '${M.paymentVerification}' (payment failed) or '${M.notRunning}'`;
const BAD_ANSWERS = 'A question index out of range, an option index out of range, or one question answered twice; nothing is recorded';

/** quiz-routes.ts: the quiz writes, moderation, registration and payment, taking and re-grading. */
export const quizOpenApi: ApiRegistration = (api) => {
  describeListingRoutes(api, {
    tag,
    api: quizListingApi,
    written: QuizWrittenSchema,
    rules: RULES,
    refusals: M,
    summaries: {
      create: 'Create a quiz (pending until reviewed)',
      update: 'Edit a quiz (organiser or admin); title and category are locked, pricing changes only when a paid amount is raised',
      remove: 'Delete a quiz (organiser or admin)',
      approve: 'Approve a quiz: it becomes public (moderators and admins)',
      reject: 'Reject a quiz with a reason the organiser sees (moderators and admins)',
      save: 'Save a quiz (accepted ones only)',
      unsave: 'Remove a quiz from your saved items',
    },
    about: [
      'A new quiz is `pending` until a moderator or admin approves it; only accepted quizzes are listed and public.',
      'Taking: the first `GET /api/quizzes/{id}/questions` starts the attempt on the server (its clock: start + timeLimit), later fetches resume it with the time left; answers are recorded as they are given (`POST .../answers`); a submit later than the deadline plus 15 seconds is refused, and the server closes and scores an attempt left open at that moment. One attempt per participant. Marking +4 correct, -2 incorrect, 0 unanswered, until the organiser re-grades.',
    ],
  });
  api.route({
    method: 'post',
    path: '/api/quizzes/{id}/upload-image',
    tag,
    summary: "Upload the quiz's image (after creation)",
    auth: 'session',
    params: QuizId,
    body: { multipart: 'image', description: 'The image file (PNG, JPEG, GIF or WebP; at most 5 MB)' },
    ok: { data: z.strictObject({ image: z.string() }), message: 'Image uploaded' },
    errors: { 400: 'No file, or not an image', 403: M.notAuthorizedEdit, 404: M.notFound, 413: 'The image is larger than 5 MB' },
  });
  api.route({
    method: 'post',
    path: '/api/quizzes/{id}/register',
    tag,
    summary: 'Register with your profile fields; a paid quiz answers requiresPayment',
    auth: 'session',
    params: QuizId,
    body: RegisterQuizBodySchema,
    ok: { status: 201, data: z.strictObject({ requiresPayment: z.boolean() }), message: M.registered },
    errors: { 400: `'Please fill in all required fields: {list}', the mobile rule, '${M.termsRequired}' or '${M.registrationClosed}'`, 404: M.notFound, 409: `'${M.alreadyRegistered}' or '${M.quizFull}'` },
  });
  api.route({
    method: 'post',
    path: '/api/quizzes/{id}/create-payment-order',
    tag,
    summary: 'An order for your registration fee; amount in minor units',
    auth: 'session',
    params: QuizId,
    ok: { data: PaymentOrderSchema, message: 'Payment order created' },
    errors: { 403: M.notRegistered, 404: M.notFound, 409: M.paymentNotDue, 503: 'Payments are not available' },
  });
  api.route({
    method: 'post',
    path: '/api/quizzes/{id}/verify-payment',
    tag,
    summary: "Verify the checkout's signature; completes the registration's payment (once)",
    auth: 'session',
    params: QuizId,
    body: VerifyPaymentBodySchema,
    ok: { data: z.strictObject({ quizId: z.string(), paymentStatus: z.literal('completed') }), message: M.paymentSuccess },
    errors: { 400: M.paymentFailed, 403: "Somebody else's order", 404: 'Quiz or order not found' },
  });
  api.route({
    method: 'get',
    path: '/api/quizzes/{id}/questions',
    tag,
    summary: 'The questions, never the answers; the first fetch starts your attempt, later ones resume it',
    auth: 'session',
    params: QuizId,
    ok: { data: QuizQuestionsAnswerSchema },
    errors: { 402: M.paymentRequired, 403: NOT_ADMITTED, 404: M.notFound, 409: M.alreadyAttempted },
  });
  api.route({
    method: 'post',
    path: '/api/quizzes/{id}/answers',
    tag,
    summary: 'Record answers as they are given (selectedAnswer -1 clears one)',
    auth: 'session',
    params: QuizId,
    body: QuizAnswersBodySchema,
    ok: { data: z.strictObject({ answered: z.number().int() }), message: 'Answers saved' },
    errors: { 400: BAD_ANSWERS, 402: M.paymentRequired, 403: NOT_ADMITTED, 404: M.notFound, 409: `'${M.alreadyAttempted}', '${M.notStarted}' or '${M.timeOver}'` },
  });
  api.route({
    method: 'post',
    path: '/api/quizzes/{id}/submit',
    tag,
    summary: 'Submit your attempt; scored by the server, timeTaken measured by the server',
    auth: 'session',
    params: QuizId,
    body: QuizSubmitBodySchema,
    ok: { data: QuizSubmitAnswerSchema, message: M.submitted },
    errors: { 400: BAD_ANSWERS, 402: M.paymentRequired, 403: NOT_ADMITTED, 404: M.notFound, 409: `'${M.alreadyAttempted}', '${M.notStarted}' or '${M.timeOver}'` },
  });
  api.route({
    method: 'post',
    path: '/api/quizzes/{id}/regrade',
    tag,
    summary: 'Correct answer keys or change the marking; the leaderboard is recomputed from the stored answers and the previous ranking kept',
    auth: 'session',
    params: QuizId,
    body: RegradeBodySchema,
    ok: { data: QuizWrittenSchema, message: M.regraded },
    errors: { 400: 'A question or option index out of range', 403: M.notOrganiser, 404: M.notFound, 409: M.nothingToRegrade },
  });
};
