import { CircleAlert, CircleCheck, ExternalLink, RotateCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { AssignedProject, JudgingCriterionView } from '@circuit/shared/api/hackathon-judging';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { CriterionScale } from './CriterionScale';
import { projectPagePath } from './judgingApi';
import type { SaveState } from './saveQueue';
import type { SheetLine } from './useJudgeSheet';

/** The save state beside a project's sheet, announced politely; an error offers a retry. */
function SaveStatus({ state, onRetry }: { state: SaveState | undefined; onRetry(): void }) {
  const s = state?.state ?? 'idle';
  return (
    <div role="status" aria-live="polite" className="flex min-h-8 items-center gap-2 text-sm">
      {(s === 'pending' || s === 'saving') && (
        <span className="inline-flex items-center gap-1.5 text-slate-600">
          <Spinner className="size-3.5" /> Saving…
        </span>
      )}
      {s === 'saved' && (
        <span className="inline-flex items-center gap-1.5 text-emerald-700">
          <CircleCheck className="size-4" aria-hidden="true" /> Saved
        </span>
      )}
      {state?.state === 'error' && (
        <>
          <span className="inline-flex items-center gap-1.5 text-red-700">
            <CircleAlert className="size-4" aria-hidden="true" /> {state.message}
          </span>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            <RotateCw className="size-3.5" aria-hidden="true" /> Retry
          </Button>
        </>
      )}
    </div>
  );
}

/** One assigned project: its scoring form (a scale per criterion and a private note), saved as it is filled in. */
export function ScoreSheet(props: {
  username: string;
  project: AssignedProject;
  criteria: JudgingCriterionView[];
  trackNames: string[];
  line: SheetLine | undefined;
  scored: number;
  state: SaveState | undefined;
  onScore(criterionId: string, value: number): void;
  onNote(note: string): void;
  onRetry(): void;
}) {
  const { project: p, criteria, line } = props;
  const headingId = `project-${p.projectId}`;
  const complete = criteria.length > 0 && props.scored === criteria.length;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
            {p.title}
          </h2>
          {p.tagline && <p className="mt-0.5 text-sm break-words text-slate-600">{p.tagline}</p>}
          <p className="mt-1 text-xs text-slate-500">{[p.teamName ?? 'Solo participant', ...props.trackNames].join(' · ')}</p>
        </div>
        <Link to={projectPagePath(props.username, p.projectId)} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
          Open project<span className="sr-only"> {p.title}</span> <ExternalLink className="size-3.5" aria-hidden="true" />
        </Link>
      </div>
      <p className="mt-3 text-sm font-medium text-slate-700">
        {complete ? (
          <span className="inline-flex items-center gap-1 text-emerald-700">
            <CircleCheck className="size-4" aria-hidden="true" /> All {criteria.length} criteria scored
          </span>
        ) : (
          `${props.scored} of ${criteria.length} criteria scored`
        )}
      </p>
      <div className="mt-4 space-y-5">
        {criteria.map((c) => (
          <CriterionScale key={c.id} criterion={c} name={`score-${p.projectId}-${c.id}`} value={line?.scores[c.id]} onChange={(v) => props.onScore(c.id, v)} />
        ))}
        <TextArea label="Private note" hint="Only you see it." value={line?.note ?? ''} onChange={(e) => props.onNote(e.target.value)} counterMax={5000} rows={3} />
      </div>
      <div className="mt-2">
        <SaveStatus state={props.state} onRetry={props.onRetry} />
      </div>
    </section>
  );
}
