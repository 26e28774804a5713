import type { Knex } from 'knex';
import { AccountEventSchemas, userStream } from '@circuit/shared/events/accounts';
import { QuizEventSchemas as Q, quizAttemptStream, quizStream } from '@circuit/shared/events/quizzes';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import type { Mail, Mailer } from '@circuit/shared/ports/mailer';
import type { Bus } from '@circuit/shared/ports/bus';
import type { Logger } from '@circuit/shared/logger';
import type { NotificationSubject, NotificationTypeSchema } from '@circuit/shared/events/notifications';
import type { z } from 'zod';
import { foldEvents, handleCommand } from '@circuit/shared/commands/decider';
import { notificationsStream } from '@circuit/shared/events/notifications';
import { scoreAttempt } from '@circuit/shared/quizzes/scoring';
import { escape, layout } from '../mail/account-mail';
import { notificationsDecider } from '../notifications/notifications-decider';
import { notificationIdFor, publishNotification } from '../notifications/notifications-process-manager';
import { saveCheckpoint, subscribeFromCheckpoint } from '../process-managers/checkpoints';
import { quizDecider, type QuizState } from './quiz-decider';
import { attemptDecider, type AttemptEvent } from './attempt-decider';
import { loadQuizRoster } from './quiz-roster-store';

const NAME = 'quiz_notifier';

export function quizReviewMail(to: string, firstName: string, quiz: { id: string; title: string }, publicUrl: string, rejection: string | null): Mail {
  const link = `${publicUrl}/quiz/${quiz.id}`;
  if (rejection === null) {
    return {
      to,
      subject: `Your quiz “${quiz.title}” is live on Circuit`,
      text: `Hi ${firstName},\n\n“${quiz.title}” was approved and is now public: ${link}\n\n— Circuit`,
      html: layout('Your quiz is live', `<p>Hi ${escape(firstName)},</p><p><strong>${escape(quiz.title)}</strong> was approved and is now public.</p><p><a href="${escape(link)}">Open its page</a></p>`),
    };
  }
  return {
    to,
    subject: `Your quiz “${quiz.title}” needs changes`,
    text: `Hi ${firstName},\n\n“${quiz.title}” was not approved. The reviewer wrote:\n\n${rejection}\n\nEdit it and it will be reviewed again: ${link}/edit\n\n— Circuit`,
    html: layout('Your quiz needs changes', `<p>Hi ${escape(firstName)},</p><p><strong>${escape(quiz.title)}</strong> was not approved. The reviewer wrote:</p><blockquote>${escape(rejection)}</blockquote><p><a href="${escape(link)}/edit">Edit it</a> and it will be reviewed again.</p>`),
  };
}

/**
 * The quiz side effects that follow events: the organiser is notified and mailed when a moderator
 * approves or rejects their quiz; every participant whose marks a re-grade changed is notified
 * (their marks before and after, recomputed from their stored answers). Notification ids derive
 * from the cause, so a replay adds nothing. A quiz registration's payments are the payment
 * dispatcher's (payments/payment-dispatcher.ts).
 */
export class QuizNotifier {
  private subscription: Subscription | undefined;

  constructor(private readonly deps: { knex: Knex; store: EventStore; mailer: Mailer; bus: Bus; publicUrl: string; log: Logger }) {}

  async start(): Promise<void> {
    this.subscription = await subscribeFromCheckpoint(this.deps, NAME, {
      onEvent: (event) => this.handle(event),
      onError: (error) => this.deps.log.error({ err: error }, 'quiz notifier failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  private async notify(userId: string, cause: RecordedEvent, kind: z.infer<typeof NotificationTypeSchema>, fromUserId: string, subject: NotificationSubject) {
    const result = await handleCommand(
      this.deps.store,
      notificationsStream(userId),
      notificationsDecider,
      { type: 'Create', notificationId: notificationIdFor(cause.id, userId, kind), userId, kind, status: null, isOutgoing: false, fromUserId, subject, now: new Date(cause.occurredAt) },
      { causationId: cause.id },
    );
    for (const e of result.events) if (e.type === 'NotificationCreated') await publishNotification(this.deps, e.data);
  }

  private async quiz(quizId: string): Promise<QuizState> {
    return foldEvents(quizDecider, await this.deps.store.readStream(quizStream(quizId)));
  }

  async handle(event: RecordedEvent): Promise<void> {
    switch (event.type) {
      case 'QuizApproved':
      case 'QuizRejected': {
        const { quizId, byUserId } = Q.QuizApproved.parse(event.data);
        const rejection = event.type === 'QuizRejected' ? Q.QuizRejected.parse(event.data).reason : null;
        const quiz = await this.quiz(quizId);
        if (!quiz.content) break;
        const subject: NotificationSubject = { kind: 'quiz', id: quizId, title: quiz.content.title, username: quizId, ...(rejection === null ? {} : { reason: rejection }) };
        await this.notify(quiz.createdBy, event, rejection === null ? 'quiz_approved' : 'quiz_rejected', byUserId, subject);
        const user = (await this.deps.store.readStream(userStream(quiz.createdBy))).find((e) => e.type === 'UserRegistered');
        if (user) {
          const { email, firstName } = AccountEventSchemas.UserRegistered.parse(user.data);
          await this.deps.mailer.send(quizReviewMail(email, firstName, { id: quizId, title: quiz.content.title }, this.deps.publicUrl, rejection));
        }
        break;
      }
      case 'QuizRegraded': {
        const d = Q.QuizRegraded.parse(event.data);
        const quiz = await this.quiz(d.quizId);
        if (!quiz.content) break;
        const roster = await loadQuizRoster(this.deps.store, d.quizId);
        for (const userId of Object.keys(roster.entrants)) {
          const attempt = foldEvents<ReturnType<typeof attemptDecider.initialState>, AttemptEvent>(attemptDecider, await this.deps.store.readStream(quizAttemptStream(d.quizId, userId)));
          if (!attempt.submitted) continue;
          const before = scoreAttempt(d.previousAnswerKey, attempt.answers, d.previousMarking).calculatedMarks;
          const after = scoreAttempt(d.answerKey, attempt.answers, d.marking).calculatedMarks;
          if (before === after) continue;
          await this.notify(userId, event, 'quiz_regraded', d.byUserId, { kind: 'quiz', id: d.quizId, title: quiz.content.title, username: d.quizId, marks: { before, after } });
        }
        break;
      }
      default:
        return;
    }
    await saveCheckpoint(this.deps.knex, NAME, event.position);
  }
}
