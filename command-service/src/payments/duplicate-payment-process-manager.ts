import type { Knex } from 'knex';
import { AccountEventSchemas, userStream } from '@circuit/shared/events/accounts';
import { PaymentEventSchemas } from '@circuit/shared/events/payments';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import type { Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import { paymentRefundedMail } from '../mail/payment-mail';
import { saveCheckpoint, subscribeFromCheckpoint } from '../process-managers/checkpoints';
import type { PaymentService } from './payment-service';
import { listingOfPurpose } from './purpose-listing';

const NAME = 'duplicate-payments';
const WHY = 'was a second payment for an order you had already paid, so it bought nothing more';

/**
 * Gives back every capture beyond the first on one order, whatever it was for, and tells the
 * payer. The refund is named by the payment, so a replay after a crash makes no second one.
 */
export class DuplicatePaymentProcessManager {
  private subscription: Subscription | undefined;

  constructor(private readonly deps: { knex: Knex; store: EventStore; log: Logger; mailer: Mailer; publicUrl: string; payments: Pick<PaymentService, 'refundDuplicate'> }) {}

  async start(): Promise<void> {
    this.subscription = await subscribeFromCheckpoint(this.deps, NAME, {
      onEvent: (event) => this.handle(event),
      onError: (error) => this.deps.log.error({ err: error }, 'duplicate payment process manager failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** Exported for tests: a replay changes nothing at the gateway. */
  async handle(event: RecordedEvent): Promise<void> {
    const ctx = { causationId: event.id, correlationId: typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : undefined };
    if (event.type === 'PaymentDuplicateCaptured') {
      const d = PaymentEventSchemas.PaymentDuplicateCaptured.parse(event.data);
      await this.deps.payments.refundDuplicate(d.orderId, d.paymentId, { ...ctx, userId: d.userId });
    } else if (event.type === 'PaymentDuplicateRefunded') {
      const d = PaymentEventSchemas.PaymentDuplicateRefunded.parse(event.data);
      const registered = (await this.deps.store.readStream(userStream(d.userId))).find((e) => e.type === 'UserRegistered');
      if (registered) {
        const account = AccountEventSchemas.UserRegistered.parse(registered.data);
        const listing = await listingOfPurpose(this.deps.store, d.purpose, this.deps.publicUrl);
        await this.deps.mailer.send(paymentRefundedMail(account.email, account.firstName, listing, d, WHY));
      }
    } else return;
    await saveCheckpoint(this.deps.knex, NAME, event.position);
  }
}
