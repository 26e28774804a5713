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
    given(paymentDecider, [created]).when({ type: 'CreateOrder', orderId: 'order_1', userId: 'u1', purpose, amountMinor: 1, currency: 'INR', provider: 'sandbox', now: NOW }).thenThrows('conflict', 'This payment order exists already');
  });

  it('records a payment once, by checkout or webhook, whichever comes first', () => {
    given(paymentDecider, [created]).when({ type: 'RecordPayment', orderId: 'order_1', paymentId: 'pay_1', via: 'checkout', now: NOW }).then([verified]);
    given(paymentDecider, [created, verified]).when({ type: 'RecordPayment', orderId: 'order_1', paymentId: 'pay_1', via: 'webhook', now: NOW }).then([]);
    given(paymentDecider, []).when({ type: 'RecordPayment', orderId: 'order_1', paymentId: 'pay_1', via: 'webhook', now: NOW }).thenThrows('not_found', 'Payment order not found');
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

  it('refunds a verified payment once; a refusal is recorded once and ends the matter', () => {
    const refund = { type: 'RecordRefund' as const, orderId: 'order_1', refundId: 'rfnd_1', reason: 'late', now: NOW };
    const refunded: PaymentEvent = { type: 'PaymentRefunded', data: { orderId: 'order_1', paymentId: 'pay_1', refundId: 'rfnd_1', amountMinor: 49_900, currency: 'INR', reason: 'late', purpose, at: AT } };
    given(paymentDecider, [created, verified]).when(refund).then([refunded]);
    given(paymentDecider, [created, verified, refunded]).when(refund).then([]);
    given(paymentDecider, [created]).when(refund).thenThrows('conflict', 'This order has no payment to refund');
    const refuse = { type: 'RecordRefundRefused' as const, orderId: 'order_1', reason: 'late', gatewayMessage: 'not captured', now: NOW };
    const refused: PaymentEvent = { type: 'PaymentRefundRefused', data: { orderId: 'order_1', paymentId: 'pay_1', reason: 'late', gatewayMessage: 'not captured', purpose, at: AT } };
    given(paymentDecider, [created, verified]).when(refuse).then([refused]);
    given(paymentDecider, [created, verified, refused]).when(refuse).then([]);
    given(paymentDecider, [created, verified, refunded]).when(refuse).then([]);
  });

  it('records every capture after the first once, whatever the order’s state, and its refund once', () => {
    const again = { type: 'RecordPayment' as const, orderId: 'order_1', paymentId: 'pay_2', via: 'webhook' as const, now: NOW };
    const duplicate: PaymentEvent = { type: 'PaymentDuplicateCaptured', data: { orderId: 'order_1', paymentId: 'pay_2', userId: 'u1', purpose, amountMinor: 49_900, currency: 'INR', via: 'webhook', at: AT } };
    given(paymentDecider, [created, verified]).when(again).then([duplicate]);
    given(paymentDecider, [created, verified, duplicate]).when(again).then([]);
    const refunded: PaymentEvent = { type: 'PaymentRefunded', data: { orderId: 'order_1', paymentId: 'pay_1', refundId: 'rfnd_1', amountMinor: 49_900, currency: 'INR', reason: 'late', purpose, at: AT } };
    given(paymentDecider, [created, verified, refunded]).when(again).then([duplicate]);
    // A payment id that names a property of every object is a payment like any other.
    given(paymentDecider, [created, verified]).when({ ...again, paymentId: 'constructor' }).then([{ ...duplicate, data: { ...duplicate.data, paymentId: 'constructor' } } as PaymentEvent]);

    const refund = { type: 'RecordDuplicateRefund' as const, orderId: 'order_1', paymentId: 'pay_2', refundId: 'rfnd_2', now: NOW };
    const duplicateRefunded: PaymentEvent = { type: 'PaymentDuplicateRefunded', data: { orderId: 'order_1', paymentId: 'pay_2', refundId: 'rfnd_2', userId: 'u1', amountMinor: 49_900, currency: 'INR', purpose, at: AT } };
    given(paymentDecider, [created, verified, duplicate]).when(refund).then([duplicateRefunded]);
    given(paymentDecider, [created, verified, duplicate, duplicateRefunded]).when(refund).then([]);
    given(paymentDecider, [created, verified]).when(refund).thenThrows('conflict', 'This order has no such second payment');
    given(paymentDecider, [created, verified]).when({ ...refund, paymentId: 'pay_1' }).thenThrows('conflict', 'This order has no such second payment');
    const refuse = { type: 'RecordDuplicateRefundRefused' as const, orderId: 'order_1', paymentId: 'pay_2', gatewayMessage: 'no', now: NOW };
    given(paymentDecider, [created, verified, duplicate]).when(refuse).then([{ type: 'PaymentDuplicateRefundRefused', data: { orderId: 'order_1', paymentId: 'pay_2', gatewayMessage: 'no', purpose, at: AT } }]);
    given(paymentDecider, [created, verified, duplicate, duplicateRefunded]).when(refuse).then([]);
  });
});
