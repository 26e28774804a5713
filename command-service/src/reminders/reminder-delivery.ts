import type { Knex } from 'knex';
import { handleCommand } from '@circuit/shared/commands/decider';
import { notificationsStream } from '@circuit/shared/events/notifications';
import type { Bus } from '@circuit/shared/ports/bus';
import type { EventStore } from '@circuit/shared/ports/event-store';
import type { Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import { registeredAccount } from '../mail/recipient';
import { uuidFrom } from '../notifications/notification-effects';
import { publishNotification } from '../notifications/notification-publishing';
import { notificationsDecider } from '../notifications/notifications-decider';
import { allows } from '../notification-settings/settings-service';
import { switchableMail } from '../notification-settings/switchable-mail';
import { reminderMail } from './reminder-mail';
import type { ScheduledListing } from './reminder-rules';
import { markSent, type Delivery } from './reminder-tables';

export interface DeliveryDeps {
  knex: Knex;
  store: EventStore;
  bus: Bus;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  secret: string;
}

/**
 * Carries out one claimed reminder: the notification, then the mail, each only when the user has
 * not turned it off, then the record that it went. Both are keyed by the reminder's id, so carrying
 * it out again after a crash before the record (reclaimStale) adds no second notification, and the
 * mail goes again with the same Message-ID, which mail clients show once.
 */
export async function deliverReminder(deps: DeliveryDeps, delivery: Delivery, listing: ScheduledListing | null, now: Date): Promise<void> {
  const { reminderId, userId, kind, targetAt } = delivery;
  // Null: the listing was deleted or moved since the claim; there is nothing to remind of.
  if (listing) {
    if (await allows(deps.store, userId, kind, 'notification')) {
      const notificationId = uuidFrom(`${reminderId}|notification`);
      const subject = { kind: listing.listingKind, id: listing.listingId, title: listing.title, username: listing.username, reminder: { kind, at: targetAt } };
      const result = await handleCommand(deps.store, notificationsStream(userId), notificationsDecider, { type: 'Create', notificationId, userId, kind: 'listing_reminder', status: null, isOutgoing: false, fromUserId: listing.createdBy, subject, now }, { causationId: reminderId }, () => now);
      for (const e of result.events) if (e.type === 'NotificationCreated') await publishNotification(deps, e.data);
    }
    if (await allows(deps.store, userId, kind, 'email')) {
      const account = await registeredAccount(deps.store, userId);
      if (account) {
        const mail = reminderMail(account.email, account.firstName, listing, kind, targetAt, deps.publicUrl);
        const keyed = { ...mail, headers: { 'Message-ID': `<reminder-${reminderId}@${new URL(deps.publicUrl).hostname}>` } };
        await deps.mailer.send(switchableMail(keyed, kind, { secret: deps.secret, publicUrl: deps.publicUrl }));
      }
    }
  }
  await markSent(deps.knex, reminderId, now);
}
