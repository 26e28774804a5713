import { ArrowLeft, Medal, TriangleAlert, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { LeaderboardEntry, QuizLeaderboard } from '@circuit/shared/api/quizzes';
import { useDateLabels } from '../ui/useDateLabels';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState, StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useLeaderboard, useQuiz } from './quizzesApi';
import { isQuizMissing, QuizNotFound } from './QuizNotFound';
import { RegradePanel } from './RegradePanel';
import { useLiveLeaderboard } from './useLiveLeaderboard';

const MEDALS = ['text-amber-500', 'text-slate-400', 'text-orange-600'];
const nameOf = (e: LeaderboardEntry) => `${e.user.firstName} ${e.user.lastName}`.trim() || e.user.username;
const duration = (s: number) => (s >= 60 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${s}s`);

function Rank({ rank }: { rank: number }) {
  if (rank <= 3) return <Medal className={`size-6 ${MEDALS[rank - 1]}`} aria-label={`Rank ${rank}`} />;
  return <span className="inline-flex size-6 items-center justify-center text-sm font-semibold text-slate-600">{rank}</span>;
}

function Row({ e, mine }: { e: LeaderboardEntry; mine: boolean }) {
  return (
    <li className={`flex items-center gap-3 px-4 py-3 ${mine ? 'bg-indigo-50' : ''}`}>
      <Rank rank={e.rank} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">
          {nameOf(e)}
          {mine && <span className="ml-2 text-xs font-semibold text-indigo-700">You</span>}
        </p>
        <p className="truncate text-xs text-slate-600">@{e.user.username}</p>
      </div>
      <div className="text-right">
        <p className="font-semibold text-slate-900">{e.calculatedMarks} marks</p>
        <p className="text-xs text-slate-600">
          {e.correctAnswers}/{e.totalQuestions} correct · {duration(e.timeTaken)}
        </p>
      </div>
    </li>
  );
}

function Review({ result }: { result: NonNullable<QuizLeaderboard['userResult']> }) {
  return (
    <section aria-labelledby="my-result" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="my-result" className="text-lg font-semibold text-slate-900">
        Your Result
      </h2>
      <p className="mt-1 text-slate-700">
        Rank <strong>{result.rank}</strong> · <strong>{result.calculatedMarks}</strong> marks · {result.correctAnswers} of {result.totalQuestions} correct · {duration(result.timeTaken)} · {result.percentage}%
      </p>
      <ol className="mt-4 space-y-3">
        {result.answers.map((a) => (
          <li key={a.questionIndex} className={`rounded-xl border p-3 text-sm ${a.isCorrect ? 'border-emerald-200 bg-emerald-50/50' : a.userAnswer < 0 ? 'border-slate-200' : 'border-red-200 bg-red-50/50'}`}>
            <p className="font-medium text-slate-900">
              {a.questionIndex + 1}. {a.question}
            </p>
            <p className="mt-1 text-slate-700">Your answer: {a.userAnswer < 0 ? 'Not answered' : a.options[a.userAnswer]}</p>
            {!a.isCorrect && <p className="text-emerald-700">Correct answer: {a.options[a.correctAnswer]}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /quizzes/{id}/leaderboard (spec 3 section 2): top 5 with medals, the full list, your own result; live while the quiz runs. */
export function QuizLeaderboardPage() {
  const { id = '' } = useParams();
  const dates = useDateLabels();
  const board = useLeaderboard(id);
  const detail = useQuiz(id);
  useLiveLeaderboard(id);
  const [showPrevious, setShowPrevious] = useState(false);
  useDocumentTitle(board.data ? `${board.data.quiz.title} leaderboard` : 'Leaderboard');
  if (board.isPending) return <PageSpinner />;
  if (board.isError) {
    if (isQuizMissing(board.error)) return <QuizNotFound />;
    return (
      <StateScreen icon={<TriangleAlert className="size-7" aria-hidden="true" />} title="Failed to load leaderboard data" actions={<Button onClick={() => void board.refetch()}>Try Again</Button>}>
        Please check your connection and try again.
      </StateScreen>
    );
  }
  const { quiz, leaderboard, userResult, previousGradings } = board.data;
  const me = userResult?.user._id;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <Link to={`/quiz/${quiz._id}`} className="inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to quiz
      </Link>
      <h1 className="mt-2 flex items-center gap-2 text-3xl font-bold tracking-tight text-slate-900">
        <Trophy className="size-7 text-amber-500" aria-hidden="true" /> {quiz.title}
      </h1>
      <p className="mt-1 text-slate-600">
        +{quiz.marking.correct} marks for correct, {quiz.marking.incorrect} for incorrect · ranked by marks, then time
        {quiz.gradedAt && ` · re-graded on ${dates.dateTime(quiz.gradedAt)}`}
      </p>
      {detail.data?.canManage && detail.data.questions.length > 0 && (
        <div className="mt-4">
          <RegradePanel key={quiz.gradedAt ?? 'first'} quiz={detail.data} />
        </div>
      )}
      {leaderboard.length === 0 ? (
        <Card className="mt-6">
          <EmptyState icon={<Trophy className="size-6" aria-hidden="true" />} title="No results yet">
            The leaderboard fills as participants submit.
          </EmptyState>
        </Card>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="top5" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            <h2 id="top5" className="border-b border-slate-100 px-4 py-3 text-lg font-semibold text-slate-900">
              Top 5
            </h2>
            <ol className="divide-y divide-slate-100">
              {leaderboard.slice(0, 5).map((e) => (
                <Row key={e.user._id} e={e} mine={e.user._id === me} />
              ))}
            </ol>
          </section>
          <section aria-labelledby="all" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            <h2 id="all" className="border-b border-slate-100 px-4 py-3 text-lg font-semibold text-slate-900">
              All participants ({leaderboard.length})
            </h2>
            <ol className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {leaderboard.map((e) => (
                <Row key={e.user._id} e={e} mine={e.user._id === me} />
              ))}
            </ol>
          </section>
        </div>
      )}
      {userResult && (
        <div className="mt-6">
          <Review result={userResult} />
        </div>
      )}
      {previousGradings.length > 0 && (
        <div className="mt-6">
          <Button variant="secondary" size="sm" aria-expanded={showPrevious} onClick={() => setShowPrevious((v) => !v)}>
            {showPrevious ? 'Hide earlier rankings' : 'Show earlier rankings'}
          </Button>
          {showPrevious &&
            previousGradings.map((g) => (
              <section key={g.gradedAt} className="mt-4 rounded-2xl border border-slate-200 bg-white shadow-sm">
                <h2 className="border-b border-slate-100 px-4 py-3 font-semibold text-slate-900">
                  As graded on {dates.dateTime(g.gradedAt)} (+{g.marking.correct} / {g.marking.incorrect})
                </h2>
                <ol className="divide-y divide-slate-100">
                  {g.leaderboard.map((e) => (
                    <Row key={e.user._id} e={e} mine={e.user._id === me} />
                  ))}
                </ol>
              </section>
            ))}
        </div>
      )}
    </div>
  );
}
