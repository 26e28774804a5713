import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { QuizMessages } from '@circuit/shared/validation/quizzes';

/** A user's save of a quiz, `quiz-save-<quizId>-<userId>`: saving twice records nothing. */
export type QuizSaveEvent = DomainEvent<'QuizSaved' | 'QuizUnsaved'>;
export type QuizSaveCommand = { type: 'Save' | 'Unsave'; quizId: string; userId: string; available: boolean; now: Date };

export const quizSaveDecider: Decider<{ saved: boolean }, QuizSaveCommand, QuizSaveEvent> = {
  initialState: () => ({ saved: false }),
  evolve: (_state, event) => ({ saved: event.type === 'QuizSaved' }),
  decide(command, state) {
    const data = { quizId: command.quizId, userId: command.userId, at: command.now.toISOString() };
    if (command.type === 'Save') {
      if (!command.available) throw notFound(QuizMessages.notFound);
      return state.saved ? [] : [{ type: 'QuizSaved', data }];
    }
    return state.saved ? [{ type: 'QuizUnsaved', data }] : [];
  },
};
