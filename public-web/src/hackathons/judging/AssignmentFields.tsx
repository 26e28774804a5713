import type { UseFormReturn } from 'react-hook-form';
import type { Judge } from '@circuit/shared/api/hackathon-projects';
import { TextField } from '../../ui/TextField';
import { Panel } from './fields';
import type { SetupDraft } from './setupDraft';

const MODES = [
  { value: 'all', label: 'Every judge sees every project' },
  { value: 'perProject', label: 'N judges per project, spread evenly' },
  { value: 'byTrack', label: 'By track: the judges named for a track see its projects' },
] as const;

export const judgeName = (j: Judge) => (j.user ? `${j.user.firstName} ${j.user.lastName}`.trim() || j.user.username : (j.email ?? j.id));

/** How Assign spreads projects over judges; a judge is never given their own team's project whatever the mode. */
export function AssignmentFields({ form, judges }: { form: UseFormReturn<SetupDraft>; judges: Judge[] }) {
  const mode = form.watch('assignment.mode');
  const tracks = form.watch('tracks');
  const trackJudges = form.watch('assignment.trackJudges');
  const active = judges.filter((j) => j.status === 'active');
  const toggle = (trackId: string, judgeId: string, on: boolean) => {
    const now = new Set(trackJudges[trackId] ?? []);
    if (on) now.add(judgeId);
    else now.delete(judgeId);
    form.setValue('assignment.trackJudges', { ...trackJudges, [trackId]: [...now] }, { shouldDirty: true });
  };
  return (
    <Panel id="setup-assignment" title="Assignment" description="Used when you press Assign on the Judges tab. A judge is never given a project of their own team.">
      <fieldset>
        <legend className="sr-only">Assignment mode</legend>
        <div className="space-y-2">
          {MODES.map((m) => (
            <label key={m.value} className="flex items-start gap-2.5 text-sm text-slate-700">
              <input type="radio" value={m.value} {...form.register('assignment.mode')} className="mt-0.5 size-4 accent-indigo-600" />
              {m.label}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'perProject' && (
        <TextField className="mt-4 max-w-48" label="Judges per project" type="number" min={1} max={100} {...form.register('assignment.judgesPerProject', { valueAsNumber: true })} error={form.formState.errors.assignment?.judgesPerProject?.message} />
      )}
      {mode === 'byTrack' && (
        <div className="mt-4 space-y-3">
          {tracks.length === 0 && <p className="text-sm text-slate-500">Add tracks above first.</p>}
          {active.length === 0 && tracks.length > 0 && <p className="text-sm text-slate-500">Invite judges first (Judges tab).</p>}
          {active.length > 0 &&
            tracks.map((t, i) => (
              <fieldset key={t.id ?? `new-${i}`} className="rounded-xl border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold text-slate-800">{t.name || `Track ${i + 1}`}</legend>
                {!t.id ? (
                  <p className="text-sm text-slate-500">Save the setup first, then name this track’s judges.</p>
                ) : (
                  <div className="flex flex-wrap gap-x-4 gap-y-2">
                    {active.map((j) => (
                      <label key={j.id} className="flex items-center gap-2 text-sm text-slate-700">
                        <input type="checkbox" className="size-4 accent-indigo-600" checked={(trackJudges[t.id!] ?? []).includes(j.id)} onChange={(ev) => toggle(t.id!, j.id, ev.target.checked)} />
                        {judgeName(j)}
                      </label>
                    ))}
                  </div>
                )}
              </fieldset>
            ))}
        </div>
      )}
    </Panel>
  );
}
