import type { Knex } from 'knex';
import { checkedData, loadState } from '@circuit/shared/commands/decider';
import { HackathonAnnouncementEventSchemas, type AnnouncementContent } from '@circuit/shared/events/hackathon-announcements';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { hackathonStream } from '@circuit/shared/events/hackathons';
import { notificationsStream } from '@circuit/shared/events/notifications';
import type { Bus } from '@circuit/shared/ports/bus';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import type { Mail, Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import { escape, layout } from '../mail/account-mail';
import { rosterDecider } from '../hackathon-registrations/roster-decider';
import { listingFold, type ListingRef } from '../hackathons/listing-lookup';
import { initialNotificationsState, notificationsDecider } from '../notifications/notifications-decider';
import { notificationIdFor, publishNotification } from '../notifications/notifications-process-manager';
import { saveCheckpoint, subscribeFromCheckpoint } from '../process-managers/checkpoints';

const NAME = 'hackathon_announcement_notices';

const plainText = (html: string) =>
  html
    .replace(/<(br|\/p|\/li|\/h[2-4]|\/div)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The e-mail of an important announcement. `content` is the sanitised HTML the server stored. */
export function importantAnnouncementMail(to: string, firstName: string, listing: Pick<ListingRef, 'title' | 'username'>, announcement: AnnouncementContent, publicUrl: string): Mail {
  const link = `${publicUrl}/hackathons/${encodeURIComponent(listing.username)}/announcements`;
  return {
    to,
    subject: `Important: ${announcement.title} (${listing.title})`,
    text: `Hi ${firstName},\n\nThe organisers of “${listing.title}” posted an important announcement.\n\n${announcement.title}\n\n${plainText(announcement.content)}\n\nAll announcements: ${link}\n\n— Circuit`,
    html: layout(
      'Important announcement',
      `<p>Hi ${escape(firstName)},</p><p>The organisers of <strong>${escape(listing.title)}</strong> posted an important announcement.</p><h2 style="font-size:18px">${escape(announcement.title)}</h2><div>${announcement.content}</div><p><a href="${escape(link)}">See all announcements</a></p>`,
    ),
  };
}

/**
 * Tells a hackathon's registered participants of each new announcement: a notification each (its
 * id derived from the announcement event and the recipient, so a replay stores and sends nothing
 * again) delivered live through the bus, and for an `important` one an e-mail. Starts from the
 * head on its first run and moves its checkpoint after each announcement.
 */
export class AnnouncementNotifier {
  private subscription: Subscription | undefined;

  constructor(private readonly deps: { knex: Knex; store: EventStore; mailer: Mailer; bus: Bus; publicUrl: string; log: Logger }) {}

  async start(): Promise<void> {
    this.subscription = await subscribeFromCheckpoint(this.deps, NAME, {
      onEvent: (event) => this.handle(event),
      onError: (error) => this.deps.log.error({ err: error }, 'announcement notices failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  async handle(event: RecordedEvent): Promise<void> {
    if (event.type !== 'HackathonAnnouncementPosted') return;
    const d = HackathonAnnouncementEventSchemas.HackathonAnnouncementPosted.parse(event.data);
    const listing = (await loadState(this.deps.store, hackathonStream(d.hackathonId), listingFold)).state;
    if (listing.exists && !listing.deleted) {
      const roster = (await loadState(this.deps.store, hackathonRosterStream(d.hackathonId), rosterDecider)).state;
      const recipients = Object.keys(roster.participants).filter((userId) => userId !== d.byUserId);
      const fresh: string[] = [];
      for (const userId of recipients) if (await this.notify(event, userId, listing, d.announcementId, d.announcement, d.byUserId)) fresh.push(userId);
      if (d.announcement.type === 'important' && fresh.length > 0) {
        const users = (await this.deps.knex('users').whereIn('id', fresh).select('email', 'first_name')) as { email: string; first_name: string }[];
        for (const user of users) {
          await this.deps.mailer.send(importantAnnouncementMail(user.email, user.first_name, listing, d.announcement, this.deps.publicUrl)).catch((err: unknown) => this.deps.log.warn({ err }, 'could not mail an important announcement'));
        }
      }
    }
    await saveCheckpoint(this.deps.knex, NAME, event.position);
  }

  /** Appends the notification (idempotent by its id) and delivers it live; false when a replay found it stored. */
  private async notify(cause: RecordedEvent, userId: string, listing: ListingRef, announcementId: string, announcement: AnnouncementContent, authorId: string): Promise<boolean> {
    const command = {
      type: 'Create' as const,
      notificationId: notificationIdFor(cause.id, userId, 'hackathon_announcement'),
      userId,
      kind: 'hackathon_announcement' as const,
      status: null,
      isOutgoing: false,
      fromUserId: authorId,
      subject: { kind: 'hackathon' as const, id: listing.hackathonId, title: listing.title, username: listing.username, announcement: { id: announcementId, title: announcement.title, type: announcement.type } },
      now: new Date(cause.occurredAt),
    };
    const events = notificationsDecider.decide(command, initialNotificationsState());
    const metadata = { causationId: cause.id, ...(typeof cause.metadata.correlationId === 'string' ? { correlationId: cause.metadata.correlationId } : {}) };
    const result = await this.deps.store.append(
      notificationsStream(userId),
      events.map((e) => ({ id: command.notificationId, type: e.type, data: checkedData(e), metadata, occurredAt: cause.occurredAt })),
      'any',
    );
    if (result.alreadyStored) return false;
    for (const e of events) if (e.type === 'NotificationCreated') await publishNotification(this.deps, e.data);
    return true;
  }

}
