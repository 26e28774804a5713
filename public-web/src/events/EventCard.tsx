import clsx from 'clsx';
import { Bookmark, CalendarDays, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { EventCard as Card } from '@circuit/shared/api/events';
import { EventMessages } from '@circuit/shared/event-listings/messages';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { Banner, CardFact, PhaseBadge } from '../hackathons/HackathonCard';
import { LOCATION_LABELS } from '../hackathons/labels';
import { When } from '../ui/When';
import { notify } from '../ui/toast';
import { useSaveEvent, useSavedEvents } from './eventsApi';
import { EVENT_TYPE_LABELS, eventPrice, isFull, seatsText } from './labels';

/** The save toggle: optimistic, put back when the server refuses (spec 2 section 4). */
export function SaveEventButton({ event, className }: { event: Card; className?: string }) {
  const { user } = useAuth();
  const saved = useSavedEvents(Boolean(user));
  const save = useSaveEvent();
  const isSaved = Boolean(saved.data?.some((e) => e.id === event.id));
  const toggle = () => {
    if (!user) return notify.error(EventMessages.saveLogin);
    save.mutate(
      { event, saved: !isSaved },
      { onSuccess: () => notify.success(isSaved ? EventMessages.unsaved : EventMessages.saved), onError: (e) => notify.error(messageOf(e, 'Failed to update event save status')) },
    );
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={isSaved}
      aria-label={isSaved ? `Remove ${event.title} from saved events` : `Save ${event.title}`}
      className={clsx('rounded-full bg-white/90 p-2 text-slate-700 shadow-sm ring-1 ring-slate-200 transition hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500', className)}
    >
      <Bookmark className={clsx('size-4', isSaved && 'fill-indigo-600 text-indigo-600')} aria-hidden="true" />
    </button>
  );
}

/** A card of the list, the carousels and the dashboards: banner, state, title, short description, start, mode, seats, price. */
export function EventCard({ event, footer }: { event: Card; footer?: ReactNode }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-indigo-500 hover:-translate-y-0.5 hover:shadow-md">
      <Banner src={event.images.banner} title={event.title} className="h-36 w-full" />
      <SaveEventButton event={event} className="absolute right-3 top-3 z-10" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-1.5">
            <PhaseBadge hackathon={event} />
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{EVENT_TYPE_LABELS[event.eventType]}</span>
          </div>
          <span className="whitespace-nowrap text-sm font-semibold text-slate-900">{eventPrice(event)}</span>
        </div>
        <h2 className="text-lg font-semibold leading-snug text-slate-900">
          <Link to={`/events/${event.username}`} className="after:absolute after:inset-0 focus:outline-none group-focus-within:underline">
            <span className="relative">{event.title}</span>
          </Link>
        </h2>
        <p className="line-clamp-2 text-sm text-slate-600">{event.shortDescription}</p>
        <dl className="mt-auto grid grid-cols-2 gap-2 text-xs text-slate-600">
          <CardFact icon={CalendarDays} label="Starts">
            <When iso={event.dates.startDate} />
          </CardFact>
          <CardFact icon={MapPin} label="Mode">
            {LOCATION_LABELS[event.location.type]}
          </CardFact>
          <CardFact icon={Users} label="Attendees" className={isFull(event) ? 'font-medium text-amber-700' : undefined}>
            {seatsText(event)}
            {isFull(event) ? ' · Waitlist' : ''}
          </CardFact>
          <CardFact icon={CalendarDays} label="State">
            {event.displayStatus}
          </CardFact>
        </dl>
        {footer && <div className="relative z-10 border-t border-slate-100 pt-3">{footer}</div>}
      </div>
    </article>
  );
}
