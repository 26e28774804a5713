import type { Decider } from '@circuit/shared/commands/decider';
import type { EventData } from '@circuit/shared/events/catalogue';
import type { PaymentPurpose } from '@circuit/shared/events/payments';
import { conflict, notFound } from '@circuit/shared/commands/domain-errors';

/**
 * One payment order on `payment-<orderId>`: created once, then verified once (by the checkout or
 * the webhook, whichever comes first); a verified order never goes back, and repeating a
 * verification or a failure records nothing. A verified payment that bought nothing is refunded
 * once. Every other captured payment on the order is recorded too (its money is at the gateway)
 * and refunded once.
 */
export interface PaymentState {
  order: { userId: string; purpose: PaymentPurpose; amountMinor: number; currency: string } | null;
  verifiedPaymentId: string | null;
  failedPaymentIds: string[];
  refundId: string | null;
  refundRefused: boolean;
  /** Captures after the verified one, by payment id: each is given back in full. */
  duplicates: Record<string, DuplicateCapture>;
}

export interface DuplicateCapture {
  refundId: string | null;
  refundRefused: boolean;
}

export type PaymentEvent =
  | { type: 'PaymentOrderCreated'; data: EventData<'PaymentOrderCreated'> }
  | { type: 'PaymentVerified'; data: EventData<'PaymentVerified'> }
  | { type: 'PaymentFailed'; data: EventData<'PaymentFailed'> }
  | { type: 'PaymentRefunded'; data: EventData<'PaymentRefunded'> }
  | { type: 'PaymentRefundRefused'; data: EventData<'PaymentRefundRefused'> }
  | { type: 'PaymentDuplicateCaptured'; data: EventData<'PaymentDuplicateCaptured'> }
  | { type: 'PaymentDuplicateRefunded'; data: EventData<'PaymentDuplicateRefunded'> }
  | { type: 'PaymentDuplicateRefundRefused'; data: EventData<'PaymentDuplicateRefundRefused'> };

export type PaymentCommand =
  | { type: 'CreateOrder'; orderId: string; userId: string; purpose: PaymentPurpose; amountMinor: number; currency: string; provider: 'razorpay' | 'sandbox'; now: Date }
  /** The signature was checked by the caller (the gateway's HMAC); here only the order's life is decided. */
  | { type: 'RecordPayment'; orderId: string; paymentId: string; via: 'checkout' | 'webhook'; now: Date }
  | { type: 'RecordFailure'; orderId: string; paymentId: string; reason: string; now: Date }
  /** The gateway has made the refund (`refundId`); here it is recorded once. */
  | { type: 'RecordRefund'; orderId: string; refundId: string; reason: string; now: Date }
  | { type: 'RecordRefundRefused'; orderId: string; reason: string; gatewayMessage: string; now: Date }
  /** The gateway has given a duplicate capture back (`refundId`). */
  | { type: 'RecordDuplicateRefund'; orderId: string; paymentId: string; refundId: string; now: Date }
  | { type: 'RecordDuplicateRefundRefused'; orderId: string; paymentId: string; gatewayMessage: string; now: Date };

export const PaymentMessages = {
  orderNotFound: 'Payment order not found',
  notYours: 'This payment order is not yours',
  verificationFailed: 'Payment verification failed',
  unavailable: 'Payments are not available right now. Please try again later.',
  notPaid: 'This order has no payment to refund',
  noSuchDuplicate: 'This order has no such second payment',
} as const;

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: () => ({ order: null, verifiedPaymentId: null, failedPaymentIds: [], refundId: null, refundRefused: false, duplicates: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'PaymentOrderCreated':
        return { ...state, order: { userId: event.data.userId, purpose: event.data.purpose, amountMinor: event.data.amountMinor, currency: event.data.currency } };
      case 'PaymentVerified':
        return { ...state, verifiedPaymentId: event.data.paymentId };
      case 'PaymentFailed':
        return { ...state, failedPaymentIds: [...state.failedPaymentIds, event.data.paymentId] };
      case 'PaymentRefunded':
        return { ...state, refundId: event.data.refundId };
      case 'PaymentRefundRefused':
        return { ...state, refundRefused: true };
      case 'PaymentDuplicateCaptured':
        return { ...state, duplicates: { ...state.duplicates, [event.data.paymentId]: { refundId: null, refundRefused: false } } };
      case 'PaymentDuplicateRefunded':
        return withDuplicate(state, event.data.paymentId, { refundId: event.data.refundId });
      case 'PaymentDuplicateRefundRefused':
        return withDuplicate(state, event.data.paymentId, { refundRefused: true });
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'CreateOrder': {
        if (state.order) throw conflict('This payment order exists already');
        const { orderId, userId, purpose, amountMinor, currency, provider } = command;
        return [{ type: 'PaymentOrderCreated', data: { orderId, userId, purpose, amountMinor, currency, provider, at } }];
      }
      case 'RecordPayment': {
        if (!state.order) throw notFound(PaymentMessages.orderNotFound);
        const { orderId, paymentId, via } = command;
        const { userId, purpose, amountMinor, currency } = state.order;
        if (!state.verifiedPaymentId) return [{ type: 'PaymentVerified', data: { orderId, paymentId, userId, purpose, via, at } }];
        if (paymentId === state.verifiedPaymentId || duplicateOf(state, paymentId)) return [];
        return [{ type: 'PaymentDuplicateCaptured', data: { orderId, paymentId, userId, purpose, amountMinor, currency, via, at } }];
      }
      case 'RecordFailure': {
        if (!state.order) throw notFound(PaymentMessages.orderNotFound);
        if (state.verifiedPaymentId || state.failedPaymentIds.includes(command.paymentId)) return [];
        const { orderId, paymentId, reason } = command;
        return [{ type: 'PaymentFailed', data: { orderId, paymentId, reason, purpose: state.order.purpose, at } }];
      }
      case 'RecordRefund': {
        if (!state.order) throw notFound(PaymentMessages.orderNotFound);
        if (!state.verifiedPaymentId) throw conflict(PaymentMessages.notPaid);
        if (state.refundId) return [];
        const { orderId, refundId, reason } = command;
        const { amountMinor, currency, purpose } = state.order;
        return [{ type: 'PaymentRefunded', data: { orderId, paymentId: state.verifiedPaymentId, refundId, amountMinor, currency, reason, purpose, at } }];
      }
      case 'RecordRefundRefused': {
        if (!state.order) throw notFound(PaymentMessages.orderNotFound);
        if (!state.verifiedPaymentId) throw conflict(PaymentMessages.notPaid);
        if (state.refundId || state.refundRefused) return [];
        const { orderId, reason, gatewayMessage } = command;
        return [{ type: 'PaymentRefundRefused', data: { orderId, paymentId: state.verifiedPaymentId, reason, gatewayMessage, purpose: state.order.purpose, at } }];
      }
      case 'RecordDuplicateRefund': {
        if (!state.order) throw notFound(PaymentMessages.orderNotFound);
        const duplicate = duplicateOf(state, command.paymentId);
        if (!duplicate) throw conflict(PaymentMessages.noSuchDuplicate);
        if (duplicate.refundId) return [];
        const { orderId, paymentId, refundId } = command;
        const { userId, amountMinor, currency, purpose } = state.order;
        return [{ type: 'PaymentDuplicateRefunded', data: { orderId, paymentId, refundId, userId, amountMinor, currency, purpose, at } }];
      }
      case 'RecordDuplicateRefundRefused': {
        if (!state.order) throw notFound(PaymentMessages.orderNotFound);
        const duplicate = duplicateOf(state, command.paymentId);
        if (!duplicate) throw conflict(PaymentMessages.noSuchDuplicate);
        if (duplicate.refundId || duplicate.refundRefused) return [];
        const { orderId, paymentId, gatewayMessage } = command;
        return [{ type: 'PaymentDuplicateRefundRefused', data: { orderId, paymentId, gatewayMessage, purpose: state.order.purpose, at } }];
      }
    }
  },
};

/** Own keys only: a payment id is the gateway's text, and `constructor` is in every object. */
export const duplicateOf = (state: PaymentState, paymentId: string): DuplicateCapture | undefined => (Object.hasOwn(state.duplicates, paymentId) ? state.duplicates[paymentId] : undefined);

const withDuplicate = (state: PaymentState, paymentId: string, change: Partial<DuplicateCapture>): PaymentState => {
  const duplicate = duplicateOf(state, paymentId);
  return duplicate ? { ...state, duplicates: { ...state.duplicates, [paymentId]: { ...duplicate, ...change } } } : state;
};
