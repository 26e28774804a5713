import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { Sponsor } from '@circuit/shared/api/hackathons';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { SponsorTiers } from '../DetailSections';

/** Sponsors grouped by tier in the spec's order, three to a row, each with Edit and Delete. */
export function SponsorsManager({ sponsors, onAdd, onEdit, onDelete }: { sponsors: Sponsor[]; onAdd(): void; onEdit(sponsor: Sponsor): void; onDelete(sponsor: Sponsor): void }) {
  return (
    <section aria-labelledby="sponsors-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sponsors-heading" className="text-xl font-semibold text-slate-900">
          Sponsors
        </h2>
        <Button size="sm" onClick={onAdd}>
          <Plus className="size-4" aria-hidden="true" /> Add Sponsor
        </Button>
      </div>
      {sponsors.length === 0 ? (
        <EmptyState title="No sponsors yet">Add your sponsors by tier: platinum, gold, silver, bronze or community.</EmptyState>
      ) : (
        <div className="mt-4">
          <SponsorTiers
            sponsors={sponsors}
            actions={(s) => (
              <div className="flex flex-wrap justify-center gap-1">
                <button type="button" onClick={() => onEdit(s)} className="rounded-md p-1.5 text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500">
                  <Pencil className="size-4" aria-hidden="true" />
                  <span className="sr-only">Edit {s.name}</span>
                </button>
                <button type="button" onClick={() => onDelete(s)} className="rounded-md p-1.5 text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-indigo-500">
                  <Trash2 className="size-4" aria-hidden="true" />
                  <span className="sr-only">Delete {s.name}</span>
                </button>
              </div>
            )}
          />
        </div>
      )}
    </section>
  );
}
