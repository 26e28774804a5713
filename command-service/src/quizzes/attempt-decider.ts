import type { Decider } from '@circuit/shared/commands/decider';
import type { EventData } from '@circuit/shared/events/catalogue';
import { conflict, forbidden, paymentRequired, refused } from '@circuit/shared/commands/domain-errors';
import { QUIZ_LIMITS, QuizMessages as M } from '@circuit/shared/validation/quizzes';

/**
 * One participant's attempt at a quiz, `quiz-attempt-<quizId>-<userId>`. The server is the judge:
 * the clock starts at the first questions fetch, every answer is recorded as it is given, a submit
 * later than the deadline plus a short grace is refused, and an attempt left open is closed at
 * that moment by the server itself (quiz-close-manager.ts). One attempt per participant. The
 * deadline is the time limit after the start, or the quiz's end when that comes first: the quiz
 * closes for everyone at its end, so an attempt started late gets only the time that is left.
 */
export interface AttemptState {
  started: boolean;
  startedAt: string;
  deadline: string;
  answers: Record<number, number>;
  submitted: boolean;
  timeTaken: number;
  via: 'submit' | 'auto' | null;
}

export type AttemptEvent =
  | { type: 'QuizAttemptStarted'; data: EventData<'QuizAttemptStarted'> }
  | { type: 'QuizAnswerRecorded'; data: EventData<'QuizAnswerRecorded'> }
  | { type: 'QuizAttemptSubmitted'; data: EventData<'QuizAttemptSubmitted'> };

/** What the attempt needs to know of the quiz (`quiz-<id>`) and of the participant's registration (its roster, quiz-roster-store.ts). */
export interface AttemptContext {
  quizId: string;
  userId: string;
  /** Option counts of the questions, in order. */
  optionCounts: number[];
  timeLimitMinutes: number;
  /** The quiz's endDate (ISO): no attempt runs past it. */
  endsAt: string;
  running: boolean;
  registration: 'none' | 'completed' | 'pending' | 'failed';
}

export interface Answer {
  questionIndex: number;
  selectedAnswer: number;
}

export type AttemptCommand =
  | { type: 'Start'; quiz: AttemptContext; now: Date }
  | { type: 'RecordAnswers'; quiz: AttemptContext; answers: Answer[]; now: Date }
  | { type: 'Submit'; quiz: AttemptContext; answers: Answer[]; now: Date }
  | { type: 'Close'; quizId: string; userId: string; now: Date };

const GRACE_MS = QUIZ_LIMITS.graceSeconds * 1000;

/** The 402 and 403 of spec section 8: unregistered, unpaid or failed payment users are not let in. */
function admitted(quiz: AttemptContext): void {
  if (quiz.registration === 'none') throw forbidden(M.notRegistered);
  if (quiz.registration === 'pending') throw paymentRequired(M.paymentRequired);
  if (quiz.registration === 'failed') throw forbidden(M.paymentVerification);
}

/** Checks every answer before any is recorded: a bad one refuses the whole request. */
function checked(quiz: AttemptContext, answers: Answer[]): Answer[] {
  const seen = new Set<number>();
  for (const a of answers) {
    const options = quiz.optionCounts[a.questionIndex];
    if (options === undefined) throw refused(M.questionOutOfRange(a.questionIndex));
    if (seen.has(a.questionIndex)) throw refused(M.duplicateQuestion(a.questionIndex));
    seen.add(a.questionIndex);
    if (a.selectedAnswer < -1 || a.selectedAnswer >= options) throw refused(M.optionOutOfRange(a.questionIndex));
  }
  return answers;
}

const lateFor = (state: AttemptState, now: Date) => now.getTime() > Date.parse(state.deadline) + GRACE_MS;
/** The whole time the attempt had, in seconds: what a submit in the grace, or one the server closes, counts as taken. */
const allowedSeconds = (state: AttemptState) => Math.round((Date.parse(state.deadline) - Date.parse(state.startedAt)) / 1000);

function recorded(quiz: AttemptContext, state: AttemptState, answers: Answer[], at: string): AttemptEvent[] {
  return answers
    .filter((a) => (state.answers[a.questionIndex] ?? -1) !== a.selectedAnswer)
    .map((a) => ({ type: 'QuizAnswerRecorded', data: { quizId: quiz.quizId, userId: quiz.userId, questionIndex: a.questionIndex, selectedAnswer: a.selectedAnswer, at } }));
}

export const attemptDecider: Decider<AttemptState, AttemptCommand, AttemptEvent> = {
  initialState: () => ({ started: false, startedAt: '', deadline: '', answers: {}, submitted: false, timeTaken: 0, via: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'QuizAttemptStarted':
        return { ...state, started: true, startedAt: event.data.startedAt, deadline: event.data.deadline };
      case 'QuizAnswerRecorded': {
        const answers = { ...state.answers };
        if (event.data.selectedAnswer < 0) delete answers[event.data.questionIndex];
        else answers[event.data.questionIndex] = event.data.selectedAnswer;
        return { ...state, answers };
      }
      case 'QuizAttemptSubmitted':
        return { ...state, submitted: true, timeTaken: event.data.timeTaken, via: event.data.via };
    }
  },
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'Start': {
        admitted(command.quiz);
        if (state.submitted) throw conflict(M.alreadyAttempted);
        // Reopening resumes: the clock that started at the first fetch keeps running.
        if (state.started) return [];
        if (!command.quiz.running) throw forbidden(M.notRunning);
        const deadline = new Date(Math.min(command.now.getTime() + command.quiz.timeLimitMinutes * 60_000, Date.parse(command.quiz.endsAt))).toISOString();
        return [{ type: 'QuizAttemptStarted', data: { quizId: command.quiz.quizId, userId: command.quiz.userId, startedAt: at, deadline } }];
      }
      case 'RecordAnswers':
      case 'Submit': {
        admitted(command.quiz);
        // An attempt the server closed at its deadline was never submitted by the participant: a late
        // submit hears that time is over, the same answer it gets in the moment before the close lands.
        if (state.submitted) throw conflict(state.via === 'auto' ? M.timeOver : M.alreadyAttempted);
        if (!state.started) throw conflict(M.notStarted);
        if (lateFor(state, command.now)) throw conflict(M.timeOver);
        const answers = recorded(command.quiz, state, checked(command.quiz, command.answers), at);
        if (command.type === 'RecordAnswers') return answers;
        const timeTaken = Math.min(allowedSeconds(state), Math.max(0, Math.round((command.now.getTime() - Date.parse(state.startedAt)) / 1000)));
        return [...answers, { type: 'QuizAttemptSubmitted', data: { quizId: command.quiz.quizId, userId: command.quiz.userId, via: 'submit', timeTaken, at } }];
      }
      case 'Close':
        // Only an attempt left open past its deadline and grace; anything else is not ours to close.
        if (!state.started || state.submitted || !lateFor(state, command.now)) return [];
        return [{ type: 'QuizAttemptSubmitted', data: { quizId: command.quizId, userId: command.userId, via: 'auto', timeTaken: allowedSeconds(state), at } }];
    }
  },
};
