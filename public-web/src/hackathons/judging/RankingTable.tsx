import clsx from 'clsx';
import { TriangleAlert } from 'lucide-react';
import type { TrackRanking } from '@circuit/shared/api/hackathon-judging';
import { plural } from '../../ui/plural';
import { differingCells, differingCount, NORMALISATION_LABELS, NORMALISATION_ORDER, placeLabel, valueLabel } from './rankingDiff';

/**
 * One track's three rankings side by side. A place that differs from the other normalisations' is
 * marked three ways, never by colour alone: a tinted cell, a warning icon, and the words "differs"
 * (read out with the place).
 */
export function RankingTable({ track, headingId }: { track: TrackRanking; headingId: string }) {
  const differing = differingCount(track);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {track.name}
        </h3>
        <p className="text-sm text-slate-600">
          {track.rows.length === 0 ? 'No projects' : differing === 0 ? 'All three agree' : `${differing} ${plural(differing, 'project places differently', 'projects place differently')}`}
        </p>
      </div>
      {track.rows.length > 0 && (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={`${track.name} rankings`}>
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">{track.name}: places under the three normalisations, in the raw ranking’s order</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-500">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Project
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Judges
                </th>
                {NORMALISATION_ORDER.map((n) => (
                  <th key={n} scope="col" className="px-2 py-2 font-medium">
                    {NORMALISATION_LABELS[n]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {track.rows.map((row) => {
                const marked = differingCells(row);
                return (
                  <tr key={row.projectId} className="border-b border-slate-100 align-top">
                    <th scope="row" className="max-w-56 py-2 pr-3 text-left font-medium break-words text-slate-900">
                      {row.title}
                    </th>
                    <td className="px-2 py-2 text-right text-slate-700 tabular-nums">{row.judges}</td>
                    {NORMALISATION_ORDER.map((n) => {
                      const differs = marked.has(n);
                      return (
                        <td key={n} className={clsx('px-2 py-2', differs && 'bg-amber-50 ring-1 ring-amber-300 ring-inset')}>
                          <span className={clsx('inline-flex items-center gap-1 font-semibold tabular-nums', differs ? 'text-amber-900' : 'text-slate-900')}>
                            {differs && <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />}
                            {placeLabel(row[n].place)}
                            {differs && <span className="text-xs font-medium">differs</span>}
                          </span>
                          <span className="block text-xs text-slate-500 tabular-nums">{valueLabel(n, row[n].value)}</span>
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
