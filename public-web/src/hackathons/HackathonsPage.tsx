import { useState } from 'react';
import { HACKATHON_CATEGORIES, HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { CategoryPills } from '../listings/CategoryPills';
import { ListingResults } from '../listings/ListingResults';
import { ListingToolbar } from '../listings/ListingToolbar';
import { useUrlFilters } from '../listings/useUrlFilters';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { hackathonFilterCodec, type FilterKey } from './filters';
import { HackathonCard } from './HackathonCard';
import { HackathonFilters } from './HackathonFilters';
import { useHackathonList } from './hackathonsApi';
import { CATEGORY_LABELS } from './labels';

const TYPED: FilterKey[] = ['search', 'theme', 'organization'];

/** /hackathons: search, filters, category pills, 16 cards then 12 more per Load More (spec 2 section 2). */
export function HackathonsPage() {
  useDocumentTitle('Hackathons');
  const { applied, draft, change, clear, count } = useUrlFilters(hackathonFilterCodec, TYPED, HACKATHON_LIMITS.usernameCheckDebounceMs);
  const [showFilters, setShowFilters] = useState(count > 0);
  const list = useHackathonList(applied);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Hackathons</h1>
        <p className="mt-1 text-slate-600">Find a hackathon, form a team and build something that matters.</p>
      </header>

      <ListingToolbar
        searchId="hackathon-search"
        searchLabel="Search hackathons"
        placeholder="Search by name, organiser or technology"
        search={draft.search ?? ''}
        onSearch={(v) => change('search', v)}
        filtersId="hackathon-filters"
        showFilters={showFilters}
        onToggleFilters={() => setShowFilters((s) => !s)}
        count={count}
        canClear={count > 0 || Boolean(applied.search)}
        onClear={clear}
      />

      {showFilters && (
        <div className="mb-4">
          <HackathonFilters filters={draft} onChange={change} />
        </div>
      )}

      <CategoryPills categories={HACKATHON_CATEGORIES} labels={CATEGORY_LABELS} active={applied.category ?? ''} onChange={(c) => change('category', c)} />

      <ListingResults
        list={list}
        loadingText="Loading hackathons..."
        errorTitle={HackathonMessages.listFailed}
        errorHint="Please try again later."
        emptyTitle={HackathonMessages.listEmptyTitle}
        emptyHint={HackathonMessages.listEmptyHint}
        countText={(total) => (total === 1 ? '1 hackathon' : `${total} hackathons`)}
        card={(h) => <HackathonCard hackathon={h} />}
      />
    </div>
  );
}
