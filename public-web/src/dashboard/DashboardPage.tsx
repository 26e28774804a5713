import { Brain, CalendarDays, Plus, Trophy } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext';
import { RequireAuth } from '../auth/RequireAuth';
import { Avatar } from '../shell/Avatar';
import { ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { ListingGrid } from './ListingGrid';
import { LISTING_KINDS, LISTING_LABELS, useListing, useMyListingCounts, type ListingCard, type ListingKind } from './listings';
import { Tabs } from './ListingTabs';

const TAB_CONTENT: Record<ListingKind, { heading: string; create: { label: string; to: string }; icon: ReactNode; emptyTitle: string; emptyText?: string }> = {
  hackathons: {
    heading: 'My Hackathons',
    create: { label: 'Create Hackathon', to: '/create-hackathon' },
    icon: <Trophy className="size-6" aria-hidden="true" />,
    emptyTitle: 'No hackathons yet',
    emptyText: 'Create your first hackathon to get started!',
  },
  events: {
    heading: 'My Events',
    create: { label: 'Create Event', to: '/create-event' },
    icon: <CalendarDays className="size-6" aria-hidden="true" />,
    emptyTitle: 'No events yet',
  },
  quizzes: {
    heading: 'My Quizzes',
    create: { label: 'Create Quiz', to: '/create-quiz' },
    icon: <Brain className="size-6" aria-hidden="true" />,
    emptyTitle: 'No quizzes yet',
  },
};

/** The page heading area every dashboard shares, reserved at its final height so nothing below moves. */
export function DashboardHeader({ title, subtitle }: { title: string; subtitle: string }) {
  const { user } = useAuth();
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">{subtitle}</p>
        </div>
        {user && (
          <div className="flex min-w-0 items-center gap-3">
            <Avatar user={user} className="size-12" textClassName="text-base" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{`${user.firstName} ${user.lastName}`.trim()}</p>
              <p className="truncate text-sm text-slate-600">{user.email}</p>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** The organiser's cards of one kind, or that kind's empty state with its Create button. */
export function MyListingGrid({ kind, list, error }: { kind: ListingKind; list: { data?: ListingCard[]; isPending: boolean }; error?: string | null }) {
  const content = TAB_CONTENT[kind];
  return (
    <ListingGrid
      variant="manage"
      items={list.data}
      loading={list.isPending}
      error={error}
      empty={{
        icon: content.icon,
        title: content.emptyTitle,
        text: content.emptyText,
        actions: <ButtonLink to={content.create.to} variant="secondary">{content.create.label}</ButtonLink>,
      }}
    />
  );
}

function DashboardTabs() {
  const [active, setActive] = useState<ListingKind>('hackathons');
  const panelId = useId();
  // Each list loads when its tab is first shown (spec 3); a count appears once its list is known.
  const lists = {
    hackathons: useListing('mine', 'hackathons', active === 'hackathons'),
    events: useListing('mine', 'events', active === 'events'),
    quizzes: useListing('mine', 'quizzes', active === 'quizzes'),
  };
  const counts = useMyListingCounts();
  // A loaded list is the freshest count; until then the counts call answers for it.
  const countOf = (kind: ListingKind) => lists[kind].data?.length ?? counts.data?.[kind];
  const content = TAB_CONTENT[active];
  const list = lists[active];

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Tabs
        label="Your listings"
        panelId={panelId}
        active={active}
        onChange={setActive}
        tabs={LISTING_KINDS.map((kind) => ({ key: kind, label: LISTING_LABELS[kind].plural, count: countOf(kind) }))}
      />
      <section id={panelId} role="tabpanel" aria-label={content.heading} className="mt-6">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">{content.heading}</h2>
          <ButtonLink to={content.create.to} size="sm">
            <Plus className="size-4" aria-hidden="true" />
            {content.create.label}
          </ButtonLink>
        </div>
        <MyListingGrid kind={active} list={list} />
      </section>
    </div>
  );
}

/** /dashboard, the organiser's dashboard (spec 3, "Organizer dashboard"). */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <RequireAuth fallback={<DashboardSkeleton />}>
      <DashboardHeader title="Dashboard" subtitle="Manage your hackathons and events" />
      <DashboardTabs />
    </RequireAuth>
  );
}

/** The dashboard's shape while the session is checked, so the page does not jump when it arrives. */
export function DashboardSkeleton() {
  return (
    <div aria-hidden="true">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
          <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
          <div className="mt-2 h-5 w-72 max-w-full animate-pulse rounded bg-slate-100" />
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Card className="h-64 animate-pulse" />
      </div>
    </div>
  );
}
