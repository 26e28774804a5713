import { describe, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { paymentDecider, type PaymentEvent } from './payment-decider';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const AT = NOW.toISOString();
const purpose = { kind: 'hackathon-team' as const, listingId: 'h1', subjectId: 't1' };
const created: PaymentEvent = { type: 'PaymentOrderCreated', data: { orderId: 'order_1', userId: 'u1', purpose, amountMinor: 49_900, currency: 'INR', provider: 'sandbox', at: AT } };
const verified: PaymentEvent = { type: 'PaymentVerified', data: { orderId: 'order_1', paymentId: 'pay_1', userId: 'u1', purpose, via: 'checkout', at: AT } };

describe('payment decider', () => {
  it('creates an order once', () => {
    given(paymentDecider, []).when({ type: 'CreateOrder', orderId: 'order_1', userId: 'u1', purpose, amountMinor: 49_900, currency: 'INR', provider: 'sandbox', now: NOW }).then([created]);
    given(paymentDecider, [created]).when({ type: 'CreateOrder', orderId: 'order_1', userId: 'u1', purpose, amountMinor: 1, currency: 'INR', provider: 'sandbox', now: NOW }).thenThrows(409, 'This payment order exists already');
  });

  it('records a payment once, by checkout or webhook, whichever comes first', () => {
    given(paymentDecider, [created]).when({ type: 'RecordPayment', orderId: 'order_1', paymentId: 'pay_1', via: 'checkout', now: NOW }).then([verified]);
    given(paymentDecider, [created, verified]).when({ type: 'RecordPayment', orderId: 'order_1', paymentId: 'pay_1', via: 'webhook', now: NOW }).then([]);
    given(paymentDecider, []).when({ type: 'RecordPayment', orderId: 'order_1', paymentId: 'pay_1', via: 'webhook', now: NOW }).thenThrows(404, 'Payment order not found');
  });

  it('a paid order never goes back; a failure is recorded once per payment', () => {
    given(paymentDecider, [created, verified]).when({ type: 'RecordFailure', orderId: 'order_1', paymentId: 'pay_2', reason: 'declined', now: NOW }).then([]);
    const failed: PaymentEvent = { type: 'PaymentFailed', data: { orderId: 'order_1', paymentId: 'pay_2', reason: 'declined', purpose, at: AT } };
    given(paymentDecider, [created]).when({ type: 'RecordFailure', orderId: 'order_1', paymentId: 'pay_2', reason: 'declined', now: NOW }).then([failed]);
    given(paymentDecider, [created, failed]).when({ type: 'RecordFailure', orderId: 'order_1', paymentId: 'pay_2', reason: 'declined', now: NOW }).then([]);
    // A later attempt may still succeed.
    given(paymentDecider, [created, failed]).when({ type: 'RecordPayment', orderId: 'order_1', paymentId: 'pay_3', via: 'webhook', now: NOW }).then([
      { type: 'PaymentVerified', data: { orderId: 'order_1', paymentId: 'pay_3', userId: 'u1', purpose, via: 'webhook', at: AT } },
    ]);
  });
});
