import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent, EventData } from '@circuit/shared/events/catalogue';
import { conflict, forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { QuizMessages as M } from '@circuit/shared/validation/quizzes';
import { registrationOpen, type QuizInfo } from './quiz-info';

/**
 * The roster of one quiz (`quiz-roster-<id>`): who is registered and where their payment stands.
 * Capacity and one registration per user are decided on this one state, appended with the
 * expected revision. Registrations stored on `quiz-<id>` before the roster had a stream of its own
 * are folded first (quiz-roster-store.ts).
 */
export type PaymentStatus = 'completed' | 'pending' | 'failed';

export interface QuizRosterState {
  participants: Readonly<Record<string, PaymentStatus>>;
  count: number;
  /** Orders paid after the quiz was deleted (each refunded once). */
  unplacedOrders: readonly string[];
}

export type QuizRosterEvent = DomainEvent<'QuizParticipantRegistered' | 'QuizPaymentCompleted' | 'QuizPaymentFailed' | 'QuizPaymentUnplaced'>;
type Profile = EventData<'QuizParticipantRegistered'>['profile'];

interface On {
  quiz: QuizInfo;
  now: Date;
}

export type QuizRosterCommand =
  | ({ type: 'Register'; userId: string; profile: Profile } & On)
  | ({ type: 'CompletePayment'; userId: string; orderId: string; paymentId: string } & On)
  | ({ type: 'FailPayment'; userId: string; orderId: string; reason: string } & On);

export const initialQuizRoster = (): QuizRosterState => ({ participants: {}, count: 0, unplacedOrders: [] });

/** Folds the roster's events; any other event of `quiz-<id>` (the listing's) passes by. */
export function evolveQuizRoster(state: QuizRosterState, event: { type: string; data: unknown }): QuizRosterState {
  const e = event as QuizRosterEvent;
  switch (e.type) {
    case 'QuizParticipantRegistered':
      return { ...state, participants: { ...state.participants, [e.data.userId]: e.data.paymentStatus }, count: state.count + 1 };
    case 'QuizPaymentCompleted':
      return { ...state, participants: { ...state.participants, [e.data.userId]: 'completed' } };
    case 'QuizPaymentFailed':
      return { ...state, participants: { ...state.participants, [e.data.userId]: 'failed' } };
    case 'QuizPaymentUnplaced':
      return { ...state, unplacedOrders: [...state.unplacedOrders, e.data.orderId] };
    default:
      return state;
  }
}

function decideQuizRoster(command: QuizRosterCommand, state: QuizRosterState): QuizRosterEvent[] {
  const { quiz, now } = command;
  const at = now.toISOString();
  const live = quiz.exists && !quiz.deleted;
  switch (command.type) {
    case 'Register': {
      if (!live || quiz.status !== 'accepted') throw notFound(M.notFound);
      if (command.userId in state.participants) throw conflict(M.alreadyRegistered);
      if (!registrationOpen(quiz, now)) throw refused(M.registrationClosed);
      if (state.count >= quiz.maxParticipants) throw conflict(M.quizFull);
      const paymentStatus = quiz.pricing.type === 'paid' ? 'pending' : 'completed';
      return [{ type: 'QuizParticipantRegistered', data: { quizId: quiz.quizId, userId: command.userId, profile: command.profile, paymentStatus, at } }];
    }
    case 'CompletePayment': {
      if (quiz.exists && quiz.deleted) {
        // Paid while the quiz was being deleted: the payment is given back, once.
        if (state.unplacedOrders.includes(command.orderId)) return [];
        return [{ type: 'QuizPaymentUnplaced', data: { quizId: quiz.quizId, userId: command.userId, orderId: command.orderId, paymentId: command.paymentId, at } }];
      }
      if (!live) throw notFound(M.notFound);
      if (!(command.userId in state.participants)) throw forbidden(M.notRegistered);
      // A paid registration never goes back; a repeat (webhook after verify) records nothing.
      if (state.participants[command.userId] === 'completed') return [];
      return [{ type: 'QuizPaymentCompleted', data: { quizId: quiz.quizId, userId: command.userId, orderId: command.orderId, paymentId: command.paymentId, at } }];
    }
    case 'FailPayment':
      if (quiz.deleted) return [];
      if (!live) throw notFound(M.notFound);
      if (state.participants[command.userId] !== 'pending') return [];
      return [{ type: 'QuizPaymentFailed', data: { quizId: quiz.quizId, userId: command.userId, orderId: command.orderId, reason: command.reason, at } }];
  }
}

/** The roster's decider, starting from what `quiz-<id>` already holds (`prior`; the empty roster for a quiz registered only since). */
export function quizRosterDecider(prior: QuizRosterState = initialQuizRoster()): Decider<QuizRosterState, QuizRosterCommand, QuizRosterEvent> {
  return { initialState: () => prior, evolve: evolveQuizRoster, decide: decideQuizRoster };
}
