import type { Knex } from 'knex';
import { QuizEventSchemas as Q, quizAttemptStream, quizStream } from '@circuit/shared/events/quizzes';
import type { EventData } from '@circuit/shared/events/catalogue';
import type { NotificationSubject, NotificationTypeSchema } from '@circuit/shared/events/notifications';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Mailer } from '@circuit/shared/ports/mailer';
import type { Bus } from '@circuit/shared/ports/bus';
import type { Logger } from '@circuit/shared/logger';
import type { z } from 'zod';
import { foldEvents } from '@circuit/shared/commands/decider';
import { scoreAttempt } from '@circuit/shared/quizzes/scoring';
import { listingReviewMail } from '../mail/review-mail';
import { registeredAccount } from '../mail/recipient';
import { notificationIdFor, notifyByCommand } from '../notifications/notification-effects';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import { reviewOf } from '../listings/listing-review';
import { quizDecider, quizListing } from './quiz-decider';
import { attemptDecider, type AttemptEvent } from './attempt-decider';
import { loadQuizRoster } from './quiz-roster-store';
import { sendSwitchable } from '../notification-settings/switchable-mail';

type Deps = { knex: Knex; store: EventStore; mailer: Mailer; bus: Bus; publicUrl: string; log: Logger; secret: string };

/** A moderator's verdict on a quiz (`rejection` null when approved), or a re-grade. */
export type QuizReaction = { kind: 'reviewed'; quizId: string; moderator: string; rejection: string | null } | { kind: 'regraded'; regrade: EventData<'QuizRegraded'> };

export function quizReactions(event: RecordedEvent): QuizReaction[] {
  const review = reviewOf(quizListing, event);
  if (review) return [{ kind: 'reviewed', quizId: review.id, moderator: review.moderator, rejection: review.rejection }];
  return event.type === 'QuizRegraded' ? [{ kind: 'regraded', regrade: Q.QuizRegraded.parse(event.data) }] : [];
}

function quizEffects(deps: Deps): ReactionEffects<QuizReaction> {
  const quizOf = async (quizId: string) => foldEvents(quizDecider, await deps.store.readStream(quizStream(quizId)));
  const notify = (cause: RecordedEvent, userId: string, kind: z.infer<typeof NotificationTypeSchema>, fromUserId: string, subject: NotificationSubject) =>
    notifyByCommand(deps, cause, { notificationId: notificationIdFor(cause.id, userId, kind), userId, kind, status: null, isOutgoing: false, fromUserId, subject });

  return {
    async carryOut(reaction, cause) {
      const quizId = reaction.kind === 'reviewed' ? reaction.quizId : reaction.regrade.quizId;
      const quiz = await quizOf(quizId);
      if (!quiz.content) return;
      const title = quiz.content.title;
      if (reaction.kind === 'reviewed') {
        const { rejection, moderator } = reaction;
        await notify(cause, quiz.createdBy, rejection === null ? 'quiz_approved' : 'quiz_rejected', moderator, { kind: 'quiz', id: quizId, title, username: quizId, ...(rejection === null ? {} : { reason: rejection }) });
        const account = await registeredAccount(deps.store, quiz.createdBy);
        if (account) await sendSwitchable(deps, quiz.createdBy, 'listing_review', listingReviewMail(account.email, account.firstName, { noun: 'quiz', title, link: `${deps.publicUrl}/quiz/${quizId}` }, rejection));
        return;
      }
      const d = reaction.regrade;
      const roster = await loadQuizRoster(deps.store, quizId);
      for (const userId of Object.keys(roster.entrants)) {
        const attempt = foldEvents<ReturnType<typeof attemptDecider.initialState>, AttemptEvent>(attemptDecider, await deps.store.readStream(quizAttemptStream(quizId, userId)));
        if (!attempt.submitted) continue;
        const before = scoreAttempt(d.previousAnswerKey, attempt.answers, d.previousMarking).calculatedMarks;
        const after = scoreAttempt(d.answerKey, attempt.answers, d.marking).calculatedMarks;
        if (before !== after) await notify(cause, userId, 'quiz_regraded', d.byUserId, { kind: 'quiz', id: quizId, title, username: quizId, marks: { before, after } });
      }
    },
  };
}

/**
 * The quiz side effects that follow events: the organiser is notified and mailed when a moderator
 * approves or rejects their quiz; every participant whose marks a re-grade changed is notified
 * (their marks before and after, recomputed from their stored answers). Notification ids derive
 * from the cause, so a replay adds nothing. A quiz registration's payments are the payment
 * dispatcher's (payments/payment-dispatcher.ts).
 */
export class QuizNotifier extends ProcessManager<QuizReaction> {
  constructor(deps: Deps) {
    super({ name: 'quiz_notifier', label: 'quiz notifier', deps, reactionsTo: quizReactions, effects: quizEffects(deps) });
  }
}
