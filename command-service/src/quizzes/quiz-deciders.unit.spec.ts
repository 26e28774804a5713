import { describe, expect, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { QuizEditSchema, QuizFormSchema, removeOption, quizRuleViolations } from '@circuit/shared/validation/quizzes';
import { rankAttempts, scoreAttempt } from '@circuit/shared/quizzes/scoring';
import { quizDecider, type QuizEvent } from './quiz-decider';
import { attemptDecider, type AttemptContext, type AttemptEvent } from './attempt-decider';

const T0 = new Date('2026-11-24T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const content = QuizFormSchema.parse({
  title: 'Capitals',
  description: '<p>x</p>',
  timeLimit: 2,
  maxParticipants: 2,
  dates: { registrationStartDate: '2026-11-24T09:00:00.000Z', registrationEndDate: '2026-11-24T11:00:00.000Z', startDate: '2026-11-24T09:30:00.000Z', endDate: '2026-11-24T12:00:00.000Z' },
  questions: [
    { question: 'a', options: ['x', 'y'], correctAnswer: 0 },
    { question: 'b', options: ['x', 'y', 'z'], correctAnswer: 2 },
  ],
});
const organiser = { userId: 'org', role: 'user' as const };
const created: QuizEvent = { type: 'QuizCreated', data: { quizId: 'q1', createdBy: 'org', content, at: T0.toISOString() } };

const ctx = (over: Partial<AttemptContext> = {}): AttemptContext => ({ quizId: 'q1', userId: 'u1', optionCounts: [2, 3], timeLimitMinutes: 2, endsAt: at(3600).toISOString(), running: true, registration: 'completed', ...over });
const started: AttemptEvent = { type: 'QuizAttemptStarted', data: { quizId: 'q1', userId: 'u1', startedAt: T0.toISOString(), deadline: at(120).toISOString() } };
const answered = (questionIndex: number, selectedAnswer: number): AttemptEvent => ({ type: 'QuizAnswerRecorded', data: { quizId: 'q1', userId: 'u1', questionIndex, selectedAnswer, at: T0.toISOString() } });

describe('quiz decider', () => {
  it('locks title and category on edit and refuses strangers', () => {
    const events = given(quizDecider, [created]).when({ type: 'UpdateQuiz', quizId: 'q1', actor: organiser, content: { ...content, title: 'X', category: 'arts', timeLimit: 9 }, now: T0 }).events();
    expect(events[0]).toMatchObject({ data: { content: { title: 'Capitals', category: 'general', timeLimit: 9 } } });
    given(quizDecider, [created]).when({ type: 'UpdateQuiz', quizId: 'q1', actor: { userId: 'x', role: 'user' }, content, now: T0 }).thenThrows('forbidden', 'You are not authorized to edit this quiz');
  });

  it('re-grades with the whole key and marking before and after; refuses a no-op and bad indexes', () => {
    given(quizDecider, [created]).when({ type: 'Regrade', quizId: 'q1', actor: organiser, answerKey: [{ questionIndex: 1, correctAnswer: 1 }], now: T0 }).then([
      {
        type: 'QuizRegraded',
        data: { quizId: 'q1', answerKey: [0, 1], marking: { correct: 4, incorrect: -2 }, previousAnswerKey: [0, 2], previousMarking: { correct: 4, incorrect: -2 }, at: T0.toISOString(), byUserId: 'org' },
      },
    ]);
    given(quizDecider, [created]).when({ type: 'Regrade', quizId: 'q1', actor: organiser, answerKey: [{ questionIndex: 1, correctAnswer: 2 }], now: T0 }).thenThrows('conflict');
    given(quizDecider, [created]).when({ type: 'Regrade', quizId: 'q1', actor: organiser, answerKey: [{ questionIndex: 0, correctAnswer: 2 }], now: T0 }).thenThrows('refused', 'Question 1: Correct answer is out of range');
  });
});

describe('attempt decider (time passed in)', () => {
  it('starts once, in the window, for registered and paid participants only', () => {
    given(attemptDecider, []).when({ type: 'Start', quiz: ctx(), now: T0 }).then([started]);
    given(attemptDecider, [started]).when({ type: 'Start', quiz: ctx(), now: at(30) }).then([]);
    given(attemptDecider, []).when({ type: 'Start', quiz: ctx({ running: false }), now: T0 }).thenThrows('forbidden', 'This quiz is not running right now');
    given(attemptDecider, []).when({ type: 'Start', quiz: ctx({ registration: 'none' }), now: T0 }).thenThrows('forbidden', 'You are not registered for this quiz');
    given(attemptDecider, []).when({ type: 'Start', quiz: ctx({ registration: 'pending' }), now: T0 }).thenThrows('payment_required', 'Payment required. Please complete your payment before taking the quiz.');
    given(attemptDecider, []).when({ type: 'Start', quiz: ctx({ registration: 'failed' }), now: T0 }).thenThrows('forbidden', 'Payment verification required. Please contact support.');
  });

  it('accepts a submit until the deadline plus the grace, measuring the time itself; refuses one after, and a second', () => {
    const submit = given(attemptDecider, [started]).when({ type: 'Submit', quiz: ctx(), answers: [{ questionIndex: 1, selectedAnswer: 2 }], now: at(134) }).events();
    expect(submit.at(-1)).toMatchObject({ type: 'QuizAttemptSubmitted', data: { via: 'submit', timeTaken: 120 } });
    const early = given(attemptDecider, [started]).when({ type: 'Submit', quiz: ctx(), answers: [], now: at(45) }).events();
    expect(early).toMatchObject([{ data: { timeTaken: 45 } }]);
    given(attemptDecider, [started]).when({ type: 'Submit', quiz: ctx(), answers: [], now: at(136) }).thenThrows('conflict', 'The time for this quiz is over');
    const done: AttemptEvent = { type: 'QuizAttemptSubmitted', data: { quizId: 'q1', userId: 'u1', via: 'submit', timeTaken: 10, at: T0.toISOString() } };
    given(attemptDecider, [started, done]).when({ type: 'Submit', quiz: ctx(), answers: [], now: at(20) }).thenThrows('conflict', 'You have already attempted this quiz');
    given(attemptDecider, [started, done]).when({ type: 'Start', quiz: ctx(), now: at(20) }).thenThrows('conflict', 'You have already attempted this quiz');
  });

  it('closes an attempt left open only once it is past the deadline and grace, with the full time limit', () => {
    const close = (seconds: number) => ({ type: 'Close' as const, quizId: 'q1', userId: 'u1', now: at(seconds) });
    given(attemptDecider, [started]).when(close(135)).then([]);
    given(attemptDecider, [started, answered(0, 1)]).when(close(136)).then([{ type: 'QuizAttemptSubmitted', data: { quizId: 'q1', userId: 'u1', via: 'auto', timeTaken: 120, at: at(136).toISOString() } }]);
    given(attemptDecider, []).when(close(500)).then([]);
    // Once closed, a late submit or answer is told the time is over, not that it was already submitted.
    const closed: AttemptEvent = { type: 'QuizAttemptSubmitted', data: { quizId: 'q1', userId: 'u1', via: 'auto', timeTaken: 120, at: at(136).toISOString() } };
    given(attemptDecider, [started, closed]).when({ type: 'Submit', quiz: ctx(), answers: [], now: at(137) }).thenThrows('conflict', 'The time for this quiz is over');
    given(attemptDecider, [started, closed]).when({ type: 'RecordAnswers', quiz: ctx(), answers: [{ questionIndex: 0, selectedAnswer: 1 }], now: at(137) }).thenThrows('conflict', 'The time for this quiz is over');
    given(attemptDecider, [started, closed]).when({ type: 'Start', quiz: ctx(), now: at(137) }).thenThrows('conflict', 'You have already attempted this quiz');
  });

  it('ends an attempt started near the quiz end at that end, plus the same grace', () => {
    // Starts 50 s before the quiz ends, with a 2-minute limit: 50 s to answer, not 120.
    const late = ctx({ endsAt: at(50).toISOString() });
    const cut: AttemptEvent = { type: 'QuizAttemptStarted', data: { quizId: 'q1', userId: 'u1', startedAt: T0.toISOString(), deadline: at(50).toISOString() } };
    given(attemptDecider, []).when({ type: 'Start', quiz: late, now: T0 }).then([cut]);
    const inGrace = given(attemptDecider, [cut]).when({ type: 'Submit', quiz: late, answers: [{ questionIndex: 0, selectedAnswer: 1 }], now: at(64) }).events();
    expect(inGrace.at(-1)).toMatchObject({ type: 'QuizAttemptSubmitted', data: { via: 'submit', timeTaken: 50 } });
    given(attemptDecider, [cut]).when({ type: 'Submit', quiz: late, answers: [], now: at(66) }).thenThrows('conflict', 'The time for this quiz is over');
    given(attemptDecider, [cut]).when({ type: 'RecordAnswers', quiz: late, answers: [{ questionIndex: 0, selectedAnswer: 1 }], now: at(66) }).thenThrows('conflict', 'The time for this quiz is over');
    given(attemptDecider, [cut]).when({ type: 'Close', quizId: 'q1', userId: 'u1', now: at(65) }).then([]);
    given(attemptDecider, [cut]).when({ type: 'Close', quizId: 'q1', userId: 'u1', now: at(66) }).then([{ type: 'QuizAttemptSubmitted', data: { quizId: 'q1', userId: 'u1', via: 'auto', timeTaken: 50, at: at(66).toISOString() } }]);
    // A quiz ending after the time limit leaves the limit as it was.
    given(attemptDecider, []).when({ type: 'Start', quiz: ctx({ endsAt: at(121).toISOString() }), now: T0 }).then([started]);
  });

  it('refuses out-of-range and duplicate answers, recording none of a bad request; records only changes', () => {
    const record = (answers: { questionIndex: number; selectedAnswer: number }[]) => ({ type: 'RecordAnswers' as const, quiz: ctx(), answers, now: at(10) });
    given(attemptDecider, [started]).when(record([{ questionIndex: 0, selectedAnswer: 1 }, { questionIndex: 2, selectedAnswer: 0 }])).thenThrows('refused', 'Question index 2 is out of range');
    given(attemptDecider, [started]).when(record([{ questionIndex: 0, selectedAnswer: 2 }])).thenThrows('refused', 'Question 1: the selected option is out of range');
    given(attemptDecider, [started]).when(record([{ questionIndex: 1, selectedAnswer: 0 }, { questionIndex: 1, selectedAnswer: 1 }])).thenThrows('refused', 'Question 2 is answered more than once');
    given(attemptDecider, [started, answered(0, 1)]).when(record([{ questionIndex: 0, selectedAnswer: 1 }])).then([]);
    given(attemptDecider, []).when(record([{ questionIndex: 0, selectedAnswer: 1 }])).thenThrows('conflict', 'Open the quiz questions before submitting');
  });
});

describe('scoring and ranking', () => {
  it('gives +4 correct, -2 incorrect, 0 unanswered', () => {
    expect(scoreAttempt([0, 1, 2, 3], { 0: 0, 1: 0, 3: -1 }, { correct: 4, incorrect: -2 })).toMatchObject({ calculatedMarks: 2, correctAnswers: 1, incorrectAnswers: 1, totalQuestions: 4 });
  });
  it('ranks by marks then time; equal marks and time share a rank and the next one skips', () => {
    const ranked = rankAttempts([
      { userId: 'd', calculatedMarks: 8, timeTaken: 30 },
      { userId: 'a', calculatedMarks: 12, timeTaken: 40 },
      { userId: 'c', calculatedMarks: 12, timeTaken: 30 },
      { userId: 'b', calculatedMarks: 12, timeTaken: 30 },
    ]);
    expect(ranked.map((r) => [r.userId, r.rank])).toEqual([['b', 1], ['c', 1], ['a', 3], ['d', 4]]);
  });
});

describe('the create form', () => {
  it('lists section 5 messages in order and shifts the correct index when an option before or at it is removed', () => {
    expect(quizRuleViolations({ title: '', description: '', questions: [] })).toEqual(['Title is required', 'Description is required', 'At least one question is required']);
    const q = { question: 'q', options: ['a', 'b', 'c', 'd'], correctAnswer: 2, points: 1 };
    expect(removeOption(q, 0).correctAnswer).toBe(1);
    expect(removeOption(q, 2).correctAnswer).toBe(1);
    expect(removeOption(q, 3).correctAnswer).toBe(2);
    expect(removeOption({ ...q, correctAnswer: 0 }, 0).correctAnswer).toBe(0);
  });

  it('lists the per-question messages in order, question by question', () => {
    const questions = [
      { question: '', options: ['a'], correctAnswer: 3, points: 1 },
      { question: 'q', options: ['a', ' '], correctAnswer: 0, points: 1 },
    ];
    expect(quizRuleViolations({ title: 't', description: '<p>d</p>', questions })).toEqual([
      'Question 1: Question text is required',
      'Question 1: At least 2 options are required',
      'Question 1: Correct answer is out of range',
      'Question 2: Option 2 cannot be empty',
    ]);
  });

  it('an edit leaves out what it does not change: no defaults fill the numbers it omits', () => {
    expect(QuizEditSchema.parse({ instructions: '<p>x</p>' })).toEqual({ instructions: '<p>x</p>' });
    expect(QuizEditSchema.parse({ timeLimit: '12' })).toEqual({ timeLimit: 12 });
    expect(QuizEditSchema.safeParse({ timeLimit: 181 }).error?.issues[0]?.message).toBe('Time limit must be between 1 and 180 minutes');
    expect(QuizFormSchema.parse({}).timeLimit).toBe(30);
  });
});
