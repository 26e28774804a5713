import type { Knex } from 'knex';
import { AccountEventSchemas, userStream } from '@circuit/shared/events/accounts';
import { HackathonEventSchemas, hackathonStream, type HackathonContent } from '@circuit/shared/events/hackathons';
import type { EventStore, RecordedEvent, Subscription } from '@circuit/shared/ports/event-store';
import type { Mail, Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import { handleCommand } from '@circuit/shared/commands/decider';
import { notificationsStream } from '@circuit/shared/events/notifications';
import { escape, layout } from '../mail/account-mail';
import { notificationsDecider } from '../notifications/notifications-decider';
import { publishNotification, uuidFrom } from '../notifications/notifications-process-manager';
import type { Bus } from '@circuit/shared/ports/bus';
import { saveCheckpoint, subscribeFromCheckpoint } from '../process-managers/checkpoints';

const NAME = 'hackathon_review_mail';

export function hackathonReviewMail(to: string, firstName: string, content: Pick<HackathonContent, 'title' | 'username'>, publicUrl: string, rejection: string | null): Mail {
  const link = `${publicUrl}/hackathons/${encodeURIComponent(content.username)}`;
  if (rejection === null) {
    return {
      to,
      subject: `Your hackathon “${content.title}” is live on Circuit`,
      text: `Hi ${firstName},\n\n“${content.title}” was approved and is now public: ${link}\n\n— Circuit`,
      html: layout('Your hackathon is live', `<p>Hi ${escape(firstName)},</p><p><strong>${escape(content.title)}</strong> was approved and is now public.</p><p><a href="${escape(link)}">Open its page</a></p>`),
    };
  }
  return {
    to,
    subject: `Your hackathon “${content.title}” needs changes`,
    text: `Hi ${firstName},\n\n“${content.title}” was not approved. The reviewer wrote:\n\n${rejection}\n\nEdit it and it will be reviewed again: ${link}/edit\n\n— Circuit`,
    html: layout('Your hackathon needs changes', `<p>Hi ${escape(firstName)},</p><p><strong>${escape(content.title)}</strong> was not approved. The reviewer wrote:</p><blockquote>${escape(rejection)}</blockquote><p><a href="${escape(link)}/edit">Edit it</a> and it will be reviewed again.</p>`),
  };
}

/**
 * Tells the organiser when a moderator approves or rejects their hackathon: a notification (its id
 * derived from the review event, so a replay adds nothing) and an e-mail. Starts from the head on
 * its first run and moves its checkpoint after each review, so a restart resends at most the one
 * mail in flight.
 */
export class HackathonReviewNotifier {
  private subscription: Subscription | undefined;

  constructor(private readonly deps: { knex: Knex; store: EventStore; mailer: Mailer; bus: Bus; publicUrl: string; log: Logger }) {}

  async start(): Promise<void> {
    this.subscription = await subscribeFromCheckpoint(this.deps, NAME, {
      onEvent: (event) => this.handle(event),
      onError: (error) => this.deps.log.error({ err: error }, 'hackathon review mail failed; retrying'),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }


  async handle(event: RecordedEvent): Promise<void> {
    if (event.type !== 'HackathonApproved' && event.type !== 'HackathonRejected') return;
    const rejection = event.type === 'HackathonRejected' ? HackathonEventSchemas.HackathonRejected.parse(event.data).reason : null;
    const listing = await this.deps.store.readStream(hackathonStream(HackathonEventSchemas.HackathonApproved.pick({ hackathonId: true }).parse(event.data).hackathonId));
    const created = listing.find((e) => e.type === 'HackathonCreated');
    if (created) {
      const { hackathonId, createdBy, content } = HackathonEventSchemas.HackathonCreated.parse(created.data);
      const latest = [...listing].reverse().find((e) => e.type === 'HackathonUpdated');
      const current = latest ? HackathonEventSchemas.HackathonUpdated.parse(latest.data).content : content;
      const moderator = HackathonEventSchemas.HackathonApproved.pick({ byUserId: true }).parse(event.data).byUserId;
      const result = await handleCommand(
        this.deps.store,
        notificationsStream(createdBy),
        notificationsDecider,
        {
          type: 'Create',
          notificationId: uuidFrom(`${event.id}|${createdBy}|review`),
          userId: createdBy,
          kind: rejection === null ? 'hackathon_approved' : 'hackathon_rejected',
          status: null,
          isOutgoing: false,
          fromUserId: moderator,
          subject: { kind: 'hackathon', id: hackathonId, title: current.title, username: current.username, ...(rejection === null ? {} : { reason: rejection }) },
          now: new Date(event.occurredAt),
        },
        { causationId: event.id },
      );
      for (const e of result.events) if (e.type === 'NotificationCreated') await publishNotification(this.deps, e.data);
      const user = (await this.deps.store.readStream(userStream(createdBy))).find((e) => e.type === 'UserRegistered');
      if (user) {
        const { email, firstName } = AccountEventSchemas.UserRegistered.parse(user.data);
        await this.deps.mailer.send(hackathonReviewMail(email, firstName, current, this.deps.publicUrl, rejection));
      }
    }
    await saveCheckpoint(this.deps.knex, NAME, event.position);
  }
}
