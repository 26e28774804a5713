/**
 * The Payments port (docs/decisions.md#d19-payments-through-one-port-recorded-once). A gateway creates orders and proves payments: the browser
 * hands back `razorpay_payment_id`, `razorpay_order_id` and `razorpay_signature`, and the server
 * checks HMAC-SHA256(`<stored order id>|<payment id>`, key secret) in constant time. The webhook's
 * `X-Razorpay-Signature` is HMAC-SHA256 of the raw body with the webhook secret.
 */
export interface PaymentGateway {
  readonly provider: 'razorpay' | 'sandbox';
  /** The key id the checkout opens with. */
  readonly keyId: string;
  createOrder(input: { amountMinor: number; currency: string; receipt: string; notes?: Record<string, string> }): Promise<{ orderId: string }>;
  /** True when `signature` is the key secret's HMAC of `orderId|paymentId`. */
  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** True when the header is the webhook secret's HMAC of the raw body (false without a webhook secret). */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
  /**
   * Gives a captured payment back in full. `receipt` names the refund: asked twice with one receipt
   * (a retry after a crash), the gateway's first refund is answered and no second one is made.
   * Rejects with RefundRefusedError when the gateway refuses for good; any other failure is worth a retry.
   */
  refund(input: { paymentId: string; amountMinor: number; receipt: string; notes?: Record<string, string> }): Promise<{ refundId: string }>;
}

/** The sandbox gateway also signs payments itself: it is its own checkout. */
export interface SandboxGateway extends PaymentGateway {
  readonly provider: 'sandbox';
  signCheckout(orderId: string, paymentId: string): string;
}

/** The gateway refused a refund for good (a 4xx answer: already refunded elsewhere, not captured...). */
export class RefundRefusedError extends Error {
  constructor(readonly gatewayMessage: string) {
    super(`The payment gateway refused the refund: ${gatewayMessage}`);
    this.name = 'RefundRefusedError';
  }
}
