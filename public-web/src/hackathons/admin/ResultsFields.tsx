import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../ui/Button';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { emptyAward, emptyWinner, type AnnouncementDraft, type AwardDraft, type WinnerDraft } from './drafts';

type SetDraft = (change: (draft: AnnouncementDraft) => AnnouncementDraft) => void;

function WinnerFields({ winner: w, index, set }: { winner: WinnerDraft; index: number; set: SetDraft }) {
  const patch = (fields: Partial<WinnerDraft>) => set((d) => ({ ...d, winners: d.winners.map((x, i) => (i === index ? { ...x, ...fields } : x)) }));
  const member = (j: number, fields: Partial<WinnerDraft['teamMembers'][number]>) => patch({ teamMembers: w.teamMembers.map((m, k) => (k === j ? { ...m, ...fields } : m)) });
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <legend className="text-sm font-semibold text-slate-900">Winner {index + 1}</legend>
        <Button variant="ghost" size="sm" onClick={() => set((d) => ({ ...d, winners: d.winners.filter((_, i) => i !== index) }))}>
          <Trash2 className="size-4" aria-hidden="true" /> Remove<span className="sr-only"> winner {index + 1}</span>
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Rank *" type="number" inputMode="numeric" min={1} value={w.rank} onChange={(e) => patch({ rank: e.target.value })} />
        <TextField label="Track" value={w.track} onChange={(e) => patch({ track: e.target.value })} maxLength={100} />
        <TextField label="Team name *" value={w.teamName} onChange={(e) => patch({ teamName: e.target.value })} maxLength={100} />
        <TextField label="Project name *" value={w.projectName} onChange={(e) => patch({ projectName: e.target.value })} maxLength={200} />
        <TextField label="Prize" value={w.prize} onChange={(e) => patch({ prize: e.target.value })} maxLength={200} placeholder="₹30,000" />
        <TextField label="Presentation link" type="url" value={w.pptLink} onChange={(e) => patch({ pptLink: e.target.value })} placeholder="https://" />
        <TextField label="Video link" type="url" value={w.videoLink} onChange={(e) => patch({ videoLink: e.target.value })} placeholder="https://" className="sm:col-span-2" />
      </div>
      <TextArea label="Project description" value={w.projectDescription} onChange={(e) => patch({ projectDescription: e.target.value })} rows={2} maxLength={2000} />
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-700">Team members</p>
        {w.teamMembers.map((m, j) => (
          <div key={j} className="grid gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
            <TextField label={`Member ${j + 1} name`} value={m.name} onChange={(e) => member(j, { name: e.target.value })} maxLength={100} />
            <TextField label="E-mail" type="email" value={m.email} onChange={(e) => member(j, { email: e.target.value })} maxLength={254} hint="Only organisers see it" />
            <TextField label="Role" value={m.role} onChange={(e) => member(j, { role: e.target.value })} maxLength={100} />
            <Button variant="ghost" size="sm" onClick={() => patch({ teamMembers: w.teamMembers.filter((_, k) => k !== j) })}>
              <Trash2 className="size-4" aria-hidden="true" />
              <span className="sr-only">Remove member {j + 1}</span>
            </Button>
          </div>
        ))}
        <Button variant="secondary" size="sm" onClick={() => patch({ teamMembers: [...w.teamMembers, { name: '', email: '', role: '' }] })} disabled={w.teamMembers.length >= 20}>
          <Plus className="size-4" aria-hidden="true" /> Add Member
        </Button>
      </div>
    </fieldset>
  );
}

function AwardFields({ award: a, index, set }: { award: AwardDraft; index: number; set: SetDraft }) {
  const patch = (fields: Partial<AwardDraft>) => set((d) => ({ ...d, specialAwards: d.specialAwards.map((x, i) => (i === index ? { ...x, ...fields } : x)) }));
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-2">
        <legend className="text-sm font-semibold text-slate-900">Special award {index + 1}</legend>
        <Button variant="ghost" size="sm" onClick={() => set((d) => ({ ...d, specialAwards: d.specialAwards.filter((_, i) => i !== index) }))}>
          <Trash2 className="size-4" aria-hidden="true" /> Remove<span className="sr-only"> special award {index + 1}</span>
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Category *" value={a.category} onChange={(e) => patch({ category: e.target.value })} maxLength={100} placeholder="Best UI" />
        <TextField label="Team name *" value={a.teamName} onChange={(e) => patch({ teamName: e.target.value })} maxLength={100} />
        <TextField label="Project name" value={a.projectName} onChange={(e) => patch({ projectName: e.target.value })} maxLength={200} className="sm:col-span-2" />
      </div>
      <TextArea label="Description" value={a.description} onChange={(e) => patch({ description: e.target.value })} rows={2} maxLength={2000} />
    </fieldset>
  );
}

/** Winners and special awards: shown only when the announcement's type is results. */
export function ResultsFields({ draft, set }: { draft: AnnouncementDraft; set: SetDraft }) {
  return (
    <section aria-labelledby="results-heading" className="space-y-4">
      <h3 id="results-heading" className="text-base font-semibold text-slate-900">
        Results
      </h3>
      {draft.winners.map((w, i) => (
        <WinnerFields key={i} winner={w} index={i} set={set} />
      ))}
      <Button variant="secondary" size="sm" onClick={() => set((d) => ({ ...d, winners: [...d.winners, emptyWinner(d.winners.length + 1)] }))} disabled={draft.winners.length >= 50}>
        <Plus className="size-4" aria-hidden="true" /> Add Winner
      </Button>
      {draft.specialAwards.map((a, i) => (
        <AwardFields key={i} award={a} index={i} set={set} />
      ))}
      <Button variant="secondary" size="sm" onClick={() => set((d) => ({ ...d, specialAwards: [...d.specialAwards, emptyAward()] }))} disabled={draft.specialAwards.length >= 50}>
        <Plus className="size-4" aria-hidden="true" /> Add Special Award
      </Button>
    </section>
  );
}
