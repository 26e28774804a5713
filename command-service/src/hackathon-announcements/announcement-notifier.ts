import type { Knex } from 'knex';
import { loadState } from '@circuit/shared/commands/decider';
import type { EventData } from '@circuit/shared/events/catalogue';
import { HackathonAnnouncementEventSchemas, type AnnouncementContent } from '@circuit/shared/events/hackathon-announcements';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { hackathonStream } from '@circuit/shared/events/hackathons';
import type { Bus } from '@circuit/shared/ports/bus';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Mail, Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import { escape, layout } from '../mail/account-mail';
import { rosterDecider } from '../hackathon-registrations/roster-decider';
import { listingFold, type ListingRef } from '../hackathons/listing-lookup';
import { createNotification, notificationIdFor } from '../notifications/notification-effects';
import { accountOf } from '../accounts/actors';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import { sendSwitchable } from '../notification-settings/switchable-mail';

type Deps = { knex: Knex; store: EventStore; mailer: Mailer; bus: Bus; publicUrl: string; log: Logger; secret: string };

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

/** An announcement for the hackathon's participants; who they are the effects read from its roster. */
export type AnnouncementPosted = EventData<'HackathonAnnouncementPosted'>;

export function announcementNotices(event: RecordedEvent): AnnouncementPosted[] {
  return event.type === 'HackathonAnnouncementPosted' ? [HackathonAnnouncementEventSchemas.HackathonAnnouncementPosted.parse(event.data)] : [];
}

/**
 * Every registered participant but the author gets a notification (its id derived from the
 * announcement event and the recipient, so a replay stores and sends nothing again) delivered live
 * through the bus, and for an `important` one an e-mail; nobody, once the listing is deleted.
 */
function announcementEffects(deps: Deps): ReactionEffects<AnnouncementPosted> {
  /** Appends the notification (idempotent by its id) and delivers it live; false when a replay found it stored. */
  async function notify(cause: RecordedEvent, userId: string, listing: ListingRef, { announcementId, announcement, byUserId }: AnnouncementPosted): Promise<boolean> {
    const command = {
      type: 'Create' as const,
      notificationId: notificationIdFor(cause.id, userId, 'hackathon_announcement'),
      userId,
      kind: 'hackathon_announcement' as const,
      status: null,
      isOutgoing: false,
      fromUserId: byUserId,
      subject: { kind: 'hackathon' as const, id: listing.hackathonId, title: listing.title, username: listing.username, announcement: { id: announcementId, title: announcement.title, type: announcement.type } },
      now: new Date(cause.occurredAt),
    };
    const metadata = { causationId: cause.id, ...(typeof cause.metadata.correlationId === 'string' ? { correlationId: cause.metadata.correlationId } : {}) };
    return !(await createNotification(deps, cause, command, metadata)).alreadyStored;
  }

  return {
    async carryOut(posted, cause) {
      const listing = (await loadState(deps.store, hackathonStream(posted.hackathonId), listingFold)).state;
      if (!listing.exists || listing.deleted) return;
      const roster = (await loadState(deps.store, hackathonRosterStream(posted.hackathonId), rosterDecider)).state;
      const recipients = Object.keys(roster.entrants).filter((userId) => userId !== posted.byUserId);
      const fresh: string[] = [];
      for (const userId of recipients) if (await notify(cause, userId, listing, posted)) fresh.push(userId);
      if (posted.announcement.type !== 'important' || fresh.length === 0) return;
      for (const userId of fresh) {
        // The address and the name as the participant's own account holds them now.
        const account = await accountOf(deps.store, userId);
        if (!account) continue;
        const { email, firstName } = account.profile;
        await sendSwitchable(deps, userId, 'announcement', importantAnnouncementMail(email, firstName, listing, posted.announcement, deps.publicUrl)).catch((err: unknown) => deps.log.warn({ err }, 'could not mail an important announcement'));
      }
    },
  };
}

/**
 * Tells a hackathon's registered participants of each new announcement (see announcementEffects).
 * Starts from the head on its first run and moves its checkpoint after each announcement.
 */
export class AnnouncementNotifier extends ProcessManager<AnnouncementPosted> {
  constructor(deps: Deps) {
    super({ name: 'hackathon_announcement_notices', label: 'announcement notices', deps, reactionsTo: announcementNotices, effects: announcementEffects(deps) });
  }
}
