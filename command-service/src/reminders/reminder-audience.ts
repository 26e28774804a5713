import type { Knex } from 'knex';
import { loadState } from '@circuit/shared/commands/decider';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import { hackathonProjectStream } from '@circuit/shared/events/hackathon-projects';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { rosterDecider as eventRosterDecider } from '../events/roster-decider';
import { loadQuizRoster } from '../quizzes/quiz-roster-store';
import { entrantsOf, loadRoster } from '../hackathon-projects/entrants';
import { projectFold } from '../hackathon-projects/project-submission-decider';
import { findJudgingListing } from '../hackathon-judging/judging-listing';
import type { ListingKindName, ReminderKind } from './reminder-rules';
import { saversOf } from './reminder-tables';

/** Who holds a place on the listing's roster now (paid, or with the payment still due), from the roster's own stream. */
async function registered(store: EventStore, listingKind: ListingKindName, listingId: string): Promise<string[]> {
  switch (listingKind) {
    case 'event':
      return Object.keys((await loadState(store, eventRosterStream(listingId), eventRosterDecider)).state.entrants);
    case 'hackathon':
      return Object.keys((await loadRoster(store, listingId)).entrants);
    case 'quiz':
      return Object.keys((await loadQuizRoster(store, listingId)).entrants);
  }
}

/** The members of every team (or solo participant) that may enter a project and has none submitted. */
async function withoutSubmission(store: EventStore, hackathonId: string): Promise<string[]> {
  const listing = await findJudgingListing(store, hackathonId);
  const entrants = entrantsOf(await loadRoster(store, hackathonId), listing);
  const unsubmitted = await Promise.all(
    entrants.map(async (entrant) => {
      const { state } = await loadState(store, hackathonProjectStream(hackathonId, entrant.entrantId), projectFold);
      return state.submissions.length > 0 && !state.withdrawn ? [] : entrant.memberIds;
    }),
  );
  return unsubmitted.flat();
}

/** Who a reminder of this kind about this listing is for, read from the command side's streams and tables. */
export async function audienceOf(deps: { knex: Knex; store: EventStore }, kind: ReminderKind, listingKind: ListingKindName, listingId: string): Promise<string[]> {
  switch (kind) {
    case 'reminder_starts_24h':
    case 'reminder_starts_1h':
      return registered(deps.store, listingKind, listingId);
    case 'reminder_submission':
      return listingKind === 'hackathon' ? withoutSubmission(deps.store, listingId) : [];
    case 'reminder_registration_closing': {
      const taken = new Set(await registered(deps.store, listingKind, listingId));
      return (await saversOf(deps.knex, listingKind, listingId)).filter((userId) => !taken.has(userId));
    }
  }
}
