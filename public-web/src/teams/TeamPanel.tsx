import { Check, Copy, Crown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Hackathon, Team } from '@circuit/shared/api/hackathons';
import { HACKATHON_LIMITS } from '@circuit/shared/hackathons/options';
import { messageOf } from '../auth/apiClient';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { notify } from '../ui/toast';
import { money } from '../hackathons/labels';
import type { useTeamActions } from './teamsApi';

type Actions = ReturnType<typeof useTeamActions>;

/** The team of the signed-in user: code to share, members, and the creator's actions until registration is complete. */
export function TeamPanel({ hackathon, team, userId, actions, onPay, paying }: { hackathon: Hackathon; team: Team; userId: string; actions: Actions; onPay(): void; paying: boolean }) {
  const [copied, setCopied] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [removing, setRemoving] = useState<Team['members'][number] | null>(null);
  const isCreator = team.creator === userId;
  const { minMembers, maxMembers } = hackathon.teamSettings;
  const complete = team.status === 'complete';

  async function copy() {
    try {
      await navigator.clipboard.writeText(team.code);
    } catch {
      return notify.error(`Copy the code by hand: ${team.code}`);
    }
    notify.success('Team code copied!');
    setCopied(true);
    setTimeout(() => setCopied(false), HACKATHON_LIMITS.teamCodeCopiedMs);
  }

  const run = async (work: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await work();
      notify.success(success);
    } catch (error) {
      notify.error(messageOf(error, failure));
    }
  };

  async function submit() {
    try {
      const res = await actions.submit.mutateAsync(team.id);
      notify.success(res.data?.requiresPayment ? 'Team submitted, payment required' : 'Team registration successful!');
    } catch (error) {
      notify.error(messageOf(error, 'Failed to submit team'));
    }
  }

  return (
    <section aria-labelledby="team-title" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="team-title" className="text-2xl font-semibold text-slate-900">
            {team.name}
          </h2>
          <p className="text-sm text-slate-600">
            {team.members.length} of {maxMembers} members{team.status === 'forming' ? ` (at least ${minMembers} to submit)` : ''}
          </p>
        </div>
        <div className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-2">
          <span id="team-code-label" className="text-sm text-slate-600">
            Team code
          </span>
          <code aria-labelledby="team-code-label" className="font-mono text-lg font-semibold tracking-widest text-slate-900">
            {team.code}
          </code>
          <Button variant="ghost" size="sm" onClick={() => void copy()}>
            {copied ? <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
            <span className="sr-only"> team code</span>
          </Button>
        </div>
      </div>

      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Members">
        {team.members.map((m) => (
          <li key={m._id} className="flex items-center justify-between gap-3 px-4 py-3">
            <span className="flex min-w-0 flex-wrap items-center gap-x-2">
              <Link to={`/in/${m.username}`} className="font-medium text-slate-900 hover:text-indigo-600 hover:underline">
                {`${m.firstName} ${m.lastName}`.trim() || m.username}
              </Link>
              <span className="text-sm text-slate-500">@{m.username}</span>
              {m._id === team.creator && (
                <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700">
                  <Crown className="h-4 w-4 text-amber-500" aria-hidden="true" /> Creator
                </span>
              )}
            </span>
            {isCreator && !complete && m._id !== userId && (
              <Button variant="ghost" size="sm" disabled={actions.remove.isPending} onClick={() => setRemoving(m)}>
                Remove<span className="sr-only"> {`${m.firstName} ${m.lastName}`.trim() || m.username}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>

      {team.status === 'payment_required' && isCreator && (
        <div className="rounded-xl border border-blue-200 bg-blue-50 p-4">
          <p className="font-semibold text-blue-900">Payment required</p>
          <p className="text-sm text-blue-800">
            {money(hackathon.pricing.amount, hackathon.pricing.currency)} ({hackathon.pricing.currency}) completes your team’s registration.
          </p>
          <Button className="mt-3" onClick={onPay} disabled={paying}>
            {paying ? 'Processing...' : 'Pay Now'}
          </Button>
        </div>
      )}
      {team.status === 'payment_required' && !isCreator && <p className="rounded-xl bg-blue-50 p-4 text-sm text-blue-900">Submitted: waiting for the team creator to pay the registration fee.</p>}

      {isCreator && !complete && (
        <div className="flex flex-wrap gap-2">
          {team.status === 'forming' && (
            <Button onClick={() => void submit()} disabled={team.members.length < minMembers || actions.submit.isPending}>
              {actions.submit.isPending ? 'Submitting...' : 'Submit team'}
            </Button>
          )}
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete team
          </Button>
          {team.status === 'forming' && team.members.length < minMembers && <p className="w-full text-sm text-slate-600">Share the code: you need at least {minMembers} members to submit.</p>}
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this member?"
        confirmLabel="Remove"
        tone="danger"
        message={removing ? `${`${removing.firstName} ${removing.lastName}`.trim() || removing.username} leaves ${team.name} and stays registered for the hackathon.` : undefined}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const member = removing!;
          setRemoving(null);
          void run(() => actions.remove.mutateAsync({ teamId: team.id, memberId: member._id }), 'Member removed', 'Failed to remove member');
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this team?"
        confirmLabel="Delete team"
        tone="danger"
        message="Every member leaves the team and keeps their registration. This cannot be undone."
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void run(() => actions.deleteTeam.mutateAsync(team.id), 'Team deleted', 'Failed to delete team');
        }}
      />
    </section>
  );
}
