import { CalendarDays, ScanLine, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CoHostedListing } from '@circuit/shared/api/check-in';
import type { CoHostRole } from '@circuit/shared/events/check-in';
import { formatDateTime } from '../hackathons/labels';
import { KIND_LABELS } from '../tickets/ticketsApi';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';
import { checkInPath, organiserPageOf } from './paths';
import { useCoHosting } from './useCoHosting';

const ROLES: Record<CoHostRole, { label: string; words: string }> = {
  manager: { label: 'Manager', words: 'You run it with the organiser: everything but deleting it.' },
  'check-in': { label: 'Check-in', words: 'You check people in at the door.' },
};

/** The listing's edit form, which a manager may use as its organiser does. */
const editPathOf = (l: CoHostedListing) => (l.kind === 'quiz' ? `/quiz/${encodeURIComponent(l.id)}/edit` : `/${l.kind === 'event' ? 'events' : 'hackathons'}/${encodeURIComponent(l.username ?? l.id)}/edit`);

/** One listing the user co-hosts: what it is, their role in words, and the ways in their role opens. */
function CoHostedCard({ listing: l }: { listing: CoHostedListing }) {
  const role = ROLES[l.role];
  const page = organiserPageOf(l.kind, l);
  return (
    <article className="flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">{KIND_LABELS[l.kind]}</span>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">{role.label}</span>
      </div>
      <h3 className="text-lg leading-snug font-semibold break-words text-slate-900">
        <Link to={l.path} className="hover:text-indigo-700 hover:underline">
          {l.title}
        </Link>
      </h3>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <CalendarDays className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="sr-only">Starts</span>
        {formatDateTime(l.startsAt)}
      </p>
      <p className="text-sm text-slate-600">{role.words}</p>
      {/* A quiz has no door, and a check-in co-host has nothing else to open there: no row at all. */}
      {(l.hasDoor || l.role === 'manager') && (
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {l.hasDoor && (
            <ButtonLink to={checkInPath(l.kind, l.id)} size="sm">
              <ScanLine className="size-4" aria-hidden="true" /> Open check-in<span className="sr-only"> for {l.title}</span>
            </ButtonLink>
          )}
          {l.role === 'manager' && (
            <>
              <ButtonLink to={page.to} size="sm" variant="secondary">
                {page.label}
                <span className="sr-only"> of {l.title}</span>
              </ButtonLink>
              <ButtonLink to={editPathOf(l)} size="sm" variant="secondary">
                Edit<span className="sr-only"> {l.title}</span>
              </ButtonLink>
            </>
          )}
        </div>
      )}
    </article>
  );
}

/**
 * /user-dashboard's listings the user co-hosts, so a co-host finds the door without being sent its address.
 * Most people co-host nothing: the section appears only once there is something in it (while loading, only
 * a screen reader hears that it is being checked), and a failure says so, since the list may not be empty.
 */
export function CoHostingSection() {
  const hosting = useCoHosting();
  if (hosting.isPending) {
    return (
      <p role="status" className="sr-only">
        Loading the listings you co-host...
      </p>
    );
  }
  if (!hosting.isError && hosting.data.length === 0) return null;
  return (
    <section aria-labelledby="co-hosting-heading" className="mb-8">
      <h2 id="co-hosting-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Co-hosting
      </h2>
      {hosting.isError ? (
        <Card>
          <EmptyState icon={<TriangleAlert className="size-6" aria-hidden="true" />} title="The listings you co-host could not be loaded" actions={<Button variant="secondary" onClick={() => void hosting.refetch()}>Try again</Button>}>
            Please check your connection and try again.
          </EmptyState>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {hosting.data.map((l) => (
            <li key={`${l.kind}-${l.id}`}>
              <CoHostedCard listing={l} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
