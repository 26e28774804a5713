import { Router } from 'express';
import { z } from 'zod';
import { ok } from '@circuit/shared/http/envelope';
import { DomainError, refused } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { rawBodyOf } from '@circuit/shared/http/raw-body';
import type { Logger } from '@circuit/shared/logger';
import type { PaymentService } from './payment-service';

export const WEBHOOK_PATH = '/api/payments/razorpay/webhook';
export const SandboxPayBody = z.object({ outcome: z.enum(['success', 'failure'], { error: "outcome must be 'success' or 'failure'" }) });

/** The parts of Razorpay's webhook payload this server reads (payment.captured, payment.failed, order.paid). */
const WebhookPayload = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: z.object({ id: z.string(), order_id: z.string().nullable().optional(), error_description: z.string().nullable().optional() }) }).optional(),
    order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
  }),
});

/** The gateway's calls: Razorpay's webhook, and the sandbox checkout's pay button (sandbox only). */
export function paymentRoutes(payments: PaymentService, log: Logger): Router {
  const router = Router();

  router.post(WEBHOOK_PATH, async (req, res) => {
    const raw = rawBodyOf(req);
    if (!payments.gateway || payments.gateway.provider !== 'razorpay' || !raw || !payments.gateway.verifyWebhookSignature(raw, req.header('x-razorpay-signature'))) {
      throw refused('Invalid webhook signature');
    }
    const body = WebhookPayload.safeParse(req.body);
    const eventId = req.header('x-razorpay-event-id');
    if (!body.success) throw refused('Unrecognised webhook payload');
    const payment = body.data.payload.payment?.entity;
    const orderId = payment?.order_id ?? body.data.payload.order?.entity.id;
    const ctx = { correlationId: correlationIdOf(req), causationId: eventId };
    try {
      if (payment && orderId && (body.data.event === 'payment.captured' || body.data.event === 'order.paid')) {
        await payments.recordCaptured(orderId, payment.id, ctx);
      } else if (payment && orderId && body.data.event === 'payment.failed') {
        await payments.recordFailed(orderId, payment.id, payment.error_description ?? 'Payment failed', ctx);
      }
    } catch (error) {
      // An order this server never created is not ours to retry: acknowledge it, so Razorpay stops.
      if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
      log.warn({ eventId, orderId }, 'webhook for an unknown payment order ignored');
    }
    res.json(ok({ received: true }));
  });

  if (payments.gateway?.provider === 'sandbox') {
    router.post('/api/payments/sandbox/:orderId/pay', async (req, res) => {
      const userId = requireUserId(req);
      const { outcome } = SandboxPayBody.parse(req.body ?? {});
      const answer = await payments.sandboxPay(userId, String(req.params.orderId), outcome);
      if (!answer) throw refused('Payment failed in the sandbox checkout');
      res.json(ok(answer, 'Payment captured'));
    });
  }
  return router;
}
