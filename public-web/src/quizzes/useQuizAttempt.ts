import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { QuizQuestionsAnswer, QuizSubmitAnswer } from '@circuit/shared/api/quizzes';
import { api, isApiError, messageOf } from '../auth/apiClient';
import { notify } from '../ui/toast';
import { quizKeys, useQuiz } from './quizzesApi';

export const REDIRECT_AFTER_SUBMIT_MS = 3000;
export const TIMER_RED_UNDER_S = 300;

export interface AttemptQuestion {
  question: string;
  options: string[];
  points: number;
}
export type AttemptPhase = 'loading' | 'instructions' | 'running' | 'submitting' | 'completed';

/**
 * The data and clock of the taking screen. Taking: the server starts the attempt at the first
 * questions fetch and says how much time is left (a reopened tab resumes), each answer is sent as
 * it is given, and the server scores the submission. Preview (the organiser): the same screen on
 * the quiz's own questions, with nothing sent.
 */
export function useQuizAttempt(quizId: string, mode: 'take' | 'preview') {
  const navigate = useNavigate();
  const client = useQueryClient();
  const detail = useQuiz(quizId);
  const [phase, setPhase] = useState<AttemptPhase>('loading');
  const [title, setTitle] = useState('');
  const [instructions, setInstructions] = useState('');
  const [timeLimit, setTimeLimit] = useState(0);
  const [questions, setQuestions] = useState<AttemptQuestion[]>([]);
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [current, setCurrent] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [result, setResult] = useState<QuizSubmitAnswer | null>(null);
  const endsAt = useRef(0);
  const submitting = useRef(false);
  const answersRef = useRef(answers);
  answersRef.current = answers;

  const fail = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.status === 402) {
        notify.error('Payment required. Please complete your payment before taking the quiz.');
        return navigate(`/quiz/${quizId}`);
      }
      if (isApiError(error) && error.status === 403) {
        notify.error(messageOf(error, 'Payment verification required. Please contact support.'));
        return navigate(`/quiz/${quizId}`);
      }
      if (isApiError(error) && error.status === 409) {
        notify.error(messageOf(error, 'You have already attempted this quiz'));
        return navigate(`/quizzes/${quizId}/leaderboard`);
      }
      notify.error(messageOf(error, 'Failed to load quiz'));
      navigate('/quizzes');
    },
    [navigate, quizId],
  );

  // What the instructions page shows: the quiz's own text; a started attempt skips straight back in.
  useEffect(() => {
    if (phase !== 'loading' || !detail.data) return;
    setTitle(detail.data.title);
    setInstructions(detail.data.instructions);
    setTimeLimit(detail.data.timeLimit);
    if (mode === 'preview') {
      if (!detail.data.canManage) {
        notify.error('You are not authorized to edit this quiz');
        return void navigate('/quizzes');
      }
      setQuestions(detail.data.questions);
      return setPhase('instructions');
    }
    void api
      .get<{ attempt: string }>(`/api/quizzes/${quizId}/registration-status`)
      .then((res) => {
        if (res.data?.attempt === 'submitted') {
          // One attempt per participant: the result is on the leaderboard.
          notify.error('You have already attempted this quiz');
          return navigate(`/quizzes/${quizId}/leaderboard`);
        }
        return res.data?.attempt === 'started' ? begin() : setPhase('instructions');
      })
      .catch(() => setPhase('instructions'));
    // begin is stable enough for this one-time decision.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail.data, phase, mode]);

  useEffect(() => {
    if (detail.isError) fail(detail.error);
  }, [detail.isError, detail.error, fail]);

  async function begin() {
    if (mode === 'preview') {
      endsAt.current = Date.now() + timeLimit * 60_000;
      setSecondsLeft(timeLimit * 60);
      return setPhase('running');
    }
    try {
      const q = (await api.get<QuizQuestionsAnswer>(`/api/quizzes/${quizId}/questions`)).data!;
      setTitle(q.title);
      setQuestions(q.questions);
      setAnswers(Object.fromEntries(q.answers.map((a) => [a.questionIndex, a.selectedAnswer])));
      const firstOpen = q.questions.findIndex((_, i) => !q.answers.some((a) => a.questionIndex === i));
      setCurrent(firstOpen < 0 ? 0 : firstOpen);
      endsAt.current = Date.now() + q.timeLeft * 1000;
      setSecondsLeft(q.timeLeft);
      setPhase('running');
    } catch (error) {
      fail(error);
    }
  }

  function choose(option: number) {
    const index = current;
    setAnswers((a) => ({ ...a, [index]: option }));
    // Recorded as given: a closed tab or a lost connection loses nothing.
    if (mode === 'take') void api.post(`/api/quizzes/${quizId}/answers`, { answers: [{ questionIndex: index, selectedAnswer: option }] }).catch(() => undefined);
  }

  const submit = useCallback(async () => {
    if (submitting.current) return;
    submitting.current = true;
    setPhase('submitting');
    try {
      if (mode === 'take') {
        const given = Object.entries(answersRef.current).map(([questionIndex, selectedAnswer]) => ({ questionIndex: Number(questionIndex), selectedAnswer }));
        const res = await api.post<QuizSubmitAnswer>(`/api/quizzes/${quizId}/submit`, { answers: given, timeTaken: Math.round(timeLimit * 60 - Math.max(0, (endsAt.current - Date.now()) / 1000)) });
        setResult(res.data ?? null);
        void client.invalidateQueries({ queryKey: quizKeys.all });
      }
      setPhase('completed');
      setTimeout(() => navigate('/quizzes'), REDIRECT_AFTER_SUBMIT_MS);
    } catch (error) {
      // Too late to submit: the server closes the attempt itself with what was recorded.
      if (isApiError(error) && error.status === 409) {
        setPhase('completed');
        setTimeout(() => navigate('/quizzes'), REDIRECT_AFTER_SUBMIT_MS);
        return;
      }
      submitting.current = false;
      setPhase('running');
      notify.error(messageOf(error, 'Failed to submit quiz'));
    }
  }, [client, mode, navigate, quizId, timeLimit]);

  // The countdown, from the server's time left; at zero the attempt submits itself.
  useEffect(() => {
    if (phase !== 'running') return;
    const tick = () => {
      const left = Math.max(0, Math.round((endsAt.current - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) void submit();
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [phase, submit]);

  // The server ends every attempt at the quiz's end: a late start gets only the time left before it.
  const closesAt = mode === 'take' ? (detail.data?.dates.endDate ?? null) : null;
  return { phase, title, instructions, timeLimit, closesAt, questions, answers, current, setCurrent, secondsLeft, result, begin, choose, submit, answeredCount: Object.keys(answers).length };
}
