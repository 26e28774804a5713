import crypto from 'node:crypto';
import { handleCommand, loadState, type CommandContext, type CommandResult } from '@circuit/shared/commands/decider';
import { paymentStream, type PaymentPurpose } from '@circuit/shared/events/payments';
import { conflict, forbidden, notFound, refused, unavailable } from '@circuit/shared/commands/domain-errors';
import { RefundRefusedError, type PaymentGateway, type SandboxGateway } from '@circuit/shared/ports/payments';
import type { PaymentOrder } from '@circuit/shared/api/payments';
import type { CommandServiceDeps } from '../context';
import { duplicateOf, PaymentMessages, paymentDecider, type PaymentCommand, type PaymentEvent, type PaymentState } from './payment-decider';

/** The payment events that are an outcome, as circuit_payments_total names it (an order created is none). */
const PAYMENT_OUTCOMES: Partial<Record<PaymentEvent['type'], string>> = {
  PaymentVerified: 'captured',
  PaymentDuplicateCaptured: 'duplicate',
  PaymentFailed: 'failed',
  PaymentRefunded: 'refunded',
  PaymentDuplicateRefunded: 'refunded',
  PaymentRefundRefused: 'refund_refused',
  PaymentDuplicateRefundRefused: 'refund_refused',
};

const isSandbox = (g: PaymentGateway): g is SandboxGateway => g.provider === 'sandbox' && 'signCheckout' in g;

/**
 * Payments for every feature. A feature creates an order for a purpose (a team's fee, an event or
 * quiz registration) and verifies the checkout's answer; it reacts to PaymentVerified and
 * PaymentFailed of its purpose's kind with a process manager, so a payment whose browser never
 * came back is completed by the webhook all the same.
 */
export function createPaymentService(deps: Pick<CommandServiceDeps, 'store' | 'now' | 'log' | 'metrics'>, gateway: PaymentGateway | null) {
  const now = deps.now ?? (() => new Date());
  /** Every payment command, its outcomes counted (docs/operations.md#metrics). */
  async function run(orderId: string, command: PaymentCommand, ctx: CommandContext): Promise<CommandResult<PaymentState, PaymentEvent>> {
    const result = await handleCommand(deps.store, paymentStream(orderId), paymentDecider, command, ctx, now);
    for (const event of result.events) {
      const outcome = PAYMENT_OUTCOMES[event.type];
      if (outcome) deps.metrics?.payments.inc({ purpose: event.data.purpose.kind, outcome });
    }
    return result;
  }
  const available = (): PaymentGateway => {
    if (!gateway) throw unavailable(PaymentMessages.unavailable);
    return gateway;
  };
  const ORDER_ID = /^order_[A-Za-z0-9]{1,40}$/;

  async function orderOf(orderId: string) {
    if (!ORDER_ID.test(orderId)) throw notFound(PaymentMessages.orderNotFound);
    const { state } = await loadState(deps.store, paymentStream(orderId), paymentDecider);
    if (!state.order) throw notFound(PaymentMessages.orderNotFound);
    return { ...state, order: state.order };
  }

  async function record(orderId: string, paymentId: string, via: 'checkout' | 'webhook', ctx: CommandContext) {
    const result = await run(orderId, { type: 'RecordPayment', orderId, paymentId, via, now: now() }, ctx);
    return result.state.order!.purpose;
  }

  async function recordFailed(orderId: string, paymentId: string, reason: string, ctx: CommandContext = {}): Promise<void> {
    await orderOf(orderId);
    await run(orderId, { type: 'RecordFailure', orderId, paymentId, reason, now: now() }, ctx);
  }

  /**
   * Gives a captured payment back in full at the gateway and records the refund on the order, or the
   * gateway's refusal for good (the audit shows it, so the payments after it are not held up). The
   * receipt names the refund, so a retry after a crash finds it instead of making a second one.
   */
  async function giveBack(
    refund: Parameters<PaymentGateway['refund']>[0],
    refunded: (refundId: string) => PaymentCommand,
    refused: (gatewayMessage: string) => PaymentCommand,
    orderId: string,
    ctx: CommandContext,
  ): Promise<void> {
    let command: PaymentCommand;
    try {
      const { refundId } = await available().refund({ ...refund, receipt: refund.receipt.slice(0, 40) });
      command = refunded(refundId);
    } catch (error) {
      if (!(error instanceof RefundRefusedError)) throw error;
      deps.log.warn({ orderId, paymentId: refund.paymentId, gatewayMessage: error.gatewayMessage }, 'refund refused by the gateway');
      command = refused(error.gatewayMessage);
    }
    await run(orderId, command, ctx);
  }

  return {
    gateway,
    /** Creates the order at the gateway and records it; amount in the currency's smallest unit. */
    async createOrder(userId: string, purpose: PaymentPurpose, amountMinor: number, currency: string, ctx: CommandContext = {}): Promise<PaymentOrder> {
      const g = available();
      const receipt = `${purpose.kind}:${purpose.subjectId}`.slice(0, 40);
      const { orderId } = await g.createOrder({ amountMinor, currency, receipt, notes: { kind: purpose.kind, listingId: purpose.listingId, subjectId: purpose.subjectId } });
      await run(orderId, { type: 'CreateOrder', orderId, userId, purpose, amountMinor, currency, provider: g.provider, now: now() }, { ...ctx, userId });
      return { orderId, amount: amountMinor, currency, key: g.keyId };
    },
    /** The checkout's answer: the signature is checked against the order the server stored. Idempotent. */
    async verify(userId: string, orderId: string, paymentId: string, signature: string, ctx: CommandContext = {}): Promise<PaymentPurpose> {
      const g = available();
      const state = await orderOf(orderId);
      if (state.order.userId !== userId) throw forbidden(PaymentMessages.notYours);
      if (!g.verifyCheckoutSignature(orderId, paymentId, signature)) throw refused(PaymentMessages.verificationFailed);
      return record(orderId, paymentId, 'checkout', { ...ctx, userId });
    },
    /** A captured payment the gateway reported (webhook): recorded once, whatever the browser did. */
    async recordCaptured(orderId: string, paymentId: string, ctx: CommandContext = {}): Promise<void> {
      await orderOf(orderId);
      await record(orderId, paymentId, 'webhook', ctx);
    },
    recordFailed,
    /**
     * Gives a verified payment back in full (it bought nothing: see EventPaymentUnplaced). The
     * gateway's refund is named by the order, so a retry after a crash finds it instead of making a
     * second one; the stream records it once.
     */
    async refund(orderId: string, reason: string, ctx: CommandContext = {}): Promise<void> {
      available();
      const state = await orderOf(orderId);
      if (state.refundId || state.refundRefused) return;
      if (!state.verifiedPaymentId) throw conflict(PaymentMessages.notPaid);
      await giveBack(
        { paymentId: state.verifiedPaymentId, amountMinor: state.order.amountMinor, receipt: `refund:${orderId}`, notes: { reason: reason.slice(0, 250) } },
        (refundId) => ({ type: 'RecordRefund', orderId, refundId, reason, now: now() }),
        (gatewayMessage) => ({ type: 'RecordRefundRefused', orderId, reason, gatewayMessage, now: now() }),
        orderId,
        ctx,
      );
    },
    /**
     * Gives a duplicate capture back in full. Its refund is named by its payment id, so a retry
     * finds the first refund instead of making a second one.
     */
    async refundDuplicate(orderId: string, paymentId: string, ctx: CommandContext = {}): Promise<void> {
      available();
      const state = await orderOf(orderId);
      const duplicate = duplicateOf(state, paymentId);
      if (!duplicate) throw conflict(PaymentMessages.noSuchDuplicate);
      if (duplicate.refundId || duplicate.refundRefused) return;
      await giveBack(
        { paymentId, amountMinor: state.order.amountMinor, receipt: `refund:${paymentId}`, notes: { reason: 'Paid twice for one order' } },
        (refundId) => ({ type: 'RecordDuplicateRefund', orderId, paymentId, refundId, now: now() }),
        (gatewayMessage) => ({ type: 'RecordDuplicateRefundRefused', orderId, paymentId, gatewayMessage, now: now() }),
        orderId,
        ctx,
      );
    },
    /**
     * The sandbox checkout pays: answers what Razorpay Checkout hands the browser, signed the same
     * way, and records the outcome as the gateway's webhook would (so a closed tab loses nothing).
     */
    async sandboxPay(userId: string, orderId: string, outcome: 'success' | 'failure') {
      const g = available();
      if (!isSandbox(g)) throw notFound('Not found');
      const state = await orderOf(orderId);
      if (state.order.userId !== userId) throw forbidden(PaymentMessages.notYours);
      const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`;
      if (outcome === 'failure') {
        await recordFailed(orderId, paymentId, 'Payment declined in the sandbox checkout', { userId });
        return null;
      }
      const signature = g.signCheckout(orderId, paymentId);
      await record(orderId, paymentId, 'webhook', { userId });
      return { razorpay_payment_id: paymentId, razorpay_order_id: orderId, razorpay_signature: signature };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
