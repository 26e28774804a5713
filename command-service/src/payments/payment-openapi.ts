import { z } from 'zod';
import { CheckoutResultSchema } from '@circuit/shared/api/payments';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { SandboxPayBody, WEBHOOK_PATH } from './payment-routes';

const tag = 'Payments';

/** The gateway's routes (payment-routes.ts). Orders are created and verified by each feature's own routes. */
export const paymentOpenApi: ApiRegistration = (api) => {
  api.tag(tag, [
    'Orders are created and verified by the routes of what is paid for (for example `POST /api/hackathons/{id}/create-payment-order` and `/verify-payment`). The amount of an order is in the currency’s smallest unit.',
    'Verification checks HMAC-SHA256 of `<order id>|<payment id>` with the key secret against the order the server stored; a payment is recorded once however often the browser or the webhook repeats it.',
  ]);
  api.route({
    method: 'post',
    path: WEBHOOK_PATH,
    tag,
    summary: 'Razorpay’s webhook: payment.captured and order.paid complete the order, payment.failed records the failure',
    description: '`X-Razorpay-Signature` must be HMAC-SHA256 of the raw body with `RAZORPAY_WEBHOOK_SECRET`; anything else changes nothing (400).',
    body: z.object({ event: z.string(), payload: z.record(z.string(), z.unknown()) }),
    command: false,
    ok: { data: z.strictObject({ received: z.literal(true) }) },
    errors: { 400: 'A bad signature or an unrecognised payload' },
  });
  api.route({
    method: 'post',
    path: '/api/payments/sandbox/{orderId}/pay',
    tag,
    summary: 'The sandbox checkout pays an order (only when the sandbox gateway is active)',
    description: 'Answers what Razorpay Checkout hands the browser, signed the same way, and records the payment as the webhook would.',
    auth: 'session',
    params: z.object({ orderId: z.string() }),
    body: SandboxPayBody,
    command: false,
    ok: { data: CheckoutResultSchema, message: 'Payment captured' },
    errors: { 400: 'The outcome was failure', 403: 'Somebody else’s order', 404: 'No such order' },
  });
};
