import type { Knex } from 'knex';
import { AccountEventSchemas, userStream } from '@circuit/shared/events/accounts';
import { EventListingEventSchemas as S } from '@circuit/shared/events/event-listings';
import { EventRegistrationEventSchemas as R } from '@circuit/shared/events/event-registrations';
import { PaymentEventSchemas } from '@circuit/shared/events/payments';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import type { Mail, Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import type { Bus } from '@circuit/shared/ports/bus';
import type { NotificationType } from '@circuit/shared/api/notifications';
import { handleCommand } from '@circuit/shared/commands/decider';
import { notificationsStream, type NotificationSubject } from '@circuit/shared/events/notifications';
import { escape, layout } from '../mail/account-mail';
import { paymentRefundedMail } from '../mail/payment-mail';
import { notificationsDecider } from '../notifications/notifications-decider';
import { publishNotification, uuidFrom } from '../notifications/notifications-process-manager';
import { saveCheckpoint, subscribeFromCheckpoint } from '../process-managers/checkpoints';
import { findEvent } from './event-service';
import { FALLBACK_TIME_ZONE, formatDateTime } from '@circuit/shared/time/format';

const NAME = 'event_notifier';

/** A time in a mail is the organiser's, named ('Sat, 12 Dec 2026, 3:30 pm IST'): the reader may be anywhere, the event is where they set it. */
const when = (iso: string, timeZone: string | undefined) => formatDateTime(iso, { timeZone: timeZone ?? FALLBACK_TIME_ZONE });

export function eventReviewMail(to: string, firstName: string, event: { title: string; username: string }, publicUrl: string, rejection: string | null): Mail {
  const link = `${publicUrl}/events/${encodeURIComponent(event.username)}`;
  if (rejection === null) {
    return {
      to,
      subject: `Your event “${event.title}” is live on Circuit`,
      text: `Hi ${firstName},\n\n“${event.title}” was approved and is now public: ${link}\n\n— Circuit`,
      html: layout('Your event is live', `<p>Hi ${escape(firstName)},</p><p><strong>${escape(event.title)}</strong> was approved and is now public.</p><p><a href="${escape(link)}">Open its page</a></p>`),
    };
  }
  return {
    to,
    subject: `Your event “${event.title}” needs changes`,
    text: `Hi ${firstName},\n\n“${event.title}” was not approved. The reviewer wrote:\n\n${rejection}\n\nEdit it and it will be reviewed again: ${link}/edit\n\n— Circuit`,
    html: layout('Your event needs changes', `<p>Hi ${escape(firstName)},</p><p><strong>${escape(event.title)}</strong> was not approved. The reviewer wrote:</p><blockquote>${escape(rejection)}</blockquote><p><a href="${escape(link)}/edit">Edit it</a> and it will be reviewed again.</p>`),
  };
}

export function placeOfferedMail(to: string, firstName: string, event: { title: string; username: string; paid: boolean; timeZone?: string | undefined }, expiresAt: string, publicUrl: string): Mail {
  const link = `${publicUrl}/events/${encodeURIComponent(event.username)}`;
  const step = event.paid ? 'confirm and pay' : 'confirm';
  return {
    to,
    subject: `A place freed up at “${event.title}”`,
    text: `Hi ${firstName},\n\nA place at “${event.title}” is yours if you want it. Open the event and ${step} before ${when(expiresAt, event.timeZone)}; after that it goes to the next person on the waitlist.\n\n${link}\n\n— Circuit`,
    html: layout(
      'A place freed up for you',
      `<p>Hi ${escape(firstName)},</p><p>A place at <strong>${escape(event.title)}</strong> is yours if you want it. Open the event and ${step} before <strong>${escape(when(expiresAt, event.timeZone))}</strong>; after that it goes to the next person on the waitlist.</p><p><a href="${escape(link)}">Open the event</a></p>`,
    ),
  };
}

/**
 * Tells people what happened to them: the organiser when a moderator approves or rejects their
 * event, a waitlisted user when a place is offered to them, a payer when a late payment is refunded. Each is a notification (delivered
 * live; its id derived from the event, so a replay adds nothing) and an e-mail. Starts from the
 * head on its first run and moves its checkpoint after each, so a restart resends at most one mail.
 */
export class EventNotifier {
  private subscription: Subscription | undefined;

  constructor(private readonly deps: { knex: Knex; store: EventStore; mailer: Mailer; bus: Bus; publicUrl: string; log: Logger }) {}

  async start(): Promise<void> {
    this.subscription = await subscribeFromCheckpoint(this.deps, NAME, {
      onEvent: (event) => this.handle(event),
      onError: (error) => this.deps.log.error({ err: error }, 'event notifier failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  private async notify(event: RecordedEvent, userId: string, kind: NotificationType, fromUserId: string, subject: NotificationSubject) {
    const result = await handleCommand(
      this.deps.store,
      notificationsStream(userId),
      notificationsDecider,
      { type: 'Create', notificationId: uuidFrom(`${event.id}|${userId}|${kind}`), userId, kind, status: null, isOutgoing: false, fromUserId, subject, now: new Date(event.occurredAt) },
      { causationId: event.id },
    );
    for (const e of result.events) if (e.type === 'NotificationCreated') await publishNotification(this.deps, e.data);
  }

  private async account(userId: string) {
    const registered = (await this.deps.store.readStream(userStream(userId))).find((e) => e.type === 'UserRegistered');
    return registered ? AccountEventSchemas.UserRegistered.parse(registered.data) : null;
  }

  async handle(event: RecordedEvent): Promise<void> {
    if (event.type === 'EventApproved' || event.type === 'EventRejected') {
      const d = S.EventApproved.parse(event.data);
      const rejection = event.type === 'EventRejected' ? S.EventRejected.parse(event.data).reason : null;
      const info = await findEvent(this.deps.store, d.eventId);
      const subject: NotificationSubject = { kind: 'event', id: info.eventId, title: info.title, username: info.username, ...(rejection === null ? {} : { reason: rejection }) };
      await this.notify(event, info.createdBy, rejection === null ? 'event_approved' : 'event_rejected', d.byUserId, subject);
      const account = await this.account(info.createdBy);
      if (account) await this.deps.mailer.send(eventReviewMail(account.email, account.firstName, info, this.deps.publicUrl, rejection));
    } else if (event.type === 'EventPlaceOffered') {
      const d = R.EventPlaceOffered.parse(event.data);
      const info = await findEvent(this.deps.store, d.eventId);
      await this.notify(event, d.userId, 'event_place_offered', info.createdBy, { kind: 'event', id: info.eventId, title: info.title, username: info.username, expiresAt: d.expiresAt });
      const account = await this.account(d.userId);
      if (account) await this.deps.mailer.send(placeOfferedMail(account.email, account.firstName, { ...info, paid: info.pricing.type === 'paid' }, d.expiresAt, this.deps.publicUrl));
    } else if (event.type === 'PaymentRefunded') {
      const d = PaymentEventSchemas.PaymentRefunded.parse(event.data);
      if (d.purpose.kind !== 'event-registration') return;
      const info = await findEvent(this.deps.store, d.purpose.listingId);
      const account = await this.account(d.purpose.subjectId);
      const link = `${this.deps.publicUrl}/events/${encodeURIComponent(info.username)}`;
      const why = 'came through after your place had passed to the next person on the waitlist, so it bought no place';
      if (account) await this.deps.mailer.send(paymentRefundedMail(account.email, account.firstName, { title: info.title, link }, d, why));
    } else return;
    await saveCheckpoint(this.deps.knex, NAME, event.position);
  }
}
