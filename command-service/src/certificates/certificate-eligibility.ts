import { loadState } from '@circuit/shared/commands/decider';
import { checkedInAt, checkInFacts } from '@circuit/shared/certificates/check-in-facts';
import { checkInStream } from '@circuit/shared/events/check-in';
import type { CertificateFacts } from '@circuit/shared/events/certificates';
import { eventRosterStream } from '@circuit/shared/events/event-registrations';
import { hackathonJudgingStream } from '@circuit/shared/events/hackathon-judging';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { quizAttemptStream, quizRosterStream, quizStream } from '@circuit/shared/events/quizzes';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { rankAttempts, scoreAttempt } from '@circuit/shared/quizzes/scoring';
import { rosterDecider as eventRosterDecider } from '../events/roster-decider';
import { rosterDecider as hackathonRosterDecider } from '../hackathon-registrations/roster-decider';
import { loadQuizRoster } from '../quizzes/quiz-roster-store';
import { attemptDecider } from '../quizzes/attempt-decider';
import { findJudgingListing } from '../hackathon-judging/judging-listing';
import { deadlineOf, judgingFold } from '../hackathon-judging/judging-fold';
import { submittedProjects } from '../hackathon-projects/entrants';
import type { Candidate, CertifiedListing } from './certificate-decider';
import { loadQuiz, nameOf } from './certified-listing';

/**
 * Who is eligible for a listing's certificates, decided from the command side's own streams (the roster,
 * the check-in stream, the judging stream, the quiz attempts), never from read models:
 *
 * - event: participation for each registrant whose place is paid (or free) and who is checked in now;
 * - hackathon: participation for each registrant checked in, or a member of a project judged (an online
 *   hackathon has no door); achievement for each member of a published winner (the best place they won);
 * - quiz: participation for each completed attempt; achievement for the top ranks (QUIZ_TOP_RANKS) of the
 *   quiz's own scoring (shared/src/quizzes/scoring.ts) with the current answer key and marking.
 */
export const QUIZ_TOP_RANKS = 3;

const noFacts: CertificateFacts = { registeredAt: null, checkedInAt: null, rank: null, prize: null, score: null, completedAt: null, projectId: null };

/** When each user's place was taken, from the roster streams' entry events (the last one, after a re-registration). */
async function registrationTimes(store: EventStore, streams: readonly string[], entryEvent: string): Promise<Map<string, string>> {
  const times = new Map<string, string>();
  for (const stream of streams) {
    for (const event of await store.readStream(stream)) {
      if (event.type !== entryEvent) continue;
      const data = event.data as { userId?: unknown; at?: unknown };
      if (typeof data.userId === 'string' && typeof data.at === 'string') times.set(data.userId, data.at);
    }
  }
  return times;
}

async function checkIns(store: EventStore, listing: CertifiedListing) {
  return checkInFacts(await store.readStream(checkInStream(listing.listingKind, listing.listingId)));
}

async function named(store: EventStore, drafts: Omit<Candidate, 'holderName'>[]): Promise<Candidate[]> {
  return Promise.all(drafts.map(async (d) => ({ ...d, holderName: await nameOf(store, d.holderId) })));
}

async function eventCandidates(store: EventStore, listing: CertifiedListing): Promise<Omit<Candidate, 'holderName'>[]> {
  const [{ state: roster }, doors, registered] = await Promise.all([
    loadState(store, eventRosterStream(listing.listingId), eventRosterDecider),
    checkIns(store, listing),
    registrationTimes(store, [eventRosterStream(listing.listingId)], 'EventAttendeeRegistered'),
  ]);
  return Object.keys(roster.entrants).flatMap((userId) => {
    const at = checkedInAt(doors, userId);
    const paid = roster.payments[userId]?.status !== 'pending' && roster.payments[userId]?.status !== 'failed';
    return at && paid ? [{ holderId: userId, kind: 'participation' as const, facts: { ...noFacts, registeredAt: registered.get(userId) ?? null, checkedInAt: at } }] : [];
  });
}

async function hackathonCandidates(store: EventStore, listing: CertifiedListing): Promise<Omit<Candidate, 'holderName'>[]> {
  const judgingListing = await findJudgingListing(store, listing.listingId);
  const [{ state: roster }, { state: judging }, doors, registered] = await Promise.all([
    loadState(store, hackathonRosterStream(listing.listingId), hackathonRosterDecider),
    loadState(store, hackathonJudgingStream(listing.listingId), judgingFold),
    checkIns(store, listing),
    registrationTimes(store, [hackathonRosterStream(listing.listingId)], 'HackathonParticipantRegistered'),
  ]);
  const projects = await submittedProjects(store, judgingListing, deadlineOf(judging, judgingListing.endDate));
  const membersOf = new Map(projects.map((p) => [p.projectId, p.memberIds]));
  const inProject = new Set(projects.flatMap((p) => p.memberIds));
  const base = (userId: string) => ({ ...noFacts, registeredAt: registered.get(userId) ?? null, checkedInAt: checkedInAt(doors, userId) });

  const participation = Object.keys(roster.entrants)
    .filter((userId) => checkedInAt(doors, userId) !== null || inProject.has(userId))
    .map((userId) => ({ holderId: userId, kind: 'participation' as const, facts: base(userId) }));

  // A member of two winning projects' teams, or of a project winning two prizes, holds one achievement: the best place, a prize of the whole hackathon first.
  const winners = [...(judging.winners ?? [])].sort((a, b) => a.place - b.place || Number(a.trackId !== null) - Number(b.trackId !== null));
  const achieved = new Map<string, Omit<Candidate, 'holderName'>>();
  for (const w of winners) {
    for (const userId of membersOf.get(w.projectId) ?? [w.projectId]) {
      if (achieved.has(userId) || !roster.entrants[userId]) continue;
      achieved.set(userId, { holderId: userId, kind: 'achievement', facts: { ...base(userId), rank: w.place, prize: w.prize, projectId: w.projectId } });
    }
  }
  return [...participation, ...achieved.values()];
}

async function quizCandidates(store: EventStore, listing: CertifiedListing): Promise<Omit<Candidate, 'holderName'>[]> {
  const [quiz, roster, doors, registered] = await Promise.all([
    loadQuiz(store, listing.listingId),
    loadQuizRoster(store, listing.listingId),
    checkIns(store, listing),
    registrationTimes(store, [quizStream(listing.listingId), quizRosterStream(listing.listingId)], 'QuizParticipantRegistered'),
  ]);
  const attempts = await Promise.all(
    Object.keys(roster.entrants).map(async (userId) => ({ userId, attempt: (await loadState(store, quizAttemptStream(listing.listingId, userId), attemptDecider)).state })),
  );
  const completed = attempts.flatMap(({ userId, attempt }) => {
    if (!attempt.submitted) return [];
    const score = scoreAttempt(quiz.answerKey, attempt.answers, quiz.marking);
    const completedAt = new Date(Date.parse(attempt.startedAt) + attempt.timeTaken * 1000).toISOString();
    return [{ userId, calculatedMarks: score.calculatedMarks, timeTaken: attempt.timeTaken, outOf: score.totalQuestions * quiz.marking.correct, completedAt }];
  });
  return rankAttempts(completed).flatMap((row) => {
    const facts: CertificateFacts = {
      ...noFacts,
      registeredAt: registered.get(row.userId) ?? null,
      checkedInAt: checkedInAt(doors, row.userId),
      completedAt: row.completedAt,
      score: { marks: row.calculatedMarks, outOf: row.outOf },
      rank: row.rank,
    };
    const participation = { holderId: row.userId, kind: 'participation' as const, facts };
    return row.rank <= QUIZ_TOP_RANKS ? [participation, { holderId: row.userId, kind: 'achievement' as const, facts }] : [participation];
  });
}

/** Everyone eligible now, with their names and facts. */
export async function candidatesOf(store: EventStore, listing: CertifiedListing): Promise<Candidate[]> {
  const drafts = listing.listingKind === 'event' ? await eventCandidates(store, listing) : listing.listingKind === 'hackathon' ? await hackathonCandidates(store, listing) : await quizCandidates(store, listing);
  return named(store, drafts);
}
