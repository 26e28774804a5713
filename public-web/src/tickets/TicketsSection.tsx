import { Ticket, TriangleAlert } from 'lucide-react';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';
import { SkeletonCards } from '../ui/SkeletonCards';
import { TicketCard } from './TicketCard';
import { useMyTickets } from './ticketsApi';
import type { TicketView } from '@circuit/shared/api/check-in';

/** /user-dashboard's tickets: each with its QR code for the door (docs/day-of.md). */
export function TicketsSection() {
  const tickets = useMyTickets();
  return (
    <section aria-labelledby="tickets-heading" className="mb-8">
      <h2 id="tickets-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Tickets
      </h2>
      {tickets.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading your tickets...
          </p>
          <SkeletonCards count={2} className="lg:grid-cols-2" />
        </>
      ) : tickets.isError ? (
        <Card>
          <EmptyState icon={<TriangleAlert className="size-6" aria-hidden="true" />} title="Your tickets could not be loaded" actions={<Button variant="secondary" onClick={() => void tickets.refetch()}>Try again</Button>}>
            Please check your connection and try again.
          </EmptyState>
        </Card>
      ) : tickets.data.length === 0 ? (
        <Card>
          <EmptyState icon={<Ticket className="size-6" aria-hidden="true" />} title="No tickets yet" actions={<ButtonLink to="/events" variant="secondary">Find events</ButtonLink>}>
            When you register for an event, or your team for a hackathon held at a venue, its ticket appears here.
          </EmptyState>
        </Card>
      ) : (
        <SplitTickets tickets={tickets.data} />
      )}
    </section>
  );
}

/** The tickets still of use first; those of listings that have ended fold away, kept for the record. */
function SplitTickets({ tickets }: { tickets: TicketView[] }) {
  const now = Date.now();
  const ended = (t: TicketView) => Date.parse(t.endsAt ?? t.startsAt) < now;
  const current = tickets.filter((t) => !ended(t));
  const past = tickets.filter(ended);
  return (
    <>
      {current.length === 0 ? <p className="text-sm text-slate-500">No upcoming tickets.</p> : <TicketGrid tickets={current} />}
      {past.length > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium text-slate-700">Past tickets ({past.length})</summary>
          <div className="mt-3">
            <TicketGrid tickets={past} />
          </div>
        </details>
      )}
    </>
  );
}

function TicketGrid({ tickets }: { tickets: TicketView[] }) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {tickets.map((t) => (
        <li key={t.ticketId}>
          <TicketCard ticket={t} />
        </li>
      ))}
    </ul>
  );
}
