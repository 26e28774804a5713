import { Bookmark, BookmarkCheck, Gavel, Megaphone, Pencil, Share2 } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useParams } from 'react-router-dom';
import { NotFoundRedirect } from '../not-found/NotFoundPage';
import { HackathonMessages } from '@circuit/shared/hackathons/messages';
import { Button, ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { HackathonView } from './HackathonView';
import { RegistrationCard } from './RegistrationCard';
import { shareLink, useHackathonDetail } from './useHackathonDetail';

/** /hackathons/{username}: every section of spec 2 section 2, "Hackathon detail". */
export function HackathonDetailPage() {
  const { username = '' } = useParams();
  const detail = useHackathonDetail(username);
  // The answer re-renders the whole page: deferred, React renders it in slices that yield to the browser
  // (the spinner stays meanwhile) instead of one long task in a phone's first seconds.
  const h = useDeferredValue(detail.hackathon);
  useDocumentTitle(h?.title ?? 'Hackathon');

  if (detail.notFound) return <NotFoundRedirect />;
  if (detail.notAvailable) {
    return (
      <StateScreen title={HackathonMessages.notAvailable} actions={<ButtonLink to="/hackathons">Browse Hackathons</ButtonLink>}>
        This hackathon is not public yet.
      </StateScreen>
    );
  }
  if (!h) return <PageSpinner label="Loading hackathon..." />;

  const actions = (
    <>
      <Button variant="secondary" aria-pressed={detail.isSaved} onClick={detail.toggleSave} disabled={detail.saving}>
        {detail.isSaved ? <BookmarkCheck className="h-4 w-4" aria-hidden="true" /> : <Bookmark className="h-4 w-4" aria-hidden="true" />}
        {detail.isSaved ? 'Saved' : 'Save'}
      </Button>
      <Button variant="secondary" onClick={() => void shareLink(h.title)}>
        <Share2 className="h-4 w-4" aria-hidden="true" /> Share
      </Button>
      {detail.canEdit && (
        <ButtonLink to={`/hackathons/${h.username}/edit`} variant="secondary">
          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
        </ButtonLink>
      )}
      {detail.canEdit && (
        // The same creator-or-admin rule as editing governs announcements and sponsors.
        <ButtonLink to={`/admin/hackathons/${h.username}/announcements`} variant="secondary">
          <Megaphone className="h-4 w-4" aria-hidden="true" /> Announcements
        </ButtonLink>
      )}
      {detail.canEdit && (
        <ButtonLink to={`/hackathons/${h.username}/judging/manage`} variant="secondary">
          <Gavel className="h-4 w-4" aria-hidden="true" /> Judging
        </ButtonLink>
      )}
    </>
  );
  const notes = (
    <>
      {h.status === 'rejected' && h.rejectionReason && <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">Rejected: {h.rejectionReason}</p>}
      {h.status === 'pending' && <p className="mt-2 rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-800">In review: we review new hackathons within 24 to 48 hours.</p>}
    </>
  );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <HackathonView hackathon={h} actions={actions} notes={notes} registration={<RegistrationCard hackathon={h} />} />
    </div>
  );
}
