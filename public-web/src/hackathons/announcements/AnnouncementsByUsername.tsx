import { ArrowLeft, Megaphone, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AnnouncementType } from '@circuit/shared/hackathons/options';
import { ANNOUNCEMENT_TYPES } from '@circuit/shared/hackathons/options';
import { Button, ButtonLink } from '../../ui/Button';
import { EmptyState, StateScreen } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AnnouncementCard } from './AnnouncementCard';
import { AnnouncementTabs, type Tab } from './AnnouncementTabs';
import { TYPE_LABELS } from './labels';
import { useAnnouncementsPage } from './useAnnouncementsPage';

type Filter = 'all' | AnnouncementType;

const EMPTY: Record<Filter, [string, string]> = {
  all: ['No announcements yet', 'The organisers post news, schedule changes and results here.'],
  general: ['No general announcements', 'General news from the organisers will appear here.'],
  important: ['No important announcements', 'Urgent updates will appear here (registered participants also get them by e-mail).'],
  results: ['No results yet', 'Winners will be announced here once judging is done.'],
};

/** /hackathons/{username}/announcements: every announcement, with All, General, Important and Results tabs and their counts. */
export function AnnouncementsByUsername({ username }: { username: string }) {
  const page = useAnnouncementsPage(username);
  const [filter, setFilter] = useState<Filter>('all');
  useDocumentTitle(page.data ? `Announcements · ${page.data.hackathon.title}` : 'Announcements');

  if (page.notFound || page.notAvailable) {
    return (
      <StateScreen icon={<Megaphone className="size-7" aria-hidden="true" />} title={page.notFound ? 'Hackathon not found' : 'Not Available'} actions={<ButtonLink to="/hackathons">Browse Hackathons</ButtonLink>}>
        {page.notFound ? 'There is no hackathon at this address.' : 'This hackathon is not public yet.'}
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
  const shown = filter === 'all' ? announcements : announcements.filter((a) => a.type === filter);
  const tabs: Tab<Filter>[] = [{ key: 'all', label: 'All', count: announcements.length }, ...ANNOUNCEMENT_TYPES.map((t) => ({ key: t, label: TYPE_LABELS[t], count: announcements.filter((a) => a.type === t).length }))];
  const [emptyTitle, emptyText] = EMPTY[filter];

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <Link to={`/hackathons/${hackathon.username}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to {hackathon.title}
      </Link>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Announcements</h1>
          <p className="mt-1 break-words text-slate-600">{hackathon.title}</p>
        </div>
        {hackathon.canManage && (
          <ButtonLink to={`/admin/hackathons/${hackathon.username}/announcements`} variant="secondary" size="sm">
            <Settings className="size-4" aria-hidden="true" /> Manage
          </ButtonLink>
        )}
      </div>
      <div className="mt-6">
        <AnnouncementTabs<Filter> tabs={tabs} selected={filter} onSelect={setFilter} panelId="announcements-panel" label="Announcement types" />
      </div>
      <div id="announcements-panel" role="tabpanel" aria-labelledby={`tab-${filter}`} tabIndex={0} className="mt-6 space-y-4 focus-visible:outline-2 focus-visible:outline-indigo-500">
        {shown.length === 0 ? (
          <EmptyState icon={<Megaphone className="size-6" aria-hidden="true" />} title={emptyTitle}>
            {emptyText}
          </EmptyState>
        ) : (
          shown.map((a) => <AnnouncementCard key={a.id} announcement={a} />)
        )}
      </div>
    </div>
  );
}
