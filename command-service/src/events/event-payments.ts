import type { PaymentPurpose } from '@circuit/shared/events/payments';

/**
 * What event registration needs of the payments service (command-service/src/payments): an order
 * for a purpose of kind `event-registration`, and the checkout's signature checked. The
 * composition root passes the payments service itself.
 */
export interface EventPayments {
  createOrder(userId: string, purpose: PaymentPurpose, amountMinor: number, currency: string): Promise<{ orderId: string; amount: number; currency: string; key: string }>;
  verify(userId: string, orderId: string, paymentId: string, signature: string): Promise<PaymentPurpose>;
}
