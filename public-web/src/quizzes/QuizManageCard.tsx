import clsx from 'clsx';
import { CalendarDays, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { QuizCard } from '@circuit/shared/api/quizzes';
import { messageOf } from '../auth/apiClient';
import { Banner, CardFact } from '../hackathons/HackathonCard';
import { formatDate } from '../hackathons/labels';
import { shareLink } from '../hackathons/useHackathonDetail';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { notify } from '../ui/toast';
import { ManageActions, StatusNote } from '../dashboard/ManageCardParts';
import { useDeleteQuiz } from './quizzesApi';
import { DoorLinks } from '../check-in/DoorLinks';
import { organiserPageOf } from '../check-in/paths';

const STATUS = {
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-800' },
  accepted: { label: 'Accepted', className: 'bg-emerald-100 text-emerald-800' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-700' },
} as const;

/** One of the organiser's quizzes on /dashboard, with View, Edit, Participants, Share and Delete. */
export function QuizManageCard({ quiz: q }: { quiz: QuizCard }) {
  const [confirm, setConfirm] = useState(false);
  const del = useDeleteQuiz();
  const page = `/quiz/${q.id}`;
  async function remove() {
    try {
      await del.mutateAsync(q.id);
      notify.success('Quiz deleted successfully');
    } catch (error) {
      notify.error(messageOf(error, 'Failed to delete quiz'));
    } finally {
      setConfirm(false);
    }
  }
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative">
        <Banner src={q.image} title={q.title} className="h-32 w-full" />
        <span className={clsx('absolute right-3 top-3 rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS[q.status].className)}>{STATUS[q.status].label}</span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-lg font-semibold leading-snug text-slate-900">
          <Link to={page} className="hover:text-indigo-600 hover:underline">
            {q.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-slate-600">{q.description.replace(/<[^>]*>/g, ' ').trim()}</p>
        <dl className="space-y-1 text-xs text-slate-600">
          <CardFact icon={CalendarDays} label="Starts">
            {q.dates.startDate ? formatDate(q.dates.startDate) : 'No date'}
          </CardFact>
          <CardFact icon={UserRound} label="Organizer">
            {`${q.organizer.firstName} ${q.organizer.lastName}`.trim()}
          </CardFact>
        </dl>
        <StatusNote status={q.status} type="quiz" reason={q.rejectionReason} />
        <ManageActions
          title={q.title}
          view={page}
          edit={`${page}/edit`}
          extra={organiserPageOf('quiz', q)}
          onShare={() => void shareLink(q.title, `${window.location.origin}${page}`)}
          onDelete={() => setConfirm(true)}
        />
        <DoorLinks kind="quiz" id={q.id} title={q.title} door={false} />
      </div>
      <ConfirmDialog open={confirm} title="Delete quiz" message="Are you sure you want to delete this quiz?" confirmLabel="Delete" tone="danger" loading={del.isPending} onCancel={() => setConfirm(false)} onConfirm={() => void remove()} />
    </article>
  );
}
