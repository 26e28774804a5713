import type { Knex } from 'knex';
import type { EventData } from '@circuit/shared/events/catalogue';
import { PaymentEventSchemas } from '@circuit/shared/events/payments';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import { paymentRefundedMail } from '../mail/payment-mail';
import { registeredAccount } from '../mail/recipient';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import type { PaymentService } from './payment-service';
import { listingOfPurpose } from './purpose-listing';

type Deps = { knex: Knex; store: EventStore; log: Logger; mailer: Mailer; publicUrl: string; payments: Pick<PaymentService, 'refundDuplicate'> };

const WHY = 'was a second payment for an order you had already paid, so it bought nothing more';

export type DuplicatePaymentReaction =
  | { kind: 'refund'; orderId: string; paymentId: string; payerId: string }
  | { kind: 'tell-refunded'; refund: EventData<'PaymentDuplicateRefunded'> };

/** A second capture on an order is given back; once it is, the payer is told. */
export function duplicatePaymentReactions(event: RecordedEvent): DuplicatePaymentReaction[] {
  if (event.type === 'PaymentDuplicateCaptured') {
    const d = PaymentEventSchemas.PaymentDuplicateCaptured.parse(event.data);
    return [{ kind: 'refund', orderId: d.orderId, paymentId: d.paymentId, payerId: d.userId }];
  }
  if (event.type === 'PaymentDuplicateRefunded') return [{ kind: 'tell-refunded', refund: PaymentEventSchemas.PaymentDuplicateRefunded.parse(event.data) }];
  return [];
}

function duplicatePaymentEffects(deps: Deps): ReactionEffects<DuplicatePaymentReaction> {
  return {
    async carryOut(reaction, cause) {
      if (reaction.kind === 'refund') {
        const correlationId = cause.metadata.correlationId;
        const ctx = { causationId: cause.id, userId: reaction.payerId, ...(typeof correlationId === 'string' ? { correlationId } : {}) };
        await deps.payments.refundDuplicate(reaction.orderId, reaction.paymentId, ctx);
        return;
      }
      const account = await registeredAccount(deps.store, reaction.refund.userId);
      if (!account) return;
      const listing = await listingOfPurpose(deps.store, reaction.refund.purpose, deps.publicUrl);
      await deps.mailer.send(paymentRefundedMail(account.email, account.firstName, listing, reaction.refund, WHY));
    },
  };
}

/**
 * Gives back every capture beyond the first on one order, whatever it was for, and tells the
 * payer. The refund is named by the payment, so a replay after a crash makes no second one.
 */
export class DuplicatePaymentProcessManager extends ProcessManager<DuplicatePaymentReaction> {
  constructor(deps: Deps) {
    super({ name: 'duplicate-payments', label: 'duplicate payment process manager', deps, reactionsTo: duplicatePaymentReactions, effects: duplicatePaymentEffects(deps) });
  }
}
