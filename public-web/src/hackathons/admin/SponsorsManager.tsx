import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { Sponsor } from '@circuit/shared/api/hackathons';
import { SPONSOR_TIERS } from '@circuit/shared/hackathons/options';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { TIER_LABELS } from '../announcements/labels';

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
        <div className="mt-4 space-y-5">
          {SPONSOR_TIERS.filter((tier) => sponsors.some((s) => s.tier === tier)).map((tier) => (
            <div key={tier}>
              <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{TIER_LABELS[tier]}</h3>
              <ul className="grid grid-cols-3 gap-2 sm:gap-3">
                {sponsors
                  .filter((s) => s.tier === tier)
                  .map((s) => (
                    <li key={s._id} className="flex min-w-0 flex-col items-center gap-2 rounded-xl bg-slate-50 p-2 text-center sm:p-3">
                      {s.image ? (
                        <img src={s.image} alt="" className="size-12 rounded-md bg-white object-contain" />
                      ) : (
                        <span className="flex size-12 items-center justify-center rounded-md bg-white text-lg font-bold text-slate-400" aria-hidden="true">
                          {s.name.charAt(0).toUpperCase()}
                        </span>
                      )}
                      <span className="w-full text-sm font-medium text-slate-900 wrap-anywhere">{s.name}</span>
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
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
