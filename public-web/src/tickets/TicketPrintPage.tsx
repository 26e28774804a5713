import { ArrowLeft, Printer, Ticket } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { RequireAuth } from '../auth/RequireAuth';
import { Button, ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { CheckedInBadge, TicketFacts } from './TicketCard';
import { KIND_LABELS, useMyTickets } from './ticketsApi';
import { TicketQr } from './TicketQr';

/**
 * /tickets/{ticketId}: one ticket on a page of its own, to print or to keep open at the door. In print
 * the site's header, footer and buttons go (print:hidden) and the ticket is black on white.
 */
export function TicketPrintPage() {
  return (
    <RequireAuth>
      <TicketPage />
    </RequireAuth>
  );
}

function TicketPage() {
  const { ticketId = '' } = useParams();
  const tickets = useMyTickets();
  const ticket = tickets.data?.find((t) => t.ticketId === ticketId);
  useDocumentTitle(ticket ? `Ticket · ${ticket.listingTitle}` : 'Ticket');
  if (tickets.isPending) return <PageSpinner label="Loading your ticket..." />;
  if (tickets.isError) {
    return (
      <StateScreen title="Your ticket could not be loaded" actions={<Button onClick={() => void tickets.refetch()}>Try again</Button>}>
        Please check your connection and try again.
      </StateScreen>
    );
  }
  if (!ticket) {
    return (
      <StateScreen icon={<Ticket className="size-7" aria-hidden="true" />} title="Ticket not found" actions={<ButtonLink to="/user-dashboard">Go to your tickets</ButtonLink>}>
        This is not one of your tickets, or its registration was cancelled.
      </StateScreen>
    );
  }
  return (
    <div className="ticket-print mx-auto w-full max-w-xl px-4 py-6 print:max-w-none print:p-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <ButtonLink to="/user-dashboard" variant="ghost" size="sm">
          <ArrowLeft className="size-4" aria-hidden="true" /> My dashboard
        </ButtonLink>
        <Button onClick={() => window.print()} icon={<Printer className="size-4" aria-hidden="true" />}>
          Print
        </Button>
      </div>
      <article className="rounded-2xl border-2 border-dashed border-slate-300 bg-white p-6 text-center print:border-black print:shadow-none">
        <p className="text-xs font-semibold tracking-widest text-indigo-700 uppercase print:text-black">{KIND_LABELS[ticket.kind]} ticket</p>
        <h1 className="mt-1 text-2xl font-bold break-words text-slate-900">{ticket.listingTitle}</h1>
        <TicketQr token={ticket.token} label={`QR code of ${ticket.attendeeName}’s ticket for ${ticket.listingTitle}`} className="mx-auto my-5 w-full max-w-72" />
        <div className="mx-auto w-fit text-left">
          <TicketFacts ticket={ticket} />
        </div>
        <div className="mt-4 print:hidden">
          <CheckedInBadge ticket={ticket} />
        </div>
        <p className="mt-5 font-mono text-[10px] break-all text-slate-500 print:text-black">{ticket.token}</p>
      </article>
    </div>
  );
}
