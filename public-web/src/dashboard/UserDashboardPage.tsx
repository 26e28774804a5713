import { ArrowRight, Bookmark, Brain, CalendarDays, Trophy } from 'lucide-react';
import { CalendarFeedCard } from '../events/CalendarFeedCard';
import { useId, useState, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext';
import { RequireAuth } from '../auth/RequireAuth';
import { ButtonLink } from '../ui/Button';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { DashboardHeader, DashboardSkeleton } from './DashboardPage';
import { ListingGrid } from './ListingGrid';
import { LISTING_KINDS, LISTING_LABELS, useListing, type ListingKind, type ListingScope } from './listings';
import { Tabs } from './ListingTabs';
import { MyCertificates } from '../certificates/MyCertificates';
import { TicketsSection } from '../tickets/TicketsSection';
import { CoHostingSection } from '../check-in/CoHostingSection';

const ICONS: Record<ListingKind, ReactNode> = {
  hackathons: <Trophy className="size-6" aria-hidden="true" />,
  events: <CalendarDays className="size-6" aria-hidden="true" />,
  quizzes: <Brain className="size-6" aria-hidden="true" />,
};

/** Tabs Hackathons, Events, Quizzes with counts over one scope (registered or saved), as on /user-dashboard and /saved. */
export function ScopedListings({
  scope,
  emptyTitle,
  errorText,
  variant = 'browse',
}: {
  scope: Exclude<ListingScope, 'mine'>;
  emptyTitle: (kind: ListingKind) => string;
  errorText?: string;
  variant?: 'browse' | 'personal';
}) {
  const [active, setActive] = useState<ListingKind>('hackathons');
  const panelId = useId();
  const lists = {
    hackathons: useListing(scope, 'hackathons'),
    events: useListing(scope, 'events'),
    quizzes: useListing(scope, 'quizzes'),
  };
  const list = lists[active];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs
          size="sm"
          label={scope === 'saved' ? 'Saved items by type' : 'Registered items by type'}
          panelId={panelId}
          active={active}
          onChange={setActive}
          tabs={LISTING_KINDS.map((kind) => ({ key: kind, label: LISTING_LABELS[kind].plural, count: lists[kind].data?.length }))}
        />
        {/* With items the way to more sits beside the tabs; without, the empty state offers it. */}
        {Boolean(list.data?.length) && !list.isError && (
          <ButtonLink to={`/${active}`} size="sm" variant="ghost">
            Browse More<span className="sr-only"> {LISTING_LABELS[active].plural.toLowerCase()}</span>
            <ArrowRight className="size-4" aria-hidden="true" />
          </ButtonLink>
        )}
      </div>
      <div id={panelId} role="tabpanel" aria-label={LISTING_LABELS[active].plural} className="mt-6">
        <ListingGrid
          variant={variant}
          // Without an error text (the dashboard) a list that failed is shown empty, as the spec says.
          items={list.isError ? [] : list.data}
          error={list.isError ? errorText : null}
          loading={list.isPending}
          empty={{
            icon: scope === 'saved' ? <Bookmark className="size-6" aria-hidden="true" /> : ICONS[active],
            title: emptyTitle(active),
            actions: (
              <ButtonLink to={`/${active}`} variant="secondary">
                Browse More
              </ButtonLink>
            ),
          }}
        />
      </div>
    </>
  );
}

type TopTab = 'registered' | 'saved';

/** How many items a scope holds in all, once its three lists are known (the same cached lists the tabs show). */
function useScopeTotal(scope: TopTab, enabled: boolean): number | undefined {
  const counts = [useListing(scope, 'hackathons', enabled), useListing(scope, 'events', enabled), useListing(scope, 'quizzes', enabled)].map((list) => (list.isError ? 0 : list.data?.length));
  return counts.every((n) => n !== undefined) ? counts.reduce<number>((sum, n) => sum + (n ?? 0), 0) : undefined;
}

/** /user-dashboard, the personal dashboard (spec 3, "Personal dashboard"). */
export function UserDashboardPage() {
  useDocumentTitle('My Dashboard');
  const [top, setTop] = useState<TopTab>('registered');
  const panelId = useId();
  const signedIn = Boolean(useAuth().user);
  const totals = { registered: useScopeTotal('registered', signedIn), saved: useScopeTotal('saved', signedIn) };
  return (
    <RequireAuth fallback={<DashboardSkeleton />}>
      <DashboardHeader title="My Dashboard" subtitle="What you registered for and what you saved" />
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <CalendarFeedCard />
        <TicketsSection />
        <CoHostingSection />
        <Tabs
          label="Dashboard sections"
          panelId={panelId}
          active={top}
          onChange={setTop}
          tabs={[
            { key: 'registered', label: 'Registered Items', count: totals.registered },
            { key: 'saved', label: 'Saved Items', count: totals.saved },
          ]}
        />
        <div id={panelId} role="tabpanel" aria-label={top === 'registered' ? 'Registered Items' : 'Saved Items'} className="mt-6">
          <ScopedListings
            key={top}
            scope={top}
            variant="personal"
            emptyTitle={(kind) => (top === 'registered' ? `You have not registered for any ${kind} yet.` : `No saved ${kind} yet.`)}
          />
        </div>
        <MyCertificates />
      </div>
    </RequireAuth>
  );
}
