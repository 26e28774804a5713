import { z } from 'zod';

/** The spec's "Payment order" (spec 2 section 3): what the web app hands to the checkout. */
export const PaymentOrderSchema = z
  .strictObject({
    orderId: z.string(),
    amount: z.number().int().meta({ description: "In the currency's smallest unit (paise for INR)" }),
    currency: z.string(),
    key: z.string().meta({ description: 'The checkout key id (Razorpay key id, or the sandbox key)' }),
  })
  .meta({ id: 'PaymentOrder' });
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

/** What Razorpay Checkout (and the sandbox checkout) hands the browser after a payment. */
export const CheckoutResultSchema = z.strictObject({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;

/** POST .../verify-payment */
export const VerifyPaymentBodySchema = z.object({
  orderId: z.string().trim().min(1, 'orderId is required').max(100),
  paymentId: z.string().trim().min(1, 'paymentId is required').max(100),
  signature: z.string().trim().min(1, 'signature is required').max(200),
});
