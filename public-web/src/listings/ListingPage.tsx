import { useState, type ReactNode } from 'react';
import { CategoryPills } from './CategoryPills';
import { ListingResults, type ListingResultsProps } from './ListingResults';
import { ListingToolbar } from './ListingToolbar';
import type { useUrlFilters } from './useUrlFilters';

type Filters<K extends string> = ReturnType<typeof useUrlFilters<K>>;

export interface ListingPageProps<K extends string, T> extends ListingResultsProps<T> {
  title: string;
  subtitle: string;
  /** `event` gives the ids event-search and event-filters. */
  idPrefix: string;
  searchLabel: string;
  placeholder: string;
  filters: Filters<K>;
  /** The filters panel (its root carries the id `${idPrefix}-filters`). */
  panel(draft: Filters<K>['draft'], change: Filters<K>['change']): ReactNode;
  categories: readonly string[];
  categoryLabels: Record<string, string>;
}

/** A public list page (events, hackathons): heading, search with the Filters toggle, the panel, category pills and the cards. */
export function ListingPage<K extends string, T extends { id: string }>({ title, subtitle, idPrefix, searchLabel, placeholder, filters, panel, categories, categoryLabels, ...results }: ListingPageProps<K, T>) {
  const { applied, draft, change, clear, count } = filters;
  const [showFilters, setShowFilters] = useState(count > 0);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">{subtitle}</p>
      </header>
      <ListingToolbar
        searchId={`${idPrefix}-search`}
        searchLabel={searchLabel}
        placeholder={placeholder}
        search={draft['search' as K] ?? ''}
        onSearch={(v) => change('search' as K, v)}
        filtersId={`${idPrefix}-filters`}
        showFilters={showFilters}
        onToggleFilters={() => setShowFilters((s) => !s)}
        count={count}
        canClear={count > 0 || Boolean(applied['search' as K])}
        onClear={clear}
      />
      {showFilters && <div className="mb-4">{panel(draft, change)}</div>}
      <CategoryPills categories={categories} labels={categoryLabels} active={applied['category' as K] ?? ''} onChange={(c) => change('category' as K, c)} />
      <ListingResults {...results} />
    </div>
  );
}
