import { Bookmark, BookmarkCheck, Clock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { QuizCard as Card } from '@circuit/shared/api/quizzes';
import { Banner, CardFact } from '../hackathons/HackathonCard';
import { money } from '../hackathons/labels';
import { plainText } from '../seo/plainText';

export const PHASE_LABELS: Record<Card['phase'], { label: string; className: string }> = {
  upcoming: { label: 'Upcoming', className: 'bg-blue-50 text-blue-700' },
  in_progress: { label: 'In Progress', className: 'bg-emerald-50 text-emerald-700' },
  completed: { label: 'Completed', className: 'bg-slate-100 text-slate-700' },
};
const REVIEW_LABELS = { pending: 'Pending', rejected: 'Rejected' } as const;

export function QuizBadge({ quiz }: { quiz: Pick<Card, 'phase' | 'status'> }) {
  if (quiz.status !== 'accepted') {
    const cls = quiz.status === 'pending' ? 'bg-amber-50 text-amber-700' : 'bg-rose-50 text-rose-700';
    return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${cls}`}>{REVIEW_LABELS[quiz.status]}</span>;
  }
  const badge = PHASE_LABELS[quiz.phase];
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.label}</span>;
}

export const priceOf = (quiz: Pick<Card, 'pricing'>) => (quiz.pricing.type === 'paid' && quiz.pricing.amount > 0 ? money(quiz.pricing.amount, quiz.pricing.currency) : 'Free');

/** A quiz card (spec 3 section 3: image, title, description, status, time limit, category, participants, price), with an optional save toggle. */
export function QuizCard({ quiz, footer, saved, onToggleSave, href = `/quiz/${quiz.id}` }: { quiz: Card; footer?: ReactNode; saved?: boolean; onToggleSave?(): void; href?: string }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-indigo-500 hover:-translate-y-0.5 hover:shadow-md">
      <Banner src={quiz.image} title={quiz.title} className="h-36 w-full" />
      {onToggleSave && (
        <button
          type="button"
          onClick={onToggleSave}
          aria-pressed={Boolean(saved)}
          aria-label={saved ? `Remove ${quiz.title} from saved quizzes` : `Save ${quiz.title}`}
          className="absolute right-3 top-3 z-10 rounded-full bg-white/90 p-2 text-slate-700 shadow hover:text-indigo-600"
        >
          {saved ? <BookmarkCheck className="size-4 text-indigo-600" aria-hidden="true" /> : <Bookmark className="size-4" aria-hidden="true" />}
        </button>
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <QuizBadge quiz={quiz} />
          <span className="text-sm font-semibold text-slate-900">{priceOf(quiz)}</span>
        </div>
        <h2 className="text-lg font-semibold leading-snug text-slate-900">
          <Link to={href} className="after:absolute after:inset-0 focus:outline-none group-focus-within:underline">
            <span className="relative">{quiz.title}</span>
          </Link>
        </h2>
        <p className="line-clamp-2 text-sm text-slate-600">{plainText(quiz.description)}</p>
        <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          <CardFact icon={Clock} label="Time limit">
            {quiz.timeLimit} min
          </CardFact>
          <CardFact icon={Users} label="Participants">
            {quiz.totalParticipants} / {quiz.maxParticipants}
          </CardFact>
          <div className="flex items-center">
            <dt className="sr-only">Category</dt>
            <dd className="rounded bg-slate-100 px-1.5 py-0.5 capitalize text-slate-700">{quiz.category}</dd>
          </div>
        </dl>
        {footer && <div className="relative z-10">{footer}</div>}
      </div>
    </article>
  );
}
