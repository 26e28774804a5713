import { ArrowLeft, Users } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { PARTICIPANT_CSV_COLUMNS, participantCsvRow, type EventParticipant } from '@circuit/shared/api/events';
import { EVENT_LIMITS } from '@circuit/shared/event-listings/options';
import { isApiError, messageOf } from '../auth/apiClient';
import { formatDateTime } from '../hackathons/labels';
import { ButtonLink } from '../ui/Button';
import { CsvActions } from '../participants/CsvActions';
import { ParticipantsTable, type ParticipantColumn } from '../participants/ParticipantsTable';
import { checkedInColumn } from '../participants/checkedInColumn';
import { EmptyState, StateScreen } from '../ui/EmptyState';
import { CertificatesPanel } from '../certificates/CertificatesPanel';
import { PageSpinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { useParticipants } from './eventsApi';

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
const text = 'text-slate-700';

const COLUMNS: ParticipantColumn<EventParticipant>[] = [
  {
    header: 'Participant',
    cell: (p) => (
      <div className="flex items-center gap-2">
        {p.user.profilePicture ? <img src={p.user.profilePicture} alt="" className="size-8 rounded-full object-cover" /> : <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700">{p.user.name.slice(0, 1)}</span>}
        <div>
          <p className="font-medium text-slate-900">{p.user.name}</p>
          <p className="text-xs text-slate-500">@{p.user.username}</p>
        </div>
      </div>
    ),
  },
  { header: 'Email', className: text, cell: (p) => p.user.email },
  { header: 'Mobile', className: text, cell: (p) => p.user.mobile },
  { header: 'College', className: text, cell: (p) => p.user.college },
  { header: 'Course', className: text, cell: (p) => p.user.course },
  { header: 'Branch', className: text, cell: (p) => p.user.branch },
  { header: 'Year', className: `whitespace-nowrap ${text}`, cell: (p) => p.user.collegeYear },
  { header: 'Location', className: text, cell: (p) => [p.user.state, p.user.country].filter(Boolean).join(', ') },
  { header: 'Address', className: text, cell: (p) => p.user.address },
  { header: 'Skills', cell: (p) => <Skills skills={p.user.skills} /> },
  { header: 'Registered', className: `whitespace-nowrap ${text}`, cell: (p) => formatDateTime(p.registrationDate) },
  { header: 'Payment', cell: (p) => <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${PAYMENT_STYLES[p.paymentStatus]}`}>{p.paymentStatus}</span> },
  checkedInColumn((p) => p.checkedInAt),
];

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
        <CsvActions columns={PARTICIPANT_CSV_COLUMNS} rows={() => participants.map(participantCsvRow)} fileName={fileName(event.title)} bom />
      </header>
      <div className="mb-6">
        <CertificatesPanel kind="event" listingId={eventId} />
      </div>
      {participants.length === 0 ? (
        <EmptyState icon={<Users className="size-7" aria-hidden="true" />} title="No participants yet">
          Registrations will show here as they come in.
        </EmptyState>
      ) : (
        <ParticipantsTable rows={participants} columns={COLUMNS} />
      )}
    </div>
  );
}
