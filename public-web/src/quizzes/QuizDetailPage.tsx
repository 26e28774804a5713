import { Bookmark, BookmarkCheck, Pencil, Share2, Trophy } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import type { Quiz } from '@circuit/shared/api/quizzes';
import { Banner } from '../hackathons/HackathonCard';
import { RichText, Section } from '../hackathons/DetailSections';
import { useDateLabels } from '../ui/useDateLabels';
import { ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { QuizBadge, priceOf } from './QuizCard';
import { isQuizMissing, QuizNotFound } from './QuizNotFound';
import { QuizRegistrationCard } from './QuizRegistrationCard';
import { useQuiz } from './quizzesApi';
import { useQuizSaves } from './useQuizSaves';

async function share(quiz: Quiz) {
  const url = `${window.location.origin}/quiz/${quiz.id}`;
  if (navigator.share) return navigator.share({ title: quiz.title, url }).catch(() => undefined);
  try {
    await navigator.clipboard.writeText(url);
    notify.success('Link copied to clipboard!');
  } catch {
    window.prompt('Copy this link', url);
  }
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** /quiz/{id} (spec 3 section 2). */
export function QuizDetailPage() {
  const { id = '' } = useParams();
  const dates = useDateLabels();
  const quiz = useQuiz(id);
  const saves = useQuizSaves();
  useDocumentTitle(quiz.data?.title ?? 'Quiz');
  if (quiz.isPending) return <PageSpinner />;
  if (quiz.isError) {
    if (isQuizMissing(quiz.error)) return <QuizNotFound />;
    return (
      <StateScreen title="Failed to load quiz" actions={<ButtonLink to="/quizzes">Back to Quizzes</ButtonLink>}>
        Please try again in a moment.
      </StateScreen>
    );
  }
  const q = quiz.data;
  const saved = saves.isSaved(q.id);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="relative overflow-hidden rounded-2xl">
        <Banner src={q.image} title={q.title} className="h-48 w-full sm:h-64" />
      </div>
      <div className="mt-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-2">
          <QuizBadge quiz={q} />
          <h1 className="break-words text-3xl font-bold tracking-tight text-slate-900">{q.title}</h1>
          <p className="text-sm text-slate-600">
            By {`${q.organizer.firstName} ${q.organizer.lastName}`.trim() || q.organizer.username} · <span className="capitalize">{q.category}</span>
          </p>
        </div>
        <div className="flex gap-2">
          {q.canManage && (
            <Link to={`/quiz/${q.id}/edit`} aria-label="Edit quiz" className="rounded-full border border-slate-300 p-2 text-slate-700 hover:bg-slate-50">
              <Pencil className="size-4" aria-hidden="true" />
            </Link>
          )}
          {q.status === 'accepted' && (
            <button type="button" onClick={() => void saves.toggle(q)} aria-pressed={saved} aria-label={saved ? 'Remove from saved quizzes' : 'Save quiz'} className="rounded-full border border-slate-300 p-2 text-slate-700 hover:bg-slate-50">
              {saved ? <BookmarkCheck className="size-4 text-indigo-600" aria-hidden="true" /> : <Bookmark className="size-4" aria-hidden="true" />}
            </button>
          )}
          <button type="button" onClick={() => void share(q)} aria-label="Share quiz" className="rounded-full border border-slate-300 p-2 text-slate-700 hover:bg-slate-50">
            <Share2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section id="about" title="About">
            <RichText html={q.description} empty="No description yet." />
          </Section>
          <Section id="instructions" title="Instructions">
            <RichText html={q.instructions} empty="No special instructions." />
          </Section>
          <Section id="eligibility" title="Eligibility">
            <RichText html={q.eligibilityCriteria} empty="Open to everyone." />
          </Section>
        </div>
        <aside className="space-y-6">
          <QuizRegistrationCard quiz={q} />
          <Link to={`/quizzes/${q.id}/leaderboard`} className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-indigo-300">
            <Trophy className="size-6 text-amber-500" aria-hidden="true" />
            <span>
              <span className="block font-semibold text-slate-900">Leaderboard</span>
              <span className="text-sm text-slate-600">Ranked by marks, then time</span>
            </span>
          </Link>
          <section aria-labelledby="info" className="rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
            <h2 id="info" className="mb-2 text-lg font-semibold text-slate-900">
              Important Info
            </h2>
            <dl>
              <Fact label="Time limit" value={`${q.timeLimit} ${q.timeLimit === 1 ? "minute" : "minutes"}`} />
              <Fact label="Questions" value={String(q.questionsCount)} />
              <Fact label="Passing score" value={`${q.passingScore}%`} />
              <Fact label="Marking" value={`+${q.marking.correct} correct, ${q.marking.incorrect} incorrect`} />
              <Fact label="Price" value={priceOf(q)} />
            </dl>
          </section>
          <section aria-labelledby="dates" className="rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
            <h2 id="dates" className="mb-2 text-lg font-semibold text-slate-900">
              Important Dates
            </h2>
            <dl>
              <Fact label="Registration opens" value={dates.dateTime(q.dates.registrationStartDate)} />
              <Fact label="Registration closes" value={dates.dateTime(q.dates.registrationEndDate)} />
              <Fact label="Quiz starts" value={dates.dateTime(q.dates.startDate)} />
              <Fact label="Quiz ends" value={dates.dateTime(q.dates.endDate)} />
            </dl>
          </section>
        </aside>
      </div>
    </div>
  );
}
