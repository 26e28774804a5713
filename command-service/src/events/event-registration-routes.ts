import { Router, type Request, type Response } from 'express';
import { ok } from '@circuit/shared/http/envelope';
import { requireUserId } from '@circuit/shared/http/auth';
import { VerifyPaymentBodySchema } from '@circuit/shared/api/payments';
import type { QueryClient } from '@circuit/shared/ports/query-client';
import { EventRegisterBodySchema, EventRegistrationMessages as M } from '@circuit/shared/validation/events';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';
import type { EventRegistrationService } from './event-registration-service';
import { ctxOf } from '../listings/listing-routes';

const param = (req: Request) => String(req.params.id ?? '');

/** Registration, waitlist and payment writes of events; each answers the user's registration status as the read model now has it. */
export function eventRegistrationRoutes(queries: QueryClient, registrations: EventRegistrationService): Router {
  const router = Router();

  async function answer(res: Response, eventId: string, userId: string, message: string, status = 200) {
    if (readModelsBehind()) return answerAccepted(res, { id: eventId }, message);
    res.status(status).json(ok(await queries.eventRegistrationStatus(eventId, userId), message));
  }

  router.post('/api/events/:id/register', async (req, res) => {
    const userId = requireUserId(req);
    const body = EventRegisterBodySchema.parse(req.body ?? {});
    const result = await registrations.register(userId, param(req), body, ctxOf(req));
    const message = result.waitlistPosition ? M.waitlisted(result.waitlistPosition) : result.requiresPayment ? M.registeredPaymentDue : M.registered;
    await answer(res, result.event.eventId, userId, message, 201);
  });

  router.delete('/api/events/:id/register', async (req, res) => {
    const userId = requireUserId(req);
    const event = await registrations.unregister(userId, param(req), ctxOf(req));
    await answer(res, event.eventId, userId, M.unregistered);
  });

  router.delete('/api/events/:id/waitlist', async (req, res) => {
    const userId = requireUserId(req);
    const event = await registrations.leaveWaitlist(userId, param(req), ctxOf(req));
    await answer(res, event.eventId, userId, M.leftWaitlist);
  });

  router.post('/api/events/:id/waitlist/accept', async (req, res) => {
    const userId = requireUserId(req);
    const result = await registrations.acceptOffer(userId, param(req), ctxOf(req));
    await answer(res, result.event.eventId, userId, result.requiresPayment ? M.offerAcceptedPay : M.offerAccepted);
  });

  router.post('/api/events/:id/waitlist/decline', async (req, res) => {
    const userId = requireUserId(req);
    const event = await registrations.declineOffer(userId, param(req), ctxOf(req));
    await answer(res, event.eventId, userId, M.offerDeclined);
  });

  router.post('/api/events/:id/create-payment-order', async (req, res) => {
    const userId = requireUserId(req);
    res.json(ok(await registrations.createPaymentOrder(userId, param(req)), M.orderCreated));
  });

  router.post('/api/events/:id/verify-payment', async (req, res) => {
    const userId = requireUserId(req);
    const body = VerifyPaymentBodySchema.parse(req.body ?? {});
    const event = await registrations.verifyPayment(userId, param(req), body, ctxOf(req));
    await answer(res, event.eventId, userId, M.paymentComplete);
  });
  return router;
}
