import type { Decider } from '@circuit/shared/commands/decider';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import type { QuizContent } from '@circuit/shared/events/quizzes';
import { conflict, forbidden, notFound, refused } from '@circuit/shared/commands/domain-errors';
import { DEFAULT_MARKING, QuizMessages as M } from '@circuit/shared/validation/quizzes';
import type { Marking } from '@circuit/shared/quizzes/scoring';

/**
 * A quiz on `quiz-<id>`: the listing (created pending, edited by its organiser or an admin with
 * title and category locked, approved or rejected by staff, deleted) and its re-grades. Content
 * arrives validated and sanitised (quiz-service.ts). Its registrations and their payments are the
 * roster's (quiz-roster.ts, on `quiz-roster-<id>`); the roster events stored here before that pass
 * by this fold (the roster reads them, quiz-roster-store.ts).
 */
export interface QuizState {
  exists: boolean;
  deleted: boolean;
  quizId: string;
  createdBy: string;
  status: 'pending' | 'accepted' | 'rejected';
  content: QuizContent | null;
  answerKey: number[];
  marking: Marking;
}

export type QuizEvent = DomainEvent<'QuizCreated' | 'QuizUpdated' | 'QuizDeleted' | 'QuizApproved' | 'QuizRejected' | 'QuizRegraded'>;

export type ActorRole = 'user' | 'moderator' | 'admin';
export interface Actor {
  userId: string;
  role: ActorRole;
}

export type QuizCommand =
  | { type: 'CreateQuiz'; quizId: string; actor: Actor; content: QuizContent; now: Date }
  | { type: 'UpdateQuiz'; quizId: string; actor: Actor; content: QuizContent; now: Date }
  | { type: 'DeleteQuiz'; quizId: string; actor: Actor; now: Date }
  | { type: 'ApproveQuiz'; quizId: string; actor: Actor; now: Date }
  | { type: 'RejectQuiz'; quizId: string; actor: Actor; reason: string; now: Date }
  | { type: 'Regrade'; quizId: string; actor: Actor; answerKey: { questionIndex: number; correctAnswer: number }[]; marking?: Marking; now: Date };

const isStaff = (actor: Actor) => actor.role === 'moderator' || actor.role === 'admin';
const mayManage = (state: QuizState, actor: Actor) => state.createdBy === actor.userId || actor.role === 'admin';

function live(state: QuizState): asserts state is QuizState & { content: QuizContent } {
  if (!state.exists || state.deleted || !state.content) throw notFound(M.notFound);
}

/** Whether participants may take the quiz now (spec: quizRunning, decided by the server's clock). */
export const quizRunning = (content: QuizContent, now: Date) => Date.parse(content.dates.startDate) <= now.getTime() && now.getTime() <= Date.parse(content.dates.endDate);

export const quizDecider: Decider<QuizState, QuizCommand, QuizEvent> = {
  initialState: () => ({
    exists: false,
    deleted: false,
    quizId: '',
    createdBy: '',
    status: 'pending',
    content: null,
    answerKey: [],
    marking: { ...DEFAULT_MARKING },
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'QuizCreated':
        return {
          ...state,
          exists: true,
          quizId: event.data.quizId,
          createdBy: event.data.createdBy,
          content: event.data.content,
          answerKey: event.data.content.questions.map((q) => q.correctAnswer),
        };
      case 'QuizUpdated':
        // An edit of a rejected listing resubmits it: it waits for review again (as hackathons do).
        return { ...state, status: state.status === 'rejected' ? 'pending' : state.status, content: event.data.content, answerKey: event.data.content.questions.map((q) => q.correctAnswer) };
      case 'QuizDeleted':
        return { ...state, deleted: true };
      case 'QuizApproved':
        return { ...state, status: 'accepted' };
      case 'QuizRejected':
        return { ...state, status: 'rejected' };
      case 'QuizRegraded':
        return { ...state, answerKey: event.data.answerKey, marking: event.data.marking };
      default:
        // Roster events stored here before the roster had a stream of its own: the roster's to fold.
        return state;
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'CreateQuiz':
        if (state.exists) throw conflict('This quiz exists already');
        return [{ type: 'QuizCreated', data: { quizId: command.quizId, createdBy: command.actor.userId, content: command.content, at } }];
      case 'UpdateQuiz': {
        live(state);
        if (!mayManage(state, command.actor)) throw forbidden(M.notAuthorizedEdit);
        // Title and category are locked once created, whatever the request says.
        const content = { ...command.content, title: state.content.title, category: state.content.category };
        return [{ type: 'QuizUpdated', data: { quizId: command.quizId, content, at, byUserId: command.actor.userId } }];
      }
      case 'DeleteQuiz':
        live(state);
        if (!mayManage(state, command.actor)) throw forbidden(M.notAuthorizedDelete);
        return [{ type: 'QuizDeleted', data: { quizId: command.quizId, at, byUserId: command.actor.userId } }];
      case 'ApproveQuiz':
        live(state);
        if (!isStaff(command.actor)) throw forbidden(M.notStaff);
        if (state.status === 'accepted') return [];
        if (state.status === 'rejected') throw conflict(M.approveRejected);
        return [{ type: 'QuizApproved', data: { quizId: command.quizId, at, byUserId: command.actor.userId } }];
      case 'RejectQuiz':
        live(state);
        if (!isStaff(command.actor)) throw forbidden(M.notStaff);
        return [{ type: 'QuizRejected', data: { quizId: command.quizId, reason: command.reason, at, byUserId: command.actor.userId } }];
      case 'Regrade': {
        live(state);
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
        return [
          {
            type: 'QuizRegraded',
            data: { quizId: command.quizId, answerKey, marking, previousAnswerKey: state.answerKey, previousMarking: state.marking, at, byUserId: command.actor.userId },
          },
        ];
      }
    }
  },
};
