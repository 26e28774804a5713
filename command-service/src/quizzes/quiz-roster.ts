import type { DomainEvent, EventData } from '@circuit/shared/events/catalogue';
import { notFound, refused } from '@circuit/shared/commands/domain-errors';
import { QuizMessages as M } from '@circuit/shared/validation/quizzes';
import { rosterDecider, type RosterCommand, type RosterDecider } from '../registrations/roster-decider';
import type { PaymentStatus, RosterDefinition, RosterState } from '../registrations/roster-definition';
import { registrationOpen, type QuizInfo } from './quiz-info';

/**
 * The roster of one quiz (`quiz-roster-<id>`): who is registered and where their payment stands,
 * decided by the roster core (registrations/) on this definition. A paid quiz's registration
 * waits for its payment with no time limit; a failed payment keeps the place, payable again; once
 * the quiz is deleted a payment that completes is refunded. No unregistering, no waitlist.
 * Registrations stored on `quiz-<id>` before the roster had a stream of its own are folded first
 * (quiz-roster-store.ts).
 */
export type QuizRosterEvent = DomainEvent<'QuizParticipantRegistered' | 'QuizPaymentCompleted' | 'QuizPaymentFailed' | 'QuizPaymentUnplaced'>;
type Profile = EventData<'QuizParticipantRegistered'>['profile'];
export type QuizRosterState = RosterState<Profile, null>;
export type QuizRosterCommand = RosterCommand<QuizInfo, Profile>;

export const quizRoster: RosterDefinition<QuizInfo, Profile, QuizRosterEvent> = {
  listing: { key: 'quizId', idOf: (quiz) => quiz.quizId },
  messages: { notFound: M.notFound, alreadyRegistered: M.alreadyRegistered, full: M.quizFull, notRegistered: M.notRegistered },
  entry: { event: 'QuizParticipantRegistered', data: ({ profile, payment }) => ({ profile, paymentStatus: payment?.status }) },
  // A quiz not (yet) approved is not there for its participants.
  admits: (quiz) => {
    if (quiz.status !== 'accepted') throw notFound(M.notFound);
  },
  admitsNewcomer: (quiz, now) => {
    if (!registrationOpen(quiz, now)) throw refused(M.registrationClosed);
  },
  capacity: (quiz) => quiz.maxParticipants,
  payments: {
    by: 'entrant',
    events: { paid: 'QuizPaymentCompleted', failed: 'QuizPaymentFailed', unplaced: 'QuizPaymentUnplaced' },
    paymentsEndWithListing: true,
    refund: { reason: 'The quiz was deleted before the payment completed', tellPayer: 'came through after the quiz had been withdrawn by its organiser' },
  },
};

const core = rosterDecider(quizRoster);

/** The roster's fold; the listing's events of `quiz-<id>` pass by it. */
export const { initialState: initialQuizRoster, evolve: evolveQuizRoster } = core;

/** The roster's decider, starting from what `quiz-<id>` already holds (`prior`; the empty roster for a quiz registered only since). */
export function quizRosterDecider(prior: QuizRosterState = initialQuizRoster()): RosterDecider<QuizInfo, Profile, QuizRosterEvent, null> {
  return { ...core, initialState: () => prior };
}

/** Where the user's registration stands (undefined: not registered). */
export const registrationOf = (state: QuizRosterState, userId: string): PaymentStatus | undefined => (state.entrants[userId] ? state.payments[userId]?.status : undefined);
