import { ArrowLeft, ClipboardCopy, Download, Users } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { PARTICIPANT_CSV_COLUMNS, participantCsvRow, type EventParticipant } from '@circuit/shared/api/events';
import { toCsv } from '@circuit/shared/csv/csv';
import { EVENT_LIMITS } from '@circuit/shared/event-listings/options';
import { isApiError, messageOf } from '../auth/apiClient';
import { formatDateTime } from '../hackathons/labels';
import { Button, ButtonLink } from '../ui/Button';
import { EmptyState, StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useParticipants } from './eventsApi';

const csvOf = (rows: EventParticipant[]) => toCsv([...PARTICIPANT_CSV_COLUMNS], rows.map(participantCsvRow));
const fileName = (title: string) => `${title.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'event'}_participants.csv`;

function Skills({ skills }: { skills: string[] }) {
  const shown = skills.slice(0, EVENT_LIMITS.cardSkills);
  const more = skills.length - shown.length;
  if (skills.length === 0) return <span className="text-slate-500">None</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((s) => (
        <span key={s} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          {s}
        </span>
      ))}
      {more > 0 && <span className="text-xs text-slate-500">+{more} more</span>}
    </span>
  );
}

const PAYMENT_STYLES = { completed: 'bg-emerald-100 text-emerald-800', pending: 'bg-amber-100 text-amber-800' } as const;

/** /admin/events/{eventId}/participants (spec 3): every column, CSV export and copy; the server decides who may see it. */
export function EventParticipantsPage() {
  const { eventId = '' } = useParams();
  const query = useParticipants(eventId);
  useDocumentTitle(query.data ? `Participants: ${query.data.event.title}` : 'Participants');
  if (!eventId) return <Navigate to="/dashboard" replace />;
  if (query.isPending) return <PageSpinner label="Loading participants..." />;
  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    return (
      <StateScreen title={status === 403 ? 'Not allowed' : status === 404 ? 'Event not found' : 'Failed to load participants'} actions={<ButtonLink to="/dashboard">Back to dashboard</ButtonLink>}>
        {messageOf(query.error, 'Please try again later.')}
      </StateScreen>
    );
  }
  const { event, participants } = query.data;

  const exportCsv = () => {
    if (participants.length === 0) return notify.error('No participants to export');
    const url = URL.createObjectURL(new Blob([`\uFEFF${csvOf(participants)}`], { type: 'text/csv;charset=utf-8' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: fileName(event.title) });
    a.click();
    URL.revokeObjectURL(url);
  };
  const copy = async () => {
    if (participants.length === 0) return notify.error('No participants to copy');
    try {
      await navigator.clipboard.writeText(csvOf(participants));
      notify.success('Participants copied to clipboard');
    } catch {
      notify.error('Could not copy to the clipboard');
    }
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Link to={`/events/${event.username}`} className="mb-4 inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to {event.title}
      </Link>
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Participants</h1>
          <p className="text-slate-600">
            {event.title} · {participants.length} {participants.length === 1 ? 'participant' : 'participants'}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void copy()}>
            <ClipboardCopy className="h-4 w-4" aria-hidden="true" /> Copy
          </Button>
          <Button onClick={exportCsv}>
            <Download className="h-4 w-4" aria-hidden="true" /> Export to CSV
          </Button>
        </div>
      </header>
      {participants.length === 0 ? (
        <EmptyState icon={<Users className="size-7" aria-hidden="true" />} title="No participants yet">
          Registrations will show here as they come in.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm" role="region" aria-label="Participants table" tabIndex={0}>
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                {['Participant', 'Email', 'Mobile', 'College', 'Course', 'Branch', 'Year', 'Location', 'Address', 'Skills', 'Registered', 'Payment'].map((h) => (
                  <th key={h} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {participants.map((p) => (
                <tr key={p._id} className="align-top">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-2">
                      {p.user.profilePicture ? <img src={p.user.profilePicture} alt="" className="size-8 rounded-full object-cover" /> : <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">{p.user.name.slice(0, 1)}</span>}
                      <div>
                        <p className="font-medium text-slate-900">{p.user.name}</p>
                        <p className="text-xs text-slate-500">@{p.user.username}</p>
                      </div>
                    </div>
                  </td>
                  <td className="px-4 py-3 text-slate-700">{p.user.email}</td>
                  <td className="px-4 py-3 text-slate-700">{p.user.mobile}</td>
                  <td className="px-4 py-3 text-slate-700">{p.user.college}</td>
                  <td className="px-4 py-3 text-slate-700">{p.user.course}</td>
                  <td className="px-4 py-3 text-slate-700">{p.user.branch}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{p.user.collegeYear}</td>
                  <td className="px-4 py-3 text-slate-700">{[p.user.state, p.user.country].filter(Boolean).join(', ')}</td>
                  <td className="px-4 py-3 text-slate-700">{p.user.address}</td>
                  <td className="px-4 py-3">
                    <Skills skills={p.user.skills} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(p.registrationDate)}</td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${PAYMENT_STYLES[p.paymentStatus]}`}>{p.paymentStatus}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
