import type { Knex } from 'knex';
import { handleCommand, loadState } from '@circuit/shared/commands/decider';
import type { EventData } from '@circuit/shared/events/catalogue';
import { hackathonAnnouncementsStream } from '@circuit/shared/events/hackathon-announcements';
import { HackathonJudgingEventSchemas, hackathonJudgingStream } from '@circuit/shared/events/hackathon-judging';
import { hackathonProjectStream } from '@circuit/shared/events/hackathon-projects';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import type { Logger } from '@circuit/shared/logger';
import type { AnnouncementForm, WinnerForm } from '@circuit/shared/validation/hackathon-announcements';
import { accountOf } from '../accounts/actors';
import { announcementsDecider } from '../hackathon-announcements/announcement-decider';
import { announcementContentOf } from '../hackathon-announcements/announcement-service';
import { judgedSubmission, projectFold } from '../hackathon-projects/project-submission-decider';
import { findListing, type ListingRef } from '../hackathons/listing-lookup';
import { uuidFrom } from '../notifications/notification-effects';
import { ProcessManager, type ReactionEffects } from '../process-managers/process-manager';
import { deadlineOf, judgingFold, tracksOf } from './judging-fold';
import { findJudgingListing } from './judging-listing';

type Deps = { knex: Knex; store: EventStore; log: Logger };

export type WinnersPublished = EventData<'HackathonWinnersPublished'>;

export function resultsNotices(event: RecordedEvent): WinnersPublished[] {
  return event.type === 'HackathonWinnersPublished' ? [HackathonJudgingEventSchemas.HackathonWinnersPublished.parse(event.data)] : [];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The results announcement: the winners by place, each filled from the project's judged version and its team. */
export function resultsAnnouncement(listing: Pick<ListingRef, 'title'>, winners: readonly WinnerForm[]): AnnouncementForm {
  const lines = winners.map((w) => `<li><strong>${escapeHtml(w.prize)}</strong>${w.track ? ` (${escapeHtml(w.track)})` : ''}: ${escapeHtml(w.projectName)} by ${escapeHtml(w.teamName)}</li>`);
  return {
    type: 'results',
    title: `Results of ${listing.title}`,
    content: `<p>The winners of ${escapeHtml(listing.title)} are out. Congratulations to every team!</p><ul>${lines.join('')}</ul>`,
    results: { winners: [...winners], specialAwards: [] },
  };
}

/**
 * Carries a publication out: one results announcement, its id derived from the publishing event,
 * so a replay posts nothing again (the announcement decider records an id once). The participants
 * are notified by the announcement notifier, as of every announcement: one notification each, not
 * two. The announcement is posted in the publisher's name with the organiser's rights the judging
 * decider checked when it accepted the publication (a later role change must not make a replay fail forever).
 */
function resultsEffects(deps: Deps): ReactionEffects<WinnersPublished> {
  async function winnerOf(hackathonId: string, deadline: string, trackNames: ReadonlyMap<string, string>, winner: WinnersPublished['winners'][number]): Promise<WinnerForm | null> {
    const { state } = await loadState(deps.store, hackathonProjectStream(hackathonId, winner.projectId), projectFold);
    const judged = judgedSubmission(state, deadline);
    if (!judged) return null;
    const members = await Promise.all(judged.memberIds.map((userId) => accountOf(deps.store, userId)));
    const teamMembers = members.flatMap((account) => (account ? [{ name: `${account.profile.firstName} ${account.profile.lastName}`.trim() || account.profile.username, email: '', role: '' }] : []));
    return {
      rank: winner.place,
      track: winner.trackId ? (trackNames.get(winner.trackId) ?? '') : '',
      teamName: judged.teamName ?? teamMembers[0]?.name ?? judged.version.title,
      projectName: judged.version.title,
      projectDescription: judged.version.tagline,
      prize: winner.prize,
      teamMembers,
      pptLink: '',
      videoLink: /^https?:\/\//i.test(judged.version.links.video) ? judged.version.links.video : '',
    };
  }

  return {
    async carryOut(published, cause) {
      const listing = await findListing(deps.store, published.hackathonId);
      if (!listing.exists || listing.deleted) return;
      const judgingListing = await findJudgingListing(deps.store, published.hackathonId);
      const judging = (await loadState(deps.store, hackathonJudgingStream(published.hackathonId), judgingFold)).state;
      const deadline = deadlineOf(judging, judgingListing.endDate);
      const trackNames = new Map(tracksOf(judging).map((t) => [t.id, t.name]));
      const winners = (await Promise.all(published.winners.map((w) => winnerOf(published.hackathonId, deadline, trackNames, w)))).filter((w): w is WinnerForm => w !== null);
      if (winners.length === 0) return;
      const announcement = announcementContentOf(resultsAnnouncement(listing, winners));
      await handleCommand(
        deps.store,
        hackathonAnnouncementsStream(published.hackathonId),
        announcementsDecider,
        { type: 'PostAnnouncement', announcementId: uuidFrom(`${cause.id}|results-announcement`), announcement, listing, actor: { userId: published.byUserId, role: 'admin' }, now: new Date(cause.occurredAt) },
        { userId: published.byUserId, causationId: cause.id },
      );
    },
  };
}

/** Turns each publication of winners into a results announcement (see resultsEffects). */
export class ResultsNotifier extends ProcessManager<WinnersPublished> {
  constructor(deps: Deps) {
    super({ name: 'hackathon_results_notices', label: 'results notices', deps, reactionsTo: resultsNotices, effects: resultsEffects(deps) });
  }
}
