import { useState } from 'react';
import type { EventCard } from '@circuit/shared/api/events';
import { messageOf } from '../auth/apiClient';
import { Banner, PhaseBadge } from '../hackathons/HackathonCard';
import { LOCATION_LABELS } from '../hackathons/labels';
import { shareLink } from '../hackathons/useHackathonDetail';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { notify } from '../ui/toast';
import { ManageActions, StatusNote } from '../dashboard/ManageCardParts';
import { useDeleteEvent } from './eventsApi';
import { eventPrice } from './labels';
import { dateFormat } from '../ui/intlFormats';
import { DoorLinks } from '../check-in/DoorLinks';
import { organiserPageOf } from '../check-in/paths';

const startDate = (iso: string) => dateFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' }).format(new Date(iso));

/** The organiser's card on /dashboard (spec 3): facts, then View, Edit, Participants, Share, Delete. */
export function EventManageCard({ event }: { event: EventCard }) {
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteEvent();
  const url = `${window.location.origin}/events/${event.username}`;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <Banner src={event.images.banner} title={event.title} className="h-32 w-full" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div>
          <PhaseBadge hackathon={event} />
        </div>
        <h3 className="font-semibold text-slate-900">{event.title}</h3>
        <p className="line-clamp-2 text-sm text-slate-600">{event.shortDescription}</p>
        <dl className="grid grid-cols-2 gap-1 text-xs text-slate-600">
          <dt className="sr-only">Starts</dt>
          <dd>{startDate(event.dates.startDate)}</dd>
          <dt className="sr-only">Mode</dt>
          <dd>{LOCATION_LABELS[event.location.type]}</dd>
          <dt className="sr-only">Attendees</dt>
          <dd>
            {event.currentAttendees}/{event.maxAttendees > 0 ? event.maxAttendees : '∞'} attendees
          </dd>
          <dt className="sr-only">Price</dt>
          <dd>{eventPrice(event)}</dd>
        </dl>
        <StatusNote status={event.status} type="event" reason={event.rejectionReason} />
        <ManageActions
          title={event.title}
          view={`/events/${event.username}`}
          edit={`/events/${event.username}/edit`}
          extra={organiserPageOf('event', event)}
          onShare={() => void shareLink(event.title, url)}
          onDelete={() => setConfirm(true)}
        />
        <DoorLinks kind="event" id={event.id} title={event.title} />
      </div>
      <ConfirmDialog
        open={confirm}
        tone="danger"
        title="Delete event"
        message="Are you sure you want to delete this event?"
        confirmLabel="Delete"
        loading={remove.isPending}
        onCancel={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate(event.id, {
            onSuccess: () => notify.success('Event deleted successfully'),
            onError: (e) => notify.error(messageOf(e, 'Failed to delete event')),
            onSettled: () => setConfirm(false),
          })
        }
      />
    </article>
  );
}
