import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { quizSaveStream, quizStream, type QuizContent } from '@circuit/shared/events/quizzes';
import { conflict, forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { DEFAULT_MARKING, QuizMessages as M } from '@circuit/shared/validation/quizzes';
import type { Marking } from '@circuit/shared/quizzes/scoring';
import { extendedListingDecider, isLive, mayManage } from '../listings/listing-decider';
import type { Actor, ListingCommand, ListingEvent, ListingKind, ListingState } from '../listings/listing-kind';

export type { Actor, ActorRole } from '../listings/listing-kind';

/**
 * A quiz on `quiz-<id>`: a listing on the listing lifecycle (its title and category locked once
 * created) and its re-grades. Content arrives validated and sanitised (quiz-service.ts). Its
 * registrations and their payments are the roster's (quiz-roster.ts, on `quiz-roster-<id>`); the
 * roster events stored here before that pass by this fold (the roster reads them, quiz-roster-store.ts).
 */
export const quizListing: ListingKind<'Quiz', QuizContent> = {
  coHostKind: 'quiz',
  prefix: 'Quiz',
  streams: { listing: quizStream, save: quizSaveStream },
  messages: M,
  keepOnEdit: (stored, edited) => ({ ...edited, title: stored.title, category: stored.category }),
};

interface Grading {
  quizId: string;
  answerKey: number[];
  marking: Marking;
}
export type QuizState = ListingState<QuizContent> & Grading;

type RegradeCommand = { type: 'Regrade'; quizId: string; actor: Actor; answerKey: { questionIndex: number; correctAnswer: number }[]; marking?: Marking; now: Date };
export type QuizCommand = ListingCommand<'Quiz', QuizContent> | RegradeCommand;
export type QuizEvent = ListingEvent<'Quiz'> | DomainEvent<'QuizRegraded'>;

/** Whether participants may take the quiz now (spec: quizRunning, decided by the server's clock). */
export const quizRunning = (content: QuizContent, now: Date) => Date.parse(content.dates.startDate) <= now.getTime() && now.getTime() <= Date.parse(content.dates.endDate);

const keyOf = (content: QuizContent) => content.questions.map((q) => q.correctAnswer);

export const quizDecider = extendedListingDecider(quizListing, {
  commands: ['Regrade'],
  initialState: (): Grading => ({ quizId: '', answerKey: [], marking: { ...DEFAULT_MARKING } }),
  evolve(state, event) {
    // An edit resets the key to the form's answers; a re-grade replaces it and the marking.
    if (event.type === 'QuizCreated' || event.type === 'QuizUpdated') return { ...state, quizId: state.id, answerKey: state.content ? keyOf(state.content) : [] };
    if (event.type === 'QuizRegraded') {
      const { answerKey, marking } = event.data as DomainEvent<'QuizRegraded'>['data'];
      return { ...state, answerKey, marking };
    }
    return state;
  },
  decide(command: RegradeCommand, state): DomainEvent<'QuizRegraded'>[] {
    if (!isLive(state)) throw notFound(M.notFound);
    if (!mayManage(state, command.actor)) throw forbidden(M.notOrganiser);
    const questions = state.content.questions;
    const answerKey = [...state.answerKey];
    const seen = new Set<number>();
    for (const { questionIndex, correctAnswer } of command.answerKey) {
      const question = questions[questionIndex];
      if (!question) throw refused(M.questionOutOfRange(questionIndex));
      if (seen.has(questionIndex)) throw refused(M.duplicateQuestion(questionIndex));
      seen.add(questionIndex);
      if (correctAnswer < 0 || correctAnswer >= question.options.length) throw refused(M.correctRange(questionIndex + 1));
      answerKey[questionIndex] = correctAnswer;
    }
    const marking = command.marking ?? state.marking;
    const same = answerKey.every((a, i) => a === state.answerKey[i]) && marking.correct === state.marking.correct && marking.incorrect === state.marking.incorrect;
    if (same) throw conflict(M.nothingToRegrade);
    const at = command.now.toISOString();
    return [
      {
        type: 'QuizRegraded',
        data: { quizId: command.quizId, answerKey, marking, previousAnswerKey: state.answerKey, previousMarking: state.marking, at, byUserId: command.actor.userId },
      },
    ];
  },
});
