import { Clock, Shuffle, Trash2, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Judge, JudgingSetupAnswer } from '@circuit/shared/api/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { messageOf } from '../../auth/apiClient';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextField } from '../../ui/TextField';
import { notify } from '../../ui/toast';
import { useDateLabels } from '../../ui/useDateLabels';
import { plural } from '../../ui/plural';
import { judgeName } from './AssignmentFields';
import { Panel } from './fields';
import type { JudgingConsole } from './useJudgingConsole';

/** Judges by username or e-mail (pending until that address signs up), removal, and Assign with its result. */
export function JudgesSection({ setup, judging }: { setup: JudgingSetupAnswer; judging: JudgingConsole }) {
  const [who, setWho] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Judge | null>(null);
  const { inviteJudge, removeJudge, assign } = judging.writes;

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const value = who.trim();
    if (!value) return setError(M.judgeWho);
    setError(null);
    const byEmail = value.includes('@');
    try {
      await inviteJudge.mutateAsync(byEmail ? { email: value.toLowerCase() } : { username: value.replace(/^@/, '') });
      notify.success(byEmail ? M.judgeInvitedByEmail : M.judgeInvited);
      setWho('');
    } catch (e) {
      setError(messageOf(e, 'The judge could not be invited'));
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await removeJudge.mutateAsync(removing.id);
      notify.success(M.judgeRemoved);
      setRemoving(null);
    } catch (e) {
      notify.error(messageOf(e, 'The judge could not be removed'));
    }
  };

  const runAssign = async () => {
    try {
      await assign.mutateAsync();
      notify.success(M.assigned);
    } catch (e) {
      notify.error(messageOf(e, 'Projects could not be assigned'));
    }
  };

  const active = setup.judges.filter((j) => j.status === 'active');
  const pending = setup.judges.filter((j) => j.status === 'pending');
  return (
    <div className="space-y-6">
      <Panel id="judges-heading" title="Judges" description="A judge role for this hackathon only. An invitation by e-mail waits until an account with that verified address exists.">
        <form onSubmit={(e) => void invite(e)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField className="min-w-0 flex-1" label="Username or e-mail" value={who} onChange={(e) => setWho(e.target.value)} error={error} autoComplete="off" />
          <Button type="submit" className="sm:mt-7" loading={inviteJudge.isPending}>
            <UserPlus className="size-4" aria-hidden="true" /> Invite judge
          </Button>
        </form>
        {setup.judges.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">No judges yet.</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Judges">
            {[...active, ...pending].map((j) => (
              <li key={j.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{judgeName(j)}</p>
                  <p className="truncate text-sm text-slate-500">{j.user ? `@${j.user.username}` : j.email}</p>
                </div>
                {j.status === 'pending' && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                    <Clock className="size-3.5" aria-hidden="true" /> Invitation pending
                  </span>
                )}
                <Button variant="ghost" size="sm" className="text-red-600" onClick={() => setRemoving(j)}>
                  <Trash2 className="size-4" aria-hidden="true" /> Remove<span className="sr-only"> {judgeName(j)}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <AssignPanel setup={setup} judging={judging} busy={assign.isPending} onAssign={() => void runAssign()} />

      <ConfirmDialog
        open={removing !== null}
        title="Remove this judge?"
        message={removing ? `${judgeName(removing)} will no longer see or score this hackathon’s projects. Scores already given stay recorded.` : undefined}
        confirmLabel="Remove"
        tone="danger"
        loading={removeJudge.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

const MODE_TEXT = { all: 'every judge sees every project', perProject: 'judges per project, spread evenly', byTrack: 'by track' } as const;

function AssignPanel({ setup, judging, busy, onAssign }: { setup: JudgingSetupAnswer; judging: JudgingConsole; busy: boolean; onAssign(): void }) {
  const dates = useDateLabels();
  const { assignment } = setup;
  const active = setup.judges.filter((j) => j.status === 'active' && j.user);
  const mode = assignment.mode === 'perProject' ? `${assignment.judgesPerProject} ${MODE_TEXT.perProject}` : MODE_TEXT[assignment.mode];
  // As the last Assign recorded it: a judge added since has none until Assign is pressed again.
  const loads = assignment.assignedAt ? active.map((j) => ({ judgeId: j.id, projects: assignment.projectsPerJudge[j.id] ?? 0 })) : [];
  return (
    <Panel
      id="assign-heading"
      title="Assign projects"
      description={`Mode: ${mode} (change it under Setup). Press Assign again after new submissions or judges.`}
      actions={
        <Button onClick={onAssign} loading={busy} disabled={active.length === 0}>
          <Shuffle className="size-4" aria-hidden="true" /> Assign
        </Button>
      }
    >
      <div role="status" aria-live="polite">
        {!assignment.assignedAt ? (
          <p className="text-sm text-slate-500">{active.length === 0 ? M.noJudges : 'Not assigned yet.'}</p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Assigned {dates.dateTime(assignment.assignedAt)}: {judging.projects.length} {plural(judging.projects.length, 'project', 'projects')}, {active.length} {plural(active.length, 'judge', 'judges')}.
            </p>
            {loads.length > 0 && (
              <table className="mt-3 w-full max-w-md text-sm">
                <caption className="sr-only">Projects per judge</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-left text-slate-500">
                    <th scope="col" className="py-1.5 font-medium">
                      Judge
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      Projects
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {loads.map((l) => {
                    const judge = active.find((j) => j.id === l.judgeId)!;
                    return (
                      <tr key={l.judgeId} className="border-b border-slate-100">
                        <td className="py-1.5 text-slate-800">{judgeName(judge)}</td>
                        <td className="py-1.5 text-right font-semibold text-slate-900 tabular-nums">{l.projects}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </>
        )}
      </div>
    </Panel>
  );
}
