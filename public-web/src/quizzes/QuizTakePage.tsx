import { CheckCircle2, Clock } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { RichText } from '../hackathons/DetailSections';
import { formatDateTime } from '../hackathons/labels';
import { Button } from '../ui/Button';
import { PageSpinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { TIMER_RED_UNDER_S, useQuizAttempt } from './useQuizAttempt';

const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** Said before Start when the quiz ends sooner than the time limit would: the attempt ends with the quiz. */
function ClosingSoon({ closesAt, timeLimit }: { closesAt: string | null; timeLimit: number }) {
  const left = closesAt ? Date.parse(closesAt) - Date.now() : Infinity;
  if (left >= timeLimit * 60_000) return null;
  const minutes = Math.max(0, Math.floor(left / 60_000));
  return (
    <p role="note" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
      This quiz closes at {formatDateTime(closesAt!)}: if you start now you will have {minutes < 1 ? 'less than a minute' : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`}, not {timeLimit}.
    </p>
  );
}

function QuizScreen({ mode }: { mode: 'take' | 'preview' }) {
  const { id = '' } = useParams();
  const a = useQuizAttempt(id, mode);
  useDocumentTitle(a.title || 'Quiz');
  if (a.phase === 'loading') return <PageSpinner />;

  if (a.phase === 'instructions') {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-10">
        <div className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {mode === 'preview' && <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">Preview: this is what participants see. Nothing you answer is recorded.</p>}
          <h1 className="text-2xl font-bold text-slate-900">{a.title}</h1>
          <div className="flex flex-wrap gap-4 text-sm text-slate-600">
            <span className="flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" /> {a.timeLimit} {a.timeLimit === 1 ? "minute" : "minutes"}
            </span>
            <span>+4 for a correct answer, -2 for a wrong one, 0 if left unanswered</span>
          </div>
          <ClosingSoon closesAt={a.closesAt} timeLimit={a.timeLimit} />
          <section aria-labelledby="instructions-title">
            <h2 id="instructions-title" className="mb-2 font-semibold text-slate-900">
              Instructions
            </h2>
            <RichText html={a.instructions} empty="Answer each question, then submit before the time runs out." />
          </section>
          <p className="text-sm text-slate-600">The timer starts when you press Start Quiz and keeps running if you leave the page. At zero your answers are submitted.</p>
          <Button size="lg" fullWidth onClick={() => void a.begin()}>
            Start Quiz
          </Button>
        </div>
      </div>
    );
  }

  if (a.phase === 'completed') {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-16 text-center">
        <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm" role="status">
          <CheckCircle2 className="mx-auto size-12 text-emerald-600" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">Quiz Completed!</h1>
          {a.result && (
            <p className="text-lg text-slate-700">
              You scored <strong>{a.result.calculatedMarks}</strong> marks ({a.result.correctAnswers} of {a.result.totalQuestions} correct).
            </p>
          )}
          <p className="text-sm text-slate-600">{mode === 'preview' ? 'Preview finished.' : 'Your answers were submitted.'} Taking you back to the quizzes...</p>
        </div>
      </div>
    );
  }

  const q = a.questions[a.current];
  const last = a.current === a.questions.length - 1;
  const answered = a.answers[a.current] !== undefined;
  const red = a.secondsLeft < TIMER_RED_UNDER_S;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <div className="sticky top-16 z-10 mb-6 flex items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{a.title}</p>
          <p className="text-sm text-slate-600">
            Question {a.current + 1} of {a.questions.length} · {a.answeredCount} answered
          </p>
        </div>
        <p role="timer" aria-label="Time left" className={`flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-1.5 font-mono text-lg font-bold ${red ? 'bg-red-50 text-red-700' : 'bg-slate-100 text-slate-900'}`}>
          <Clock className="size-4" aria-hidden="true" /> {clock(a.secondsLeft)}
        </p>
      </div>
      {q && (
        <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <legend className="sr-only">Question {a.current + 1}</legend>
          <p className="break-words text-lg font-semibold text-slate-900">
            {a.current + 1}. {q.question}
          </p>
          <div className="space-y-2">
            {q.options.map((option, i) => {
              const chosen = a.answers[a.current] === i;
              return (
                <label key={i} className={`flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 ${chosen ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 hover:border-slate-300'}`}>
                  <input type="radio" name={`q-${a.current}`} checked={chosen} onChange={() => a.choose(i)} className="size-4 accent-indigo-600" />
                  <span className="min-w-0 break-words text-slate-800">{option}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {/* On a phone: Previous and Next side by side, Submit across the width below; from sm up, one row. */}
      <div className="mt-6 grid grid-cols-2 gap-3 sm:flex sm:items-center">
        <Button variant="secondary" disabled={a.current === 0} onClick={() => a.setCurrent(a.current - 1)}>
          Previous
        </Button>
        {!last && (
          <Button className="sm:ml-auto" disabled={!answered} onClick={() => a.setCurrent(a.current + 1)}>
            Next Question
          </Button>
        )}
        <Button
          variant={last ? 'primary' : 'secondary'}
          className={last ? 'sm:ml-auto' : 'col-span-2'}
          disabled={a.answeredCount === 0 || a.phase === 'submitting'}
          onClick={() => void a.submit()}
        >
          {a.phase === 'submitting' ? 'Submitting...' : 'Submit Quiz'}
        </Button>
      </div>
    </div>
  );
}

/** /quiz/{id}/take (spec 3 section 2). */
export function QuizTakePage() {
  return <QuizScreen mode="take" />;
}

/** /quiz/{id}/preview: the organiser's view of the same screen. */
export function QuizPreviewPage() {
  return <QuizScreen mode="preview" />;
}
