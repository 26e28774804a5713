import type { PaymentPurpose } from '@circuit/shared/events/payments';
import { unavailable } from '@circuit/shared/commands/domain-errors';

/**
 * What team registration needs of the payments service (command-service/src/payments): create
 * an order for a purpose and verify a checkout's signature. The composition root passes the real
 * service; tests pass a double that checks real HMAC signatures (test-team-payments.ts).
 */
export interface TeamPayments {
  /** Creates and records an order (PaymentOrderCreated on payment-<orderId>); `amount` in minor units. */
  createOrder(userId: string, purpose: PaymentPurpose, amountMinor: number, currency: string): Promise<{ orderId: string; amount: number; currency: string; key: string }>;
  /**
   * Checks the signature against the stored order and records PaymentVerified (idempotent);
   * answers the order's purpose. 400 'Payment verification failed' on a bad signature, 403 for
   * somebody else's order.
   */
  verify(userId: string, orderId: string, paymentId: string, signature: string): Promise<PaymentPurpose>;
}

/** Until the composition root passes the payments service: every payment call answers 503. */
export const paymentsUnavailable: TeamPayments = {
  createOrder: () => Promise.reject(unavailable('Payments are not available right now. Please try again later.')),
  verify: () => Promise.reject(unavailable('Payments are not available right now. Please try again later.')),
};
