import type { Knex } from 'knex';
import { HackathonEventSchemas, hackathonStream, type HackathonContent } from '@circuit/shared/events/hackathons';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Mail, Mailer } from '@circuit/shared/ports/mailer';
import type { Logger } from '@circuit/shared/logger';
import type { Bus } from '@circuit/shared/ports/bus';
import { listingReviewMail } from '../mail/review-mail';
import { registeredAccount } from '../mail/recipient';
import { notifyByCommand, uuidFrom } from '../notifications/notification-effects';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import { reviewOf } from '../listings/listing-review';
import { hackathonListing } from './hackathon-decider';
import { sendSwitchable } from '../notification-settings/switchable-mail';

type Deps = { knex: Knex; store: EventStore; mailer: Mailer; bus: Bus; publicUrl: string; log: Logger; secret: string };

export function hackathonReviewMail(to: string, firstName: string, content: Pick<HackathonContent, 'title' | 'username'>, publicUrl: string, rejection: string | null): Mail {
  return listingReviewMail(to, firstName, { noun: 'hackathon', title: content.title, link: `${publicUrl}/hackathons/${encodeURIComponent(content.username)}` }, rejection);
}

/** A moderator's verdict on a hackathon, for its organiser; `rejection` is the reason, null when approved. */
export interface HackathonReviewed {
  hackathonId: string;
  moderator: string;
  rejection: string | null;
}

export function hackathonReviews(event: RecordedEvent): HackathonReviewed[] {
  const review = reviewOf(hackathonListing, event);
  return review ? [{ hackathonId: review.id, moderator: review.moderator, rejection: review.rejection }] : [];
}

/** The organiser and the listing's current title and username are read from the hackathon's stream. */
function reviewEffects(deps: Deps): ReactionEffects<HackathonReviewed> {
  return {
    async carryOut({ hackathonId: reviewed, moderator, rejection }, cause) {
      const listing = await deps.store.readStream(hackathonStream(reviewed));
      const created = listing.find((e) => e.type === 'HackathonCreated');
      if (!created) return;
      const { hackathonId, createdBy, content } = HackathonEventSchemas.HackathonCreated.parse(created.data);
      const latest = [...listing].reverse().find((e) => e.type === 'HackathonUpdated');
      const current = latest ? HackathonEventSchemas.HackathonUpdated.parse(latest.data).content : content;
      await notifyByCommand(deps, cause, {
        notificationId: uuidFrom(`${cause.id}|${createdBy}|review`),
        userId: createdBy,
        kind: rejection === null ? 'hackathon_approved' : 'hackathon_rejected',
        status: null,
        isOutgoing: false,
        fromUserId: moderator,
        subject: { kind: 'hackathon', id: hackathonId, title: current.title, username: current.username, ...(rejection === null ? {} : { reason: rejection }) },
      });
      const account = await registeredAccount(deps.store, createdBy);
      if (account) await sendSwitchable(deps, createdBy, 'listing_review', hackathonReviewMail(account.email, account.firstName, current, deps.publicUrl, rejection));
    },
  };
}

/**
 * Tells the organiser when a moderator approves or rejects their hackathon: a notification (its id
 * derived from the review event, so a replay adds nothing) and an e-mail. Starts from the head on
 * its first run and moves its checkpoint after each review, so a restart resends at most the one
 * mail in flight.
 */
export class HackathonReviewNotifier extends ProcessManager<HackathonReviewed> {
  constructor(deps: Deps) {
    super({ name: 'hackathon_review_mail', label: 'hackathon review mail', deps, reactionsTo: hackathonReviews, effects: reviewEffects(deps) });
  }
}
