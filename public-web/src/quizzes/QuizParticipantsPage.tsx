import { ArrowLeft, Copy, Download, ShieldAlert, Users } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { QuizParticipant } from '@circuit/shared/api/quizzes';
import { toCsv } from '@circuit/shared/csv/csv';
import { isApiError, messageOf } from '../auth/apiClient';
import { RequireAuth } from '../auth/RequireAuth';
import { formatDateTime } from '../hackathons/labels';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState, StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useQuizParticipants } from './quizzesApi';

const COLUMNS = [
  { key: 'name', label: 'Name' },
  { key: 'username', label: 'Username' },
  { key: 'email', label: 'Email' },
  { key: 'mobile', label: 'Mobile' },
  { key: 'college', label: 'College' },
  { key: 'course', label: 'Course' },
  { key: 'branch', label: 'Branch' },
  { key: 'collegeYear', label: 'Year' },
  { key: 'country', label: 'Country' },
  { key: 'state', label: 'State' },
  { key: 'skills', label: 'Skills' },
  { key: 'registrationDate', label: 'Registration Date' },
  { key: 'paymentStatus', label: 'Payment Status' },
  { key: 'score', label: 'Score' },
  { key: 'timeTaken', label: 'Time Taken (s)' },
  { key: 'completedAt', label: 'Completed At' },
];
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
  skills: p.user.skills,
  registrationDate: p.registrationDate,
  paymentStatus: paymentLabel(p.paymentStatus),
  score: p.score,
  timeTaken: p.timeTaken,
  completedAt: p.completedAt,
});

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
  const csv = () => toCsv(COLUMNS, participants.map(rowOf));
  function download() {
    if (!participants.length) return notify.error('No participants to export');
    const url = URL.createObjectURL(new Blob([csv()], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${quiz.title}_participants.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }
  async function copy() {
    if (!participants.length) return notify.error('No participants to copy');
    try {
      await navigator.clipboard.writeText(csv());
      notify.success('Copied to clipboard');
    } catch {
      notify.error('Failed to copy data');
    }
  }
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
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy className="size-4" aria-hidden="true" /> Copy
          </Button>
          <Button onClick={download}>
            <Download className="size-4" aria-hidden="true" /> Export CSV
          </Button>
        </div>
      </div>
      {participants.length === 0 ? (
        <Card className="mt-6">
          <EmptyState icon={<Users className="size-6" aria-hidden="true" />} title="No participants yet" />
        </Card>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                {['Participant', 'Contact', 'Education', 'Skills', 'Registered', 'Payment', 'Score', 'Time', 'Completed'].map((h) => (
                  <th key={h} scope="col" className="whitespace-nowrap px-4 py-3">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {participants.map((p) => (
                <tr key={p._id} className="align-top">
                  <td className="px-4 py-3">
                    <p className="font-medium text-slate-900">{`${p.user.firstName} ${p.user.lastName}`.trim()}</p>
                    <p className="text-xs text-slate-500">@{p.user.username}</p>
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    <p>{p.user.email}</p>
                    <p className="text-xs text-slate-500">{p.user.mobile}</p>
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    <p>{p.user.college}</p>
                    <p className="text-xs text-slate-500">{[p.user.course, p.user.branch, p.user.collegeYear].filter(Boolean).join(' · ')}</p>
                    <p className="text-xs text-slate-500">{[p.user.state, p.user.country].filter(Boolean).join(', ')}</p>
                  </td>
                  <td className="px-4 py-3 text-xs text-slate-600">
                    {p.user.skills.slice(0, 3).join(', ')}
                    {p.user.skills.length > 3 && ` +${p.user.skills.length - 3} more`}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(p.registrationDate)}</td>
                  <td className="px-4 py-3">{paymentLabel(p.paymentStatus)}</td>
                  <td className="px-4 py-3 font-semibold text-slate-900">{p.score ?? '—'}</td>
                  <td className="px-4 py-3 text-slate-700">{p.timeTaken === null ? '—' : `${p.timeTaken}s`}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{p.completedAt ? formatDateTime(p.completedAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** /admin/quizzes/{quizId}/participants: the organiser or an admin (the server refuses anyone else). */
export function QuizParticipantsPage() {
  const { quizId } = useParams();
  if (!quizId) return <Navigate to="/dashboard" replace />;
  return (
    <RequireAuth>
      <Participants quizId={quizId} />
    </RequireAuth>
  );
}
