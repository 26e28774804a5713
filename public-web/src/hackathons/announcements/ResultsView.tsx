import { Award, ExternalLink, Medal } from 'lucide-react';
import type { Announcement } from '@circuit/shared/api/hackathon-announcements';
import { ordinal } from './labels';

const MEDALS = ['text-amber-500', 'text-slate-400', 'text-orange-700'];

function ExtLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
      {children}
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** Winners by rank and the special awards of a results announcement. */
export function ResultsView({ results }: { results: Announcement['results'] }) {
  if (results.winners.length === 0 && results.specialAwards.length === 0) return null;
  return (
    <div className="mt-4 space-y-4">
      {results.winners.length > 0 && (
        <div>
          <h4 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Winners</h4>
          <ol className="space-y-3">
            {results.winners.map((w, i) => (
              <li key={`${w.rank}-${w.teamName}-${i}`} className="rounded-xl border border-slate-200 p-4">
                <div className="flex items-start gap-3">
                  <Medal className={`mt-0.5 size-6 shrink-0 ${MEDALS[w.rank - 1] ?? 'text-indigo-400'}`} aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-semibold text-slate-900">
                      {ordinal(w.rank)} place: {w.teamName}
                      {w.track && <span className="font-normal text-slate-600"> · {w.track}</span>}
                    </p>
                    <p className="break-words text-slate-800">{w.projectName}</p>
                    {w.prize && <p className="text-sm font-medium text-emerald-700">Prize: {w.prize}</p>}
                    {w.projectDescription && <p className="mt-1 break-words text-sm text-slate-600">{w.projectDescription}</p>}
                    {w.teamMembers.length > 0 && (
                      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Team members">
                        {w.teamMembers.map((m, j) => (
                          <li key={j} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
                            {m.name}
                            {m.role && <span className="text-slate-500"> · {m.role}</span>}
                            {m.email && <span className="text-slate-500"> · {m.email}</span>}
                          </li>
                        ))}
                      </ul>
                    )}
                    {(w.pptLink || w.videoLink) && (
                      <div className="mt-2 flex flex-wrap gap-4">
                        {w.pptLink && <ExtLink href={w.pptLink}>Presentation</ExtLink>}
                        {w.videoLink && <ExtLink href={w.videoLink}>Demo video</ExtLink>}
                      </div>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
      {results.specialAwards.length > 0 && (
        <div>
          <h4 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Special awards</h4>
          <ul className="grid gap-3 sm:grid-cols-2">
            {results.specialAwards.map((a, i) => (
              <li key={i} className="flex items-start gap-3 rounded-xl bg-slate-50 p-4">
                <Award className="mt-0.5 size-5 shrink-0 text-violet-500" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="break-words font-semibold text-slate-900">{a.category}</p>
                  <p className="break-words text-sm text-slate-800">
                    {a.teamName}
                    {a.projectName && ` · ${a.projectName}`}
                  </p>
                  {a.description && <p className="mt-1 break-words text-sm text-slate-600">{a.description}</p>}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
