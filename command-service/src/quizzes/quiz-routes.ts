import type { Request, Router } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { VerifyPaymentBodySchema } from '@circuit/shared/api/payments';
import type { FileStore } from '@circuit/shared/ports/file-store';
import {
  QuizAnswersBodySchema,
  QuizEditSchema,
  QuizFormSchema,
  QuizMessages as M,
  QuizRejectBodySchema,
  QuizSubmitBodySchema,
  RegisterQuizBodySchema,
  RegradeBodySchema,
  type QuizEdit,
  type QuizForm,
} from '@circuit/shared/validation/quizzes';
import { ctxOf, listingIdOf, listingRoutes, type ListingApi } from '../listings/listing-routes';
import { answerTooLarge, receiveImage } from '../uploads/image-upload';
import type { QuizService } from './quiz-service';


/** The paths that take a multipart image (the command service lets multipart through on these only). */
export const QUIZ_IMAGE_PATH = /^\/api\/quizzes\/[0-9a-fA-F-]{36}\/upload-image$/;

const quizIdOf = (req: Request) => listingIdOf(req, M.notFound);

const written = (id: string) => ({ _id: id, id });

export const quizListingApi: ListingApi<QuizForm, QuizEdit> = {
  names: { one: 'quiz', many: 'quizzes' },
  schemas: { create: QuizFormSchema, update: QuizEditSchema, reject: QuizRejectBodySchema },
  messages: { ...M, approved: 'Quiz approved', rejected: 'Quiz rejected', saved: 'Saved quiz!', unsaved: 'Removed from saved quizzes' },
};

/** The quiz writes of spec 3 section 7, moderation (`/api/admin/quizzes/{id}/approve|reject`), taking and re-grading. */
export function quizRoutes(quizzes: QuizService, fileStore: FileStore): Router {
  const router = listingRoutes({
    ...quizListingApi,
    location: ({ id }) => `/api/quizzes/${id}`,
    service: { ...quizzes, create: async (userId, form, ctx) => ({ quizId: await quizzes.create(userId, form, ctx) }) },
  });

  router.post('/api/quizzes/:id/upload-image', async (req, res) => {
    const userId = requireUserId(req);
    const quizId = quizIdOf(req);
    await quizzes.assertCanEdit(userId, quizId);
    try {
      const file = await receiveImage(req, res, 'image', fileStore, 'listings');
      await quizzes.setImage(userId, quizId, file.url, ctxOf(req));
      res.json(ok({ image: file.url }, 'Image uploaded'));
    } catch (error) {
      if (!answerTooLarge(error, res)) throw error;
    }
  });

  router.post('/api/quizzes/:id/register', async (req, res) => {
    const userId = requireUserId(req);
    const quizId = quizIdOf(req);
    const body = RegisterQuizBodySchema.parse(req.body ?? {});
    const answer = await quizzes.register(userId, quizId, body, ctxOf(req));
    res.status(201).json(ok(answer, M.registered));
  });

  router.post('/api/quizzes/:id/create-payment-order', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await quizzes.createPaymentOrder(userId, quizIdOf(req)), 'Payment order created'));
  });

  router.post('/api/quizzes/:id/verify-payment', async (req, res) => {
    const userId = requireUserId(req);
    const quizId = quizIdOf(req);
    const body = VerifyPaymentBodySchema.parse(req.body ?? {});
    await quizzes.verifyPayment(userId, quizId, body, ctxOf(req));
    res.json(ok({ quizId, paymentStatus: 'completed' as const }, M.paymentSuccess));
  });

  // A GET that writes once: the first fetch starts the participant's clock (later ones resume).
  // The edge sends this one path to the command service (deploy/nginx.conf).
  router.get('/api/quizzes/:id/questions', async (req, res) => {
    const userId = requireUserId(req);
    res.set('Cache-Control', 'no-store');
    res.json(ok(await quizzes.questions(userId, quizIdOf(req), ctxOf(req))));
  });

  router.post('/api/quizzes/:id/answers', async (req, res) => {
    const userId = requireUserId(req);
    const { answers } = QuizAnswersBodySchema.parse(req.body ?? {});
    const recorded = await quizzes.answer(userId, quizIdOf(req), answers, ctxOf(req));
    res.json(ok({ answered: recorded }, 'Answers saved'));
  });

  router.post('/api/quizzes/:id/submit', async (req, res) => {
    const userId = requireUserId(req);
    const { answers } = QuizSubmitBodySchema.parse(req.body ?? {});
    res.json(ok(await quizzes.submit(userId, quizIdOf(req), answers, ctxOf(req)), M.submitted));
  });

  router.post('/api/quizzes/:id/regrade', async (req, res) => {
    const userId = requireUserId(req);
    const quizId = quizIdOf(req);
    const body = RegradeBodySchema.parse(req.body ?? {});
    await quizzes.regrade(userId, quizId, body, ctxOf(req));
    res.json(ok(written(quizId), M.regraded));
  });
  return router;
}
