import type { Knex } from 'knex';
import { PaymentEventSchemas } from '@circuit/shared/events/payments';
import { HackathonRegistrationEventSchemas } from '@circuit/shared/events/hackathon-registrations';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import type { Logger } from '@circuit/shared/logger';
import type { RegistrationService } from './registration-service';
import type { PaymentService } from '../payments/payment-service';
import { readCheckpoint, saveCheckpoint } from '../process-managers/checkpoints';

const NAME = 'hackathon-team-payments';

/**
 * Completes a team's registration when its payment is verified (by the verify-payment route or by
 * the gateway's webhook, whichever comes first), and marks its participants' payment failed on
 * PaymentFailed; refunds a payment that bought nothing (TeamPaymentUnplaced). Idempotent: the roster decider completes a team once and ignores what comes
 * after, and every roster append checks the stream's revision, so the route and this manager
 * racing each other still record one completion.
 */
export class TeamPaymentProcessManager {
  private subscription: Subscription | undefined;

  constructor(private readonly deps: { knex: Knex; store: EventStore; log: Logger; registrations: RegistrationService; payments: Pick<PaymentService, 'refund'> }) {}

  async start(): Promise<void> {
    const after = (await readCheckpoint(this.deps.knex, NAME)) ?? 0n;
    this.subscription = this.deps.store.subscribe({
      after,
      onEvent: (event) => this.handleBatch([event]),
      onBatch: (events) => this.handleBatch(events),
      onError: (error) => this.deps.log.error({ err: error }, 'team payment process manager failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** Handles consecutive events of the feed (exported for tests: a replay changes nothing). */
  async handleBatch(events: RecordedEvent[]): Promise<void> {
    let handled = false;
    for (const event of events) handled = (await this.handle(event)) || handled;
    const last = events.at(-1);
    if (handled && last) await saveCheckpoint(this.deps.knex, NAME, last.position);
  }

  private async handle(event: RecordedEvent): Promise<boolean> {
    const ctx = { causationId: event.id, correlationId: typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : undefined };
    if (event.type === 'PaymentVerified') {
      const d = PaymentEventSchemas.PaymentVerified.parse(event.data);
      if (d.purpose.kind !== 'hackathon-team') return false;
      await this.deps.registrations.completePayment(d.purpose.listingId, d.purpose.subjectId, d.orderId, d.paymentId, { ...ctx, userId: d.userId });
      return true;
    }
    if (event.type === 'PaymentFailed') {
      const d = PaymentEventSchemas.PaymentFailed.parse(event.data);
      if (d.purpose.kind !== 'hackathon-team') return false;
      await this.deps.registrations.failPayment(d.purpose.listingId, d.purpose.subjectId, d.orderId, d.reason, ctx);
      return true;
    }
    if (event.type === 'TeamPaymentUnplaced') {
      const d = HackathonRegistrationEventSchemas.TeamPaymentUnplaced.parse(event.data);
      await this.deps.payments.refund(d.orderId, 'The team was deleted, or its fee was already paid by another order', ctx);
      return true;
    }
    return false;
  }
}
