import clsx from 'clsx';
import { Search, SearchX, SlidersHorizontal, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EVENT_CATEGORIES, EVENT_TYPES } from '@circuit/shared/event-listings/options';
import { LOCATION_TYPES } from '@circuit/shared/hackathons/options';
import { INDIA_STATES } from '@circuit/shared/profiles/options';
import { EventMessages } from '@circuit/shared/event-listings/messages';
import { Choice, Input } from '../hackathon-form/fields';
import { DATE_RANGE_LABELS, LOCATION_LABELS, STATUS_FILTER_LABELS } from '../hackathons/labels';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { SkeletonCards } from '../ui/SkeletonCards';
import { inputClasses } from '../ui/TextField';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { EventCard } from './EventCard';
import { EVENT_FILTER_KEYS, useEventList, type EventFilterKey, type EventFilters } from './eventsApi';
import { EVENT_CATEGORY_LABELS, EVENT_TYPE_LABELS } from './labels';

const TYPED: EventFilterKey[] = ['search', 'organization'];
const pairs = (labels: Record<string, string>, values?: readonly string[]) => (values ?? Object.keys(labels)).map((v) => [v, labels[v] ?? v] as const);

/** The filters live in the URL (India by default); what is typed applies after a 500 ms pause. */
function useEventFilters() {
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => {
    const f: EventFilters = {};
    for (const k of EVENT_FILTER_KEYS) if (params.get(k)?.trim()) f[k] = params.get(k)!.trim();
    f.country ??= 'India';
    return f;
  }, [params]);
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), [applied]);
  const toParams = (f: EventFilters) => {
    const p = new URLSearchParams();
    for (const k of EVENT_FILTER_KEYS) if (f[k] && !(k === 'country' && f[k] === 'India')) p.set(k, f[k]!);
    return p;
  };
  useEffect(() => {
    if (TYPED.every((k) => (draft[k] ?? '') === (applied[k] ?? ''))) return;
    const timer = setTimeout(() => setParams(toParams(draft), { replace: true }), 500);
    return () => clearTimeout(timer);
  }, [draft, applied, setParams]);
  const change = (key: EventFilterKey, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (!TYPED.includes(key)) setParams(toParams(next), { replace: true });
  };
  const count = EVENT_FILTER_KEYS.filter((k) => k !== 'search' && applied[k] && !(k === 'country' && applied[k] === 'India')).length;
  return { applied, draft, change, count, clear: () => setParams(new URLSearchParams(), { replace: true }) };
}

function EventFiltersPanel({ filters, onChange }: { filters: EventFilters; onChange(key: EventFilterKey, value: string): void }) {
  const v = (k: EventFilterKey) => filters[k] ?? '';
  return (
    <div id="event-filters" className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 sm:p-5 lg:grid-cols-4">
      <Choice label="Event type" value={v('eventType')} placeholder="Any type" options={pairs(EVENT_TYPE_LABELS, EVENT_TYPES)} onChange={(x) => onChange('eventType', x)} />
      <Choice label="Status" value={v('status')} placeholder="Any status" options={pairs(STATUS_FILTER_LABELS)} onChange={(x) => onChange('status', x)} />
      <Choice label="Location" value={v('location')} placeholder="Any mode" options={pairs(LOCATION_LABELS, LOCATION_TYPES)} onChange={(x) => onChange('location', x)} />
      <Choice label="Dates" value={v('dateRange')} placeholder="Any dates" options={pairs(DATE_RANGE_LABELS)} onChange={(x) => onChange('dateRange', x)} />
      <Choice label="Country" value={v('country') === 'India' ? '' : v('country')} placeholder="India" options={[['International', 'International'], ['any', 'Anywhere']]} onChange={(x) => onChange('country', x || 'India')} />
      <Choice label="State" value={v('state')} placeholder="All states" options={INDIA_STATES.map((s) => [s, s] as const)} onChange={(x) => onChange('state', x)} />
      <Input label="Organization" value={v('organization')} placeholder="Organiser name" onChange={(x) => onChange('organization', x)} />
    </div>
  );
}

/** /events: search, filters, category pills, 12 cards then 12 more on demand, save toggles (spec 2 section 2). */
export function EventsPage() {
  useDocumentTitle('Events');
  const { applied, draft, change, count, clear } = useEventFilters();
  const [showFilters, setShowFilters] = useState(count > 0);
  const list = useEventList(applied);
  const cards = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Events</h1>
        <p className="mt-1 text-slate-600">Conferences, workshops, meetups and fests near you and online.</p>
      </header>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor="event-search" className="sr-only">
            Search events
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input id="event-search" type="search" className={clsx(inputClasses(false), 'pl-9')} placeholder="Search by name, organiser or tag" value={draft.search ?? ''} onChange={(e) => change('search', e.target.value)} />
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" aria-expanded={showFilters} aria-controls="event-filters" onClick={() => setShowFilters((s) => !s)}>
            <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
            Filters{count > 0 ? ` (${count})` : ''}
          </Button>
          {(count > 0 || applied.search) && (
            <Button variant="ghost" onClick={clear}>
              Clear Filters
            </Button>
          )}
        </div>
      </div>
      {showFilters && (
        <div className="mb-4">
          <EventFiltersPanel filters={draft} onChange={change} />
        </div>
      )}
      <div className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0" role="group" aria-label="Categories">
        {['', ...EVENT_CATEGORIES].map((c) => {
          const active = (applied.category ?? '') === c;
          return (
            <button
              key={c || 'all'}
              type="button"
              aria-pressed={active}
              onClick={() => change('category', c)}
              className={clsx(
                'shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                active ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-indigo-400',
              )}
            >
              {c ? EVENT_CATEGORY_LABELS[c] : 'All'}
            </button>
          );
        })}
      </div>
      {list.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading events...
          </p>
          <SkeletonCards count={8} className="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" />
        </>
      ) : list.isError ? (
        <EmptyState icon={<TriangleAlert className="size-7" aria-hidden="true" />} title={EventMessages.listFailed} actions={<Button onClick={() => list.refetch()}>Try again</Button>}>
          {EventMessages.listFailedHint}
        </EmptyState>
      ) : cards.length === 0 ? (
        <EmptyState icon={<SearchX className="size-7" aria-hidden="true" />} title={EventMessages.listEmpty}>
          Try adjusting your search or filters.
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" role="status">
            {total === 1 ? '1 event' : `${total} events`}
          </p>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {cards.map((e) => (
              <li key={e.id} className="relative">
                <EventCard event={e} />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button variant="secondary" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading...' : 'Load More'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
