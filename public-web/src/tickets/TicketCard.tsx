import { CalendarDays, CircleCheck, MapPin, Monitor, Printer, User } from 'lucide-react';
import type { TicketView } from '@circuit/shared/api/check-in';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../ui/Button';
import { KIND_LABELS, ticketPath, whenOf } from './ticketsApi';
import { TicketQr } from './TicketQr';

/** The facts a ticket shows on screen and on paper. */
export function TicketFacts({ ticket: t }: { ticket: TicketView }) {
  return (
    <dl className="space-y-1.5 text-sm text-slate-700">
      <div className="flex gap-2">
        <dt>
          <CalendarDays className="mt-0.5 size-4 text-slate-500" aria-hidden="true" />
          <span className="sr-only">When</span>
        </dt>
        <dd>{whenOf(t)}</dd>
      </div>
      <div className="flex gap-2">
        <dt>
          {t.venue ? <MapPin className="mt-0.5 size-4 text-slate-500" aria-hidden="true" /> : <Monitor className="mt-0.5 size-4 text-slate-500" aria-hidden="true" />}
          <span className="sr-only">Where</span>
        </dt>
        <dd className="break-words">{t.venue ?? 'Online'}</dd>
      </div>
      <div className="flex gap-2">
        <dt>
          <User className="mt-0.5 size-4 text-slate-500" aria-hidden="true" />
          <span className="sr-only">Attendee</span>
        </dt>
        <dd className="font-medium break-words text-slate-900">{t.attendeeName}</dd>
      </div>
    </dl>
  );
}

/** The token as text: what the door types in when a QR code will not scan. */
export function TicketCode({ token }: { token: string }) {
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-indigo-700">Ticket code</summary>
      <code className="mt-1 block rounded bg-slate-50 p-2 font-mono text-xs break-all select-all">{token}</code>
    </details>
  );
}

export function CheckedInBadge({ ticket }: { ticket: TicketView }) {
  if (!ticket.checkedInAt) return <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Not checked in yet</span>;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
      <CircleCheck className="size-3.5" aria-hidden="true" /> Checked in
    </span>
  );
}

/** One ticket on the dashboard: the QR to show at the door, what it is for, and a way to print it. */
export function TicketCard({ ticket: t }: { ticket: TicketView }) {
  return (
    <article className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row">
      <TicketQr token={t.token} label={`QR code of ${t.attendeeName}’s ticket for ${t.listingTitle}`} className="mx-auto w-full max-w-56 shrink-0 sm:mx-0 sm:w-40" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">{KIND_LABELS[t.kind]}</span>
          <CheckedInBadge ticket={t} />
        </div>
        <h3 className="text-lg leading-snug font-semibold text-slate-900">
          <Link to={t.listingPath} className="hover:text-indigo-700 hover:underline">
            {t.listingTitle}
          </Link>
        </h3>
        <TicketFacts ticket={t} />
        <TicketCode token={t.token} />
        <div className="mt-auto pt-2">
          <ButtonLink to={ticketPath(t.ticketId)} size="sm" variant="secondary">
            <Printer className="size-4" aria-hidden="true" /> Print ticket<span className="sr-only"> for {t.listingTitle}</span>
          </ButtonLink>
        </div>
      </div>
    </article>
  );
}
