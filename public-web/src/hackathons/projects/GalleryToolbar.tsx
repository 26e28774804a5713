import clsx from 'clsx';
import { Search } from 'lucide-react';
import type { JudgingTrack } from '@circuit/shared/events/hackathon-judging';
import { Button } from '../../ui/Button';
import { inputClasses } from '../../ui/TextField';
import type { GalleryFilterKey, GalleryFilters } from './galleryFilters';

/** The gallery's search box, track and winners filters; they live in the URL (useUrlFilters). */
export function GalleryToolbar({ draft, tracks, onChange, canClear, onClear }: { draft: GalleryFilters; tracks: readonly JudgingTrack[]; onChange(key: GalleryFilterKey, value: string): void; canClear: boolean; onClear(): void }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <label htmlFor="gallery-search" className="sr-only">
          Search projects
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input id="gallery-search" type="search" className={clsx(inputClasses(false), 'pl-9')} placeholder="Search by title, tagline or technology" value={draft.search ?? ''} onChange={(e) => onChange('search', e.target.value)} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {tracks.length > 0 && (
          <div className="min-w-0 flex-1 sm:w-52 sm:flex-none">
            <label htmlFor="gallery-track" className="sr-only">
              Track
            </label>
            <select id="gallery-track" className={inputClasses(false)} value={draft.track ?? ''} onChange={(e) => onChange('track', e.target.value)}>
              <option value="">All tracks</option>
              {tracks.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className="flex shrink-0 items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" className="size-4 accent-indigo-600" checked={draft.winners === 'true'} onChange={(e) => onChange('winners', e.target.checked ? 'true' : '')} />
          Winners only
        </label>
        {canClear && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear
          </Button>
        )}
      </div>
    </div>
  );
}
