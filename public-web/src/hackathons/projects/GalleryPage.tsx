import { ArrowLeft, FolderOpen, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { NotFoundRedirect } from '../../not-found/NotFoundPage';
import { Alert } from '../../ui/Alert';
import { Button, ButtonLink } from '../../ui/Button';
import { EmptyState, StateScreen } from '../../ui/EmptyState';
import { plural } from '../../ui/plural';
import { SkeletonCards } from '../../ui/SkeletonCards';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { GalleryToolbar } from './GalleryToolbar';
import { ProjectCardView } from './ProjectCardView';
import { useGalleryPage } from './useGalleryPage';
import { useMyReactions } from './projectQueries';

const SCOPE_NOTE = {
  staff: 'The gallery is not open to everyone yet: as the organiser you see every submitted project.',
  judge: 'The gallery is not open to everyone yet: you see the projects assigned to you.',
  team: 'The gallery is not open to everyone yet: you see your own project.',
} as const;

/** /hackathons/{username}/projects: the submitted projects, with search and filters kept in the URL. */
export function GalleryPage() {
  const { username = '' } = useParams();
  const page = useGalleryPage(username);
  const data = page.data;
  const mine = useMyReactions(username);
  useDocumentTitle(data ? `Projects · ${data.hackathon.title}` : 'Projects');

  if (page.notFound) return <NotFoundRedirect />;
  if (page.notAvailable) {
    return (
      <StateScreen title="Not Available" actions={<ButtonLink to="/hackathons">Browse Hackathons</ButtonLink>}>
        This hackathon is not public yet.
      </StateScreen>
    );
  }
  if (page.failed) {
    return (
      <StateScreen title={page.failed} actions={<Button onClick={page.retry}>Try again</Button>}>
        Please check your connection and try again.
      </StateScreen>
    );
  }

  const scope = data?.viewer.scope;
  const closed = data && !data.galleryOpen && scope === 'none';
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <Link to={`/hackathons/${username}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {data ? `Back to ${data.hackathon.title}` : 'Back to the hackathon'}
      </Link>
      <div className="mt-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Projects</h1>
        <p className="mt-1 min-h-6 break-words text-slate-600">{data ? `${data.hackathon.title} · ${data.total} ${plural(data.total, 'project', 'projects')}` : ' '}</p>
      </div>

      {closed ? (
        <EmptyState icon={<Lock className="size-6" aria-hidden="true" />} title={M.galleryClosed} className="mt-6 rounded-2xl border border-slate-200 bg-white">
          The organisers open the gallery once judging allows it. Come back later to see what the teams built.
        </EmptyState>
      ) : (
        <>
          {scope && scope !== 'everyone' && scope !== 'none' && !data.galleryOpen && (
            <Alert tone="info" className="mt-4">
              {SCOPE_NOTE[scope]}
            </Alert>
          )}
          <div className="mt-6">
            <GalleryToolbar draft={page.filters.draft} tracks={data?.tracks ?? []} onChange={page.filters.change} canClear={page.filtered} onClear={page.filters.clear} />
          </div>
          <div className="mt-6" aria-busy={!data || page.stale || undefined}>
            {!data ? (
              <SkeletonCards count={6} className="sm:grid-cols-2 lg:grid-cols-3" />
            ) : page.shown.length === 0 ? (
              <EmptyState icon={<FolderOpen className="size-6" aria-hidden="true" />} title={page.filtered ? 'No projects match' : 'No projects yet'} actions={page.filtered ? <Button variant="secondary" onClick={page.filters.clear}>Clear filters</Button> : undefined}>
                {page.filtered ? 'Try other words or another track.' : 'Submitted projects appear here.'}
              </EmptyState>
            ) : (
              <>
                <p className="sr-only" role="status">
                  {page.shown.length < data.total ? `${page.shown.length} of ${data.total} projects shown` : `${page.shown.length} ${plural(page.shown.length, 'project', 'projects')} shown`}
                </p>
                <ul className={page.stale ? 'grid gap-5 opacity-60 transition-opacity sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3'}>
                  {page.shown.map((card, i) => (
                    <li key={card.id} className="flex">
                      <ProjectCardView card={card} hackathon={username} tracks={data.tracks} eager={i < 3} mine={mine && { liked: mine.liked.includes(card.id), saved: mine.saved.includes(card.id) }} />
                    </li>
                  ))}
                </ul>
                {page.hasMore && (
                  <div className="mt-8 flex flex-col items-center gap-2">
                    {page.moreFailed && (
                      <p className="text-sm text-red-700" role="alert">
                        The next projects could not be loaded. Please try again.
                      </p>
                    )}
                    <Button variant="secondary" onClick={page.loadMore} disabled={page.loadingMore || page.stale}>
                      {page.loadingMore ? 'Loading...' : 'Load more'}
                    </Button>
                    <p className="text-xs text-slate-500">
                      {page.shown.length} of {data.total} shown
                    </p>
                  </div>
                )}
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
