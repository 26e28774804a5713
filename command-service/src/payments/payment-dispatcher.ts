import type { Knex } from 'knex';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import { paymentRefundedMail } from '../mail/payment-mail';
import { registeredAccount } from '../mail/recipient';
import { readCheckpoint, saveCheckpoint } from '../process-managers/checkpoints';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import { paymentDispatch, type PaymentReaction, type PaymentRoutes } from './payment-dispatch';
import type { PaymentService } from './payment-service';
import { listingOfPurpose } from './purpose-listing';

type Deps = { knex: Knex; store: EventStore; log: Logger; mailer: Mailer; publicUrl: string; payments: Pick<PaymentService, 'refund'>; rosters: PaymentRoutes };

const NAME = 'payment_dispatcher';
/** The managers it replaces (the team and event payment managers, the quiz notifier's payments), by their checkpoint rows. */
const REPLACED = ['hackathon-team-payments', 'event-registration-payments', 'quiz_notifier'];

function paymentEffects(deps: Deps): ReactionEffects<PaymentReaction> {
  return {
    async carryOut(reaction, cause) {
      const correlationId = cause.metadata.correlationId;
      const ctx = { causationId: cause.id, ...(typeof correlationId === 'string' ? { correlationId } : {}) };
      switch (reaction.kind) {
        case 'complete': {
          const { kind, listingId, subjectId } = reaction.purpose;
          await deps.rosters[kind].roster.completePayment(listingId, subjectId, reaction.orderId, reaction.paymentId, { ...ctx, userId: reaction.payerId });
          return;
        }
        case 'fail': {
          const { kind, listingId, subjectId } = reaction.purpose;
          await deps.rosters[kind].roster.failPayment(listingId, subjectId, reaction.orderId, reaction.reason, ctx);
          return;
        }
        case 'refund':
          // Named by its order, so a replay records and refunds nothing more.
          await deps.payments.refund(reaction.orderId, reaction.reason, reaction.payerId ? { ...ctx, userId: reaction.payerId } : ctx);
          return;
        case 'tell-refunded': {
          const account = await registeredAccount(deps.store, reaction.purpose.subjectId);
          if (!account) return;
          const listing = await listingOfPurpose(deps.store, reaction.purpose, deps.publicUrl);
          await deps.mailer.send(paymentRefundedMail(account.email, account.firstName, listing, reaction.refund, reaction.why));
          return;
        }
      }
    },
  };
}

/**
 * The one payment dispatcher (docs/architecture.md, "Where are payments dispatched?"): a
 * completed, failed or refunded payment goes by its purpose to the roster it is for, through the
 * map purpose -> roster the composition root gives (`rosters`), whether the browser's checkout
 * or the gateway's webhook reported it first. Every roster records a payment once and ignores
 * repeats, and a refund is made once per order, so a replay changes nothing.
 */
export class PaymentDispatcher extends ProcessManager<PaymentReaction> {
  constructor(private readonly deps: Deps) {
    super({ name: NAME, label: 'payment dispatcher', deps, reactionsTo: paymentDispatch(deps.rosters), effects: paymentEffects(deps) });
  }

  /**
   * On its first start it takes over where the managers it replaces had got to (the furthest of
   * them: they follow one feed together and each saved only after events it handled), so a payment
   * reported while the new version was starting is not passed over.
   */
  override async start(): Promise<void> {
    if ((await readCheckpoint(this.deps.knex, NAME)) === undefined) {
      const reached = (await Promise.all(REPLACED.map((name) => readCheckpoint(this.deps.knex, name)))).filter((p): p is bigint => p !== undefined);
      if (reached.length > 0) await saveCheckpoint(this.deps.knex, NAME, reached.reduce((a, b) => (a > b ? a : b)));
    }
    await super.start();
  }
}
