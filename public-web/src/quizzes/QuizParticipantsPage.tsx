import { ArrowLeft, ShieldAlert, Users } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { PARTICIPANT_PROFILE_CSV_COLUMNS } from '@circuit/shared/api/participants';
import type { QuizParticipant } from '@circuit/shared/api/quizzes';
import { isApiError, messageOf } from '../auth/apiClient';
import { RequireAuth } from '../auth/RequireAuth';
import { formatDateTime } from '../hackathons/labels';
import { CsvActions } from '../participants/CsvActions';
import { ParticipantsTable, type ParticipantColumn } from '../participants/ParticipantsTable';
import { Card } from '../ui/Card';
import { EmptyState, StateScreen } from '../ui/EmptyState';
import { CertificatesPanel } from '../certificates/CertificatesPanel';
import { PageSpinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useQuizParticipants } from './quizzesApi';

const COLUMNS = [...PARTICIPANT_PROFILE_CSV_COLUMNS, { key: 'address', label: 'Address' }, { key: 'skills', label: 'Skills' }, { key: 'registrationDate', label: 'Registration Date' }, { key: 'paymentStatus', label: 'Payment Status' }, { key: 'score', label: 'Score' }, { key: 'timeTaken', label: 'Time Taken (s)' }, { key: 'completedAt', label: 'Completed At' }];
const paymentLabel = (s: string) => (s === 'completed' ? 'Completed' : s === 'pending' ? 'Pending' : 'Failed');

const rowOf = (p: QuizParticipant) => ({
  name: `${p.user.firstName} ${p.user.lastName}`.trim(),
  username: p.user.username,
  email: p.user.email,
  mobile: p.user.mobile,
  college: p.user.college,
  course: p.user.course,
  branch: p.user.branch,
  collegeYear: p.user.collegeYear,
  country: p.user.country,
  state: p.user.state,
  address: p.user.address,
  skills: p.user.skills,
  registrationDate: p.registrationDate,
  paymentStatus: paymentLabel(p.paymentStatus),
  score: p.score,
  timeTaken: p.timeTaken,
  completedAt: p.completedAt,
});

const text = 'text-slate-700';
const TABLE: ParticipantColumn<QuizParticipant>[] = [
  {
    header: 'Participant',
    cell: (p) => (
      <>
        <p className="font-medium text-slate-900">{`${p.user.firstName} ${p.user.lastName}`.trim()}</p>
        <p className="text-xs text-slate-500">@{p.user.username}</p>
      </>
    ),
  },
  {
    header: 'Contact',
    className: text,
    cell: (p) => (
      <>
        <p>{p.user.email}</p>
        <p className="text-xs text-slate-500">{p.user.mobile}</p>
      </>
    ),
  },
  {
    header: 'Education',
    // Wide enough for a college's name on a line or two: the long date columns otherwise squeeze it to a word a line.
    className: `min-w-52 ${text}`,
    cell: (p) => (
      <>
        <p>{p.user.college}</p>
        <p className="text-xs text-slate-500">{[p.user.course, p.user.branch, p.user.collegeYear].filter(Boolean).join(' · ')}</p>
        <p className="text-xs text-slate-500">{[p.user.state, p.user.country].filter(Boolean).join(', ')}</p>
      </>
    ),
  },
  { header: 'Skills', className: 'min-w-40 text-xs text-slate-600', cell: (p) => `${p.user.skills.slice(0, 3).join(', ')}${p.user.skills.length > 3 ? ` +${p.user.skills.length - 3} more` : ''}` },
  { header: 'Registered', className: `whitespace-nowrap ${text}`, cell: (p) => formatDateTime(p.registrationDate) },
  { header: 'Payment', cell: (p) => paymentLabel(p.paymentStatus) },
  { header: 'Score', className: 'font-semibold text-slate-900', cell: (p) => p.score ?? '—' },
  { header: 'Time', className: text, cell: (p) => (p.timeTaken === null ? '—' : `${p.timeTaken}s`) },
  { header: 'Completed', className: `whitespace-nowrap ${text}`, cell: (p) => (p.completedAt ? formatDateTime(p.completedAt) : '—') },
];

function Participants({ quizId }: { quizId: string }) {
  const list = useQuizParticipants(quizId);
  useDocumentTitle('Quiz participants');
  if (list.isPending) return <PageSpinner />;
  if (list.isError) {
    const forbidden = isApiError(list.error) && list.error.status === 403;
    return (
      <StateScreen icon={<ShieldAlert className="size-7" aria-hidden="true" />} title={forbidden ? 'Not allowed' : 'Failed to fetch participants'}>
        {messageOf(list.error, 'Failed to fetch participants')}
      </StateScreen>
    );
  }
  const { quiz, participants } = list.data;
  return (
    <div className="mx-auto w-full min-w-0 max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Link to={`/quiz/${quiz._id}`} className="inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to quiz
      </Link>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Participants</h1>
          <p className="text-slate-600">
            {quiz.title} · {participants.length} registered
          </p>
        </div>
        <CsvActions columns={COLUMNS} rows={() => participants.map(rowOf)} fileName={`${quiz.title}_participants.csv`} />
      </div>
      <div className="mt-6">
        <CertificatesPanel kind="quiz" listingId={quiz._id} />
      </div>
      {participants.length === 0 ? (
        <Card className="mt-6">
          <EmptyState icon={<Users className="size-6" aria-hidden="true" />} title="No participants yet" />
        </Card>
      ) : (
        <div className="mt-6">
          <ParticipantsTable rows={participants} columns={TABLE} />
        </div>
      )}
    </div>
  );
}

/** /admin/quizzes/{quizId}/participants: the organiser, admins and moderators (the server refuses anyone else). */
export function QuizParticipantsPage() {
  const { quizId } = useParams();
  if (!quizId) return <Navigate to="/dashboard" replace />;
  return (
    <RequireAuth>
      <Participants quizId={quizId} />
    </RequireAuth>
  );
}
