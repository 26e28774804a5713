import type { Knex } from 'knex';
import { EventRegistrationEventSchemas as R } from '@circuit/shared/events/event-registrations';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Mail, Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import type { Bus } from '@circuit/shared/ports/bus';
import type { NotificationType } from '@circuit/shared/api/notifications';
import type { NotificationSubject } from '@circuit/shared/events/notifications';
import { escape, layout } from '../mail/account-mail';
import { registeredAccount } from '../mail/recipient';
import { sendSwitchable } from '../notification-settings/switchable-mail';
import { listingReviewMail } from '../mail/review-mail';
import { notifyByCommand, uuidFrom } from '../notifications/notification-effects';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import { reviewOf } from '../listings/listing-review';
import { eventListing } from './event-decider';
import { findEvent } from './event-service';
import { FALLBACK_TIME_ZONE, formatDateTime } from '@circuit/shared/time/format';

type Deps = { knex: Knex; store: EventStore; mailer: Mailer; bus: Bus; publicUrl: string; log: Logger; secret: string };

/** A time in a mail is the organiser's, named ('Sat, 12 Dec 2026, 3:30 pm IST'): the reader may be anywhere, the event is where they set it. */
const when = (iso: string, timeZone: string | undefined) => formatDateTime(iso, { timeZone: timeZone ?? FALLBACK_TIME_ZONE });

export function eventReviewMail(to: string, firstName: string, event: { title: string; username: string }, publicUrl: string, rejection: string | null): Mail {
  return listingReviewMail(to, firstName, { noun: 'event', title: event.title, link: `${publicUrl}/events/${encodeURIComponent(event.username)}` }, rejection);
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

/** What happened to someone that they are told of; who they are and the event's title the effects read. */
export type EventNotice =
  | { kind: 'review'; eventId: string; moderator: string; rejection: string | null }
  | { kind: 'place-offered'; eventId: string; userId: string; expiresAt: string };

export function eventNotices(event: RecordedEvent): EventNotice[] {
  const review = reviewOf(eventListing, event);
  if (review) return [{ kind: 'review', eventId: review.id, moderator: review.moderator, rejection: review.rejection }];
  if (event.type !== 'EventPlaceOffered') return [];
  const { eventId, userId, expiresAt } = R.EventPlaceOffered.parse(event.data);
  return [{ kind: 'place-offered', eventId, userId, expiresAt }];
}

function eventNoticeEffects(deps: Deps): ReactionEffects<EventNotice> {
  const notify = (cause: RecordedEvent, userId: string, kind: NotificationType, fromUserId: string, subject: NotificationSubject) =>
    notifyByCommand(deps, cause, { notificationId: uuidFrom(`${cause.id}|${userId}|${kind}`), userId, kind, status: null, isOutgoing: false, fromUserId, subject });

  return {
    async carryOut(notice, cause) {
      const info = await findEvent(deps.store, notice.eventId);
      switch (notice.kind) {
        case 'review': {
          const { rejection } = notice;
          const subject: NotificationSubject = { kind: 'event', id: info.eventId, title: info.title, username: info.username, ...(rejection === null ? {} : { reason: rejection }) };
          await notify(cause, info.createdBy, rejection === null ? 'event_approved' : 'event_rejected', notice.moderator, subject);
          const account = await registeredAccount(deps.store, info.createdBy);
          if (account) await sendSwitchable(deps, info.createdBy, 'listing_review', eventReviewMail(account.email, account.firstName, info, deps.publicUrl, rejection));
          return;
        }
        case 'place-offered': {
          await notify(cause, notice.userId, 'event_place_offered', info.createdBy, { kind: 'event', id: info.eventId, title: info.title, username: info.username, expiresAt: notice.expiresAt });
          const account = await registeredAccount(deps.store, notice.userId);
          if (account) await sendSwitchable(deps, notice.userId, 'waitlist_offer', placeOfferedMail(account.email, account.firstName, { ...info, paid: info.pricing.type === 'paid' }, notice.expiresAt, deps.publicUrl));
          return;
        }
      }
    },
  };
}

/**
 * Tells people what happened to them: the organiser when a moderator approves or rejects their
 * event, a waitlisted user when a place is offered to them. Each is a notification (delivered
 * live; its id derived from the event, so a replay adds nothing) and an e-mail. Starts from the
 * head on its first run and moves its checkpoint after each, so a restart resends at most one mail.
 */
export class EventNotifier extends ProcessManager<EventNotice> {
  constructor(deps: Deps) {
    super({ name: 'event_notifier', label: 'event notifier', deps, reactionsTo: eventNotices, effects: eventNoticeEffects(deps) });
  }
}
