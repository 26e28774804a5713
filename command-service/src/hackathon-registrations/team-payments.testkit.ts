import crypto from 'node:crypto';
import { toNewEvents } from '@circuit/shared/commands/decider';
import { paymentStream, type PaymentPurpose } from '@circuit/shared/events/payments';
import { ConcurrencyError, type EventStore } from '@circuit/shared/ports/event-store';
import { forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import type { CommandServiceDeps } from '../context';
import type { TeamPayments } from './team-payments';

/**
 * A stand-in for the payments service in tests: real orders on `payment-<orderId>` and real
 * HMAC-SHA256 signatures of `<orderId>|<paymentId>` with a test secret, checked in constant time
 * against the stored order (a tampered signature fails), verified once per order however often
 * it is repeated, by checkout or by webhook.
 */
export function testTeamPayments(secret = 'test-key-secret') {
  let store: EventStore | undefined;
  let now: () => Date = () => new Date();

  const sign = (orderId: string, paymentId: string) => crypto.createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

  async function order(orderId: string) {
    const events = await store!.readStream(paymentStream(orderId));
    const created = events.find((e) => e.type === 'PaymentOrderCreated');
    if (!created) throw notFound('Payment order not found');
    const data = created.data as { userId: string; purpose: PaymentPurpose };
    return { ...data, events, verified: events.some((e) => e.type === 'PaymentVerified') };
  }

  /** Appends PaymentVerified unless the order is already paid; answers its purpose. */
  async function record(orderId: string, paymentId: string, via: 'checkout' | 'webhook'): Promise<PaymentPurpose> {
    for (;;) {
      const o = await order(orderId);
      if (o.verified) return o.purpose;
      const event = { type: 'PaymentVerified', data: { orderId, paymentId, userId: o.userId, purpose: o.purpose, via, at: now().toISOString() } };
      try {
        await store!.append(paymentStream(orderId), toNewEvents([event], { userId: o.userId }, now().toISOString()), o.events.at(-1)!.revision);
        return o.purpose;
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
      }
    }
  }

  const payments: TeamPayments = {
    async createOrder(userId, purpose, amountMinor, currency) {
      const orderId = `order_${crypto.randomBytes(8).toString('hex')}`;
      const event = { type: 'PaymentOrderCreated', data: { orderId, userId, purpose, amountMinor, currency, provider: 'sandbox', at: now().toISOString() } };
      await store!.append(paymentStream(orderId), toNewEvents([event], { userId }, now().toISOString()), 'no_stream');
      return { orderId, amount: amountMinor, currency, key: 'rzp_test_double' };
    },
    async verify(userId, orderId, paymentId, signature) {
      const o = await order(orderId);
      if (o.userId !== userId) throw forbidden('This payment order is not yours');
      const expected = Buffer.from(sign(orderId, paymentId));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw refused('Payment verification failed');
      return record(orderId, paymentId, 'checkout');
    },
  };

  return {
    factory: (deps: CommandServiceDeps): TeamPayments => {
      store = deps.store;
      now = deps.now ?? now;
      return payments;
    },
    sign,
    /** The gateway's webhook reporting a captured payment (the browser may never have come back). */
    webhook: (orderId: string, paymentId: string) => record(orderId, paymentId, 'webhook'),
    /** The gateway reporting a failed payment. */
    async fail(orderId: string, paymentId: string, reason: string) {
      const o = await order(orderId);
      const event = { type: 'PaymentFailed', data: { orderId, paymentId, reason, purpose: o.purpose, at: now().toISOString() } };
      await store!.append(paymentStream(orderId), toNewEvents([event], {}, now().toISOString()), 'any');
    },
  };
}
