import { chargeOf } from '../listings/listing-view';
import type { QuizState } from './quiz-decider';

/**
 * What a quiz's roster needs to know of the quiz, derived from its listing state (`quiz-<id>`,
 * quiz-decider.ts) as HackathonInfo and EventInfo are from theirs. Pure: the roster decider gets it
 * inside its commands.
 */
export interface QuizInfo {
  quizId: string;
  exists: boolean;
  deleted: boolean;
  status: 'pending' | 'accepted' | 'rejected';
  maxParticipants: number;
  /** The registration window (ISO), judged by the server's clock. */
  registrationStartDate: string;
  registrationEndDate: string;
  /** 'paid' only with an amount above 0, as the quiz form stores it. */
  pricing: { type: 'free' | 'paid'; amount: number; currency: string };
}

/** `quizId` from the caller: a quiz that does not exist has none in its state. */
export function quizInfoOf(quizId: string, state: QuizState): QuizInfo {
  const content = state.content;
  return {
    quizId,
    exists: state.exists && content !== null,
    deleted: state.deleted,
    status: state.status,
    maxParticipants: content?.maxParticipants ?? 0,
    registrationStartDate: content?.dates.registrationStartDate ?? '',
    registrationEndDate: content?.dates.registrationEndDate ?? '',
    pricing: chargeOf(content?.pricing, 'INR'),
  };
}

/** Whether the quiz takes registrations at `now`. */
export const registrationOpen = (quiz: QuizInfo, now: Date) => Date.parse(quiz.registrationStartDate) <= now.getTime() && now.getTime() <= Date.parse(quiz.registrationEndDate);
