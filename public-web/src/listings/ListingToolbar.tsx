import clsx from 'clsx';
import { Search, SlidersHorizontal } from 'lucide-react';
import { Button } from '../ui/Button';
import { inputClasses } from '../ui/TextField';

export interface ListingToolbarProps {
  searchId: string;
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch(value: string): void;
  /** The id of the filters panel the toggle shows and hides. */
  filtersId: string;
  showFilters: boolean;
  onToggleFilters(): void;
  /** Active filters (the toggle's badge). */
  count: number;
  canClear: boolean;
  onClear(): void;
}

/** The search box, the Filters toggle with its count and Clear Filters, above a list page. */
export function ListingToolbar({ searchId, searchLabel, placeholder, search, onSearch, filtersId, showFilters, onToggleFilters, count, canClear, onClear }: ListingToolbarProps) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor={searchId} className="sr-only">
          {searchLabel}
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input id={searchId} type="search" className={clsx(inputClasses(false), 'pl-9')} placeholder={placeholder} value={search} onChange={(e) => onSearch(e.target.value)} />
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" aria-expanded={showFilters} aria-controls={filtersId} onClick={onToggleFilters}>
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters{count > 0 ? ` (${count})` : ''}
        </Button>
        {canClear && (
          <Button variant="ghost" onClick={onClear}>
            Clear Filters
          </Button>
        )}
      </div>
    </div>
  );
}
