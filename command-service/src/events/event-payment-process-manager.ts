import type { Knex } from 'knex';
import { PaymentEventSchemas } from '@circuit/shared/events/payments';
import { EventRegistrationEventSchemas } from '@circuit/shared/events/event-registrations';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import type { Logger } from '@circuit/shared/logger';
import { saveCheckpoint, subscribeFromCheckpoint } from '../process-managers/checkpoints';
import type { PaymentService } from '../payments/payment-service';
import type { EventRegistrationService } from './event-registration-service';

const NAME = 'event-registration-payments';
const REFUND_REASON = 'The payment arrived after the place had passed on';

/**
 * Marks an event registration paid when its payment is verified (the verify route or the gateway's
 * webhook, whichever comes first), and ends it on PaymentFailed (its place goes to the next in
 * line). A payment that arrived too late for a place (EventPaymentUnplaced) is refunded.
 * Idempotent: the roster decider records a payment once and ignores what comes after, and the
 * refund is made and recorded once per order.
 */
export class EventPaymentProcessManager {
  private subscription: Subscription | undefined;

  constructor(private readonly deps: { knex: Knex; store: EventStore; log: Logger; registrations: EventRegistrationService; payments: Pick<PaymentService, 'refund'> }) {}

  async start(): Promise<void> {
    this.subscription = await subscribeFromCheckpoint(this.deps, NAME, {
      onEvent: (event) => this.handle(event),
      onError: (error) => this.deps.log.error({ err: error }, 'event payment process manager failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** Exported for tests: a replay changes nothing. */
  async handle(event: RecordedEvent): Promise<void> {
    const ctx = { causationId: event.id, correlationId: typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : undefined };
    if (event.type === 'PaymentVerified') {
      const d = PaymentEventSchemas.PaymentVerified.parse(event.data);
      if (d.purpose.kind !== 'event-registration') return;
      await this.deps.registrations.completePayment(d.purpose.listingId, d.purpose.subjectId, d.orderId, d.paymentId, { ...ctx, userId: d.userId });
    } else if (event.type === 'PaymentFailed') {
      const d = PaymentEventSchemas.PaymentFailed.parse(event.data);
      if (d.purpose.kind !== 'event-registration') return;
      await this.deps.registrations.failPayment(d.purpose.listingId, d.purpose.subjectId, d.orderId, d.reason, ctx);
    } else if (event.type === 'EventPaymentUnplaced') {
      const d = EventRegistrationEventSchemas.EventPaymentUnplaced.parse(event.data);
      await this.deps.payments.refund(d.orderId, REFUND_REASON, { ...ctx, userId: d.userId });
    } else return;
    await saveCheckpoint(this.deps.knex, NAME, event.position);
  }
}
