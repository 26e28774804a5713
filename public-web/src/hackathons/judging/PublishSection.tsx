import { CircleCheck, Plus, Send, Trash2, Trophy } from 'lucide-react';
import { useState } from 'react';
import type { JudgingSetupAnswer } from '@circuit/shared/api/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { messageOf } from '../../auth/apiClient';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextField } from '../../ui/TextField';
import { notify } from '../../ui/toast';
import { useDateLabels } from '../../ui/useDateLabels';
import { Panel, Select } from './fields';
import { placeLabel } from './rankingDiff';
import type { JudgingConsole } from './useJudgingConsole';

interface WinnerDraft {
  key: number;
  prize: string;
  trackId: string;
  place: number;
  projectId: string;
}

let nextKey = 1;
const blank = (place = 1, trackId = ''): WinnerDraft => ({ key: nextKey++, prize: `${placeLabel(place)} place`, trackId, place, projectId: '' });

/** The organiser picks a project per prize and place, and publishes (which notifies every participant). */
export function PublishSection({ setup, judging }: { setup: JudgingSetupAnswer; judging: JudgingConsole }) {
  const dates = useDateLabels();
  const [editing, setEditing] = useState(setup.winnersPublishedAt === null);
  const [rows, setRows] = useState<WinnerDraft[]>(() =>
    setup.winners.length > 0 ? setup.winners.map((w) => ({ key: nextKey++, prize: w.prize, trackId: w.trackId ?? '', place: w.place, projectId: w.projectId })) : [blank()],
  );
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const publish = judging.writes.publish;
  const trackOptions = [{ value: '', label: 'Whole hackathon' }, ...setup.tracks.map((t) => ({ value: t.id, label: t.name }))];
  const projectsFor = (trackId: string) => judging.projects.filter((p) => !trackId || p.trackIds.includes(trackId));
  const update = (key: number, change: Partial<WinnerDraft>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const ask = () => {
    const incomplete = rows.some((r) => !r.prize.trim() || !r.projectId || !(r.place >= 1));
    if (rows.length === 0 || incomplete) return setError(M.winnersInvalid);
    setError(null);
    setConfirming(true);
  };
  const confirm = async () => {
    try {
      await publish.mutateAsync({ winners: rows.map((r) => ({ prize: r.prize.trim(), trackId: r.trackId || null, place: r.place, projectId: r.projectId })) });
      notify.success(M.winnersPublished);
      setConfirming(false);
      setEditing(false);
    } catch (e) {
      setConfirming(false);
      setError(messageOf(e, 'The winners could not be published'));
    }
  };

  if (setup.winnersPublishedAt && !editing) {
    return (
      <Panel id="publish-heading" title="Winners published" actions={<Button variant="secondary" size="sm" onClick={() => setEditing(true)}>Correct and publish again</Button>}>
        <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200">
          <CircleCheck className="size-4 shrink-0" aria-hidden="true" /> Published {dates.dateTime(setup.winnersPublishedAt)}. Participants were notified and the gallery marks the winners.
        </p>
        <ul className="mt-4 space-y-2" aria-label="Winners">
          {setup.winners.map((w) => (
            <li key={`${w.trackId ?? ''}-${w.prize}-${w.place}`} className="flex items-start gap-3 rounded-xl border border-slate-200 px-3 py-2.5">
              <Trophy className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{w.projectTitle}</p>
                <p className="text-sm text-slate-600">
                  {w.prize} · {trackOptions.find((t) => t.value === (w.trackId ?? ''))?.label}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </Panel>
    );
  }

  return (
    <Panel
      id="publish-heading"
      title="Publish winners"
      description="Pick a project for each prize. Publishing posts a results announcement, notifies every participant and marks the winners in the gallery and on profiles."
    >
      {judging.projects.length === 0 && <p className="mb-3 text-sm text-slate-500">No submitted projects yet.</p>}
      <ol className="space-y-3">
        {rows.map((r, i) => (
          <li key={r.key} className="grid grid-cols-[1fr_5.5rem] gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[2fr_1.5fr_6rem_2fr_auto] sm:items-start">
            <TextField className="col-span-2 sm:col-span-1" label={`Prize ${i + 1}`} value={r.prize} onChange={(e) => update(r.key, { prize: e.target.value })} />
            <Select label="Track" options={trackOptions} value={r.trackId} onChange={(e) => update(r.key, { trackId: e.target.value, projectId: '' })} />
            <TextField label="Place" type="number" min={1} max={100} value={String(r.place)} onChange={(e) => update(r.key, { place: Number(e.target.value) })} />
            <Select className="col-span-2 sm:col-span-1" label="Project" options={[{ value: '', label: 'Choose a project' }, ...projectsFor(r.trackId).map((p) => ({ value: p.id, label: p.title }))]} value={r.projectId} onChange={(e) => update(r.key, { projectId: e.target.value })} />
            <Button variant="ghost" size="sm" className="col-span-2 justify-self-start text-red-600 sm:col-span-1 sm:mt-7" onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}>
              <Trash2 className="size-4" aria-hidden="true" /> Remove<span className="sr-only"> prize {i + 1}</span>
            </Button>
          </li>
        ))}
      </ol>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-between gap-3">
        <Button variant="secondary" onClick={() => setRows((list) => [...list, blank(list.length + 1)])}>
          <Plus className="size-4" aria-hidden="true" /> Add prize
        </Button>
        <Button onClick={ask} disabled={judging.projects.length === 0}>
          <Send className="size-4" aria-hidden="true" /> Publish winners
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Publish these winners?"
        message={`${rows.length} ${rows.length === 1 ? 'prize' : 'prizes'} will be announced and every participant notified.`}
        confirmLabel="Publish"
        loading={publish.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Panel>
  );
}
