import { Bookmark, BookmarkCheck, Pencil, Share2, Users } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { NotFoundRedirect } from '../not-found/NotFoundPage';
import { EventMessages } from '@circuit/shared/event-listings/messages';
import { isApiError, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { shareLink } from '../hackathons/useHackathonDetail';
import { Button, ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { EventRegistrationCard } from './EventRegistrationCard';
import { EventView } from './EventView';
import { useEvent, useSavedEvents, useSaveEvent } from './eventsApi';

/** /events/{username}: the event, its registration card, save, share, edit and participants for its organiser. */
export function EventDetailPage() {
  const { username = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const query = useEvent(username);
  const saved = useSavedEvents(Boolean(user));
  const save = useSaveEvent();
  const e = query.data;
  useDocumentTitle(e?.title ?? 'Event');
  const status = isApiError(query.error) ? query.error.status : null;

  useEffect(() => {
    // Anything but "not found" or "not public": the server's message, back to the list (spec 2 section 8).
    if (query.error && status !== 404 && status !== 403) {
      notify.error(messageOf(query.error, EventMessages.loadFailed));
      navigate('/events', { replace: true });
    }
  }, [query.error, status, navigate]);

  if (status === 404) return <NotFoundRedirect />;
  if (status === 403) {
    return (
      <StateScreen title={EventMessages.notAvailable} actions={<ButtonLink to="/events">Browse Events</ButtonLink>}>
        This event is not public yet.
      </StateScreen>
    );
  }
  if (!e) return <PageSpinner label="Loading event..." />;

  const isSaved = Boolean(saved.data?.some((s) => s.id === e.id));
  const canEdit = Boolean(user && (user.id === e.createdBy._id || user.role === 'admin'));
  const canSeeParticipants = Boolean(user && (canEdit || user.role === 'moderator'));
  const toggleSave = () => {
    if (!user) return notify.error(EventMessages.saveLogin);
    save.mutate({ event: e, saved: !isSaved }, { onSuccess: () => notify.success(isSaved ? EventMessages.unsaved : EventMessages.saved), onError: (err) => notify.error(messageOf(err, 'Failed to update event save status')) });
  };
  const actions = (
    <>
      <Button variant="secondary" aria-pressed={isSaved} onClick={toggleSave} disabled={save.isPending}>
        {isSaved ? <BookmarkCheck className="h-4 w-4" aria-hidden="true" /> : <Bookmark className="h-4 w-4" aria-hidden="true" />}
        {isSaved ? 'Saved' : 'Save'}
      </Button>
      <Button variant="secondary" onClick={() => void shareLink(e.title)}>
        <Share2 className="h-4 w-4" aria-hidden="true" /> Share
      </Button>
      {canEdit && (
        <ButtonLink to={`/events/${e.username}/edit`} variant="secondary">
          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
        </ButtonLink>
      )}
      {canSeeParticipants && (
        <ButtonLink to={`/admin/events/${e.id}/participants`} variant="secondary">
          <Users className="h-4 w-4" aria-hidden="true" /> Participants
        </ButtonLink>
      )}
    </>
  );
  const notes = (
    <>
      {e.status === 'rejected' && e.rejectionReason && <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">Rejected: {e.rejectionReason}</p>}
      {e.status === 'pending' && <p className="rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-800">In review: we review new events within 24 to 48 hours.</p>}
    </>
  );
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <EventView event={e} actions={actions} notes={notes} registration={<EventRegistrationCard event={e} />} />
    </div>
  );
}
