import clsx from 'clsx';
import { Search, SearchX, SlidersHorizontal, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HACKATHON_CATEGORIES, HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import { HackathonMessages } from '@circuit/shared/hackathons/messages';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { inputClasses } from '../ui/TextField';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { activeFilterCount, filtersFromParams, paramsFromFilters, type FilterKey, type Filters } from './filters';
import { SkeletonCards } from '../ui/SkeletonCards';
import { HackathonCard } from './HackathonCard';
import { HackathonFilters } from './HackathonFilters';
import { useHackathonList } from './hackathonsApi';
import { CATEGORY_LABELS } from './labels';

const TYPED: FilterKey[] = ['search', 'theme', 'organization'];

/** What the visitor types is applied after a 500 ms pause; choices apply at once. Both live in the URL. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => filtersFromParams(params), [params]);
  const [draft, setDraft] = useState<Filters>(applied);
  useEffect(() => setDraft(applied), [applied]);
  useEffect(() => {
    if (TYPED.every((k) => (draft[k] ?? '') === (applied[k] ?? ''))) return;
    const timer = setTimeout(() => setParams(paramsFromFilters(draft), { replace: true }), HACKATHON_LIMITS.usernameCheckDebounceMs);
    return () => clearTimeout(timer);
  }, [draft, applied, setParams]);
  const change = (key: FilterKey, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (!TYPED.includes(key)) setParams(paramsFromFilters(next), { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  return { applied, draft, change, clear };
}

/** /hackathons: search, filters, category pills, 16 cards then 12 more per Load More (spec 2 section 2). */
export function HackathonsPage() {
  useDocumentTitle('Hackathons');
  const { applied, draft, change, clear } = useFilters();
  const [showFilters, setShowFilters] = useState(activeFilterCount(applied) > 0);
  const list = useHackathonList(applied);
  const cards = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const count = activeFilterCount(applied);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Hackathons</h1>
        <p className="mt-1 text-slate-600">Find a hackathon, form a team and build something that matters.</p>
      </header>

      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor="hackathon-search" className="sr-only">
            Search hackathons
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input
            id="hackathon-search"
            type="search"
            className={clsx(inputClasses(false), 'pl-9')}
            placeholder="Search by name, organiser or technology"
            value={draft.search ?? ''}
            onChange={(e) => change('search', e.target.value)}
          />
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" aria-expanded={showFilters} aria-controls="hackathon-filters" onClick={() => setShowFilters((s) => !s)}>
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
          <HackathonFilters filters={draft} onChange={change} />
        </div>
      )}

      <div className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0" role="group" aria-label="Categories">
        {['', ...HACKATHON_CATEGORIES].map((c) => {
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
              {c ? CATEGORY_LABELS[c] : 'All'}
            </button>
          );
        })}
      </div>

      {list.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading hackathons...
          </p>
          <SkeletonCards count={8} className="sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" />
        </>
      ) : list.isError ? (
        <EmptyState icon={<TriangleAlert className="size-7" aria-hidden="true" />} title={HackathonMessages.listFailed} actions={<Button onClick={() => list.refetch()}>Try again</Button>}>
          Please try again later.
        </EmptyState>
      ) : cards.length === 0 ? (
        <EmptyState icon={<SearchX className="size-7" aria-hidden="true" />} title={HackathonMessages.listEmptyTitle}>
          {HackathonMessages.listEmptyHint}
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" role="status">
            {total === 1 ? '1 hackathon' : `${total} hackathons`}
          </p>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {cards.map((h, i) => (
              <li key={h.id} className="relative">
                {/* The first card's banner is above the fold on every width: the page's largest paint. */}
                <HackathonCard hackathon={h} eager={i === 0} />
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
