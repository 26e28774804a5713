import { ArrowLeft, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Announcement } from '@circuit/shared/api/hackathon-announcements';
import { Button, ButtonLink } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { EmptyState, StateScreen } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { RichText } from '../DetailSections';
import { AnnouncementCard, PostedOn, TypeBadge } from './AnnouncementCard';
import { ResultsView } from './ResultsView';
import { useAnnouncementsPage } from './useAnnouncementsPage';

/**
 * /hackathons/{hackathonId}/announcements: cards with a View Full Announcement button that opens the
 * whole announcement in a dialog; Back goes back in the browser's history.
 */
export function AnnouncementsById({ hackathonId }: { hackathonId: string }) {
  const page = useAnnouncementsPage(hackathonId);
  const navigate = useNavigate();
  const [open, setOpen] = useState<Announcement | null>(null);
  useDocumentTitle(page.data ? `Announcements · ${page.data.hackathon.title}` : 'Announcements');
  // A page opened directly has nothing to go back to: its hackathon's page is the way back then.
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(page.data ? `/hackathons/${page.data.hackathon.username}` : '/hackathons'));

  if (page.notFound || page.notAvailable) {
    return (
      <StateScreen icon={<Megaphone className="size-7" aria-hidden="true" />} title={page.notFound ? 'Hackathon not found' : 'Not Available'} actions={<ButtonLink to="/hackathons">Back to Hackathons</ButtonLink>}>
        {page.notFound ? 'There is no hackathon with this id.' : 'This hackathon is not public yet.'}
      </StateScreen>
    );
  }
  if (page.failed) {
    return (
      <StateScreen title={page.failedMessage} actions={<Button onClick={page.retry}>Try again</Button>}>
        Please check your connection and try again.
      </StateScreen>
    );
  }
  if (!page.data) return <PageSpinner label="Loading announcements..." />;
  const { announcements, hackathon } = page.data;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <Button variant="ghost" size="sm" onClick={back} className="-ml-2">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back
      </Button>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Announcements</h1>
      <p className="mt-1 break-words text-slate-600">{hackathon.title}</p>
      {announcements.length === 0 ? (
        <EmptyState icon={<Megaphone className="size-6" aria-hidden="true" />} title="No announcements yet" className="mt-6">
          The organisers post news, schedule changes and results here.
        </EmptyState>
      ) : (
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          {announcements.map((a) => (
            <AnnouncementCard
              key={a.id}
              announcement={a}
              full={false}
              clamp
              actions={
                <Button variant="secondary" size="sm" onClick={() => setOpen(a)} aria-describedby={`announcement-${a.id}`}>
                  View Full Announcement
                </Button>
              }
            />
          ))}
        </div>
      )}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        size="lg"
        title={open?.title ?? ''}
        description={
          open && (
            <span className="flex flex-wrap items-center gap-2">
              <TypeBadge type={open.type} /> <PostedOn iso={open.createdAt} />
            </span>
          )
        }
        footer={<Button onClick={() => setOpen(null)}>Close</Button>}
      >
        {open && (
          <>
            <RichText html={open.content} empty="" />
            <ResultsView results={open.results} />
          </>
        )}
      </Dialog>
    </div>
  );
}
