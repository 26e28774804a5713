import { Ban, Flag } from 'lucide-react';
import { useState } from 'react';
import type { JudgingVote } from '@circuit/shared/api/hackathon-judging';
import type { JudgingSetupAnswer } from '@circuit/shared/api/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { messageOf } from '../../auth/apiClient';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PageSpinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { notify } from '../../ui/toast';
import { useDateLabels } from '../../ui/useDateLabels';
import { Panel } from './fields';
import { useJudgingVotes } from './judgingApi';
import type { JudgingConsole } from './useJudgingConsole';

const FLAG_TEXT = { 'new-account': 'New account', burst: 'Burst from one address' } as const;

/** The community vote: totals per track, the flagged votes, and the organiser's exclusion with a reason. */
export function VotesSection({ setup, judging }: { setup: JudgingSetupAnswer; judging: JudgingConsole }) {
  const votes = useJudgingVotes(setup.hackathon.username, setup.voting.enabled);
  const [excluding, setExcluding] = useState<JudgingVote | null>(null);
  const dates = useDateLabels();
  if (!setup.voting.enabled) return <Panel id="votes-heading" title="Community vote">The community vote is off. Turn it on under Setup.</Panel>;
  if (votes.error) return <Alert title="The votes could not be loaded">{messageOf(votes.error, 'Please try again.')}</Alert>;
  if (!votes.data) return <PageSpinner label="Loading votes..." />;
  const trackName = (id: string | null) => (id === null ? 'Whole hackathon' : (setup.tracks.find((t) => t.id === id)?.name ?? 'Track'));
  const flagged = votes.data.votes.filter((v) => v.flags.length > 0);

  return (
    <div className="space-y-6">
      <Panel id="votes-heading" title="Vote totals" description={votes.data.votingOpenedAt ? `Voting opened ${dates.dateTime(votes.data.votingOpenedAt)}. Flagged votes count until you exclude them.` : 'Voting has not opened yet.'}>
        {votes.data.totals.length === 0 ? (
          <p className="text-sm text-slate-500">No votes yet.</p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Vote totals table">
            <table className="w-full min-w-[28rem] text-sm">
              <caption className="sr-only">Votes per project</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-500">
                  <th scope="col" className="py-2 pr-3 font-medium">Project</th>
                  <th scope="col" className="px-2 py-2 font-medium">Track</th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">Counted</th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">Flagged</th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">Excluded</th>
                </tr>
              </thead>
              <tbody>
                {votes.data.totals.map((t) => (
                  <tr key={`${t.trackId ?? ''}-${t.projectId}`} className="border-b border-slate-100">
                    <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">{t.title}</th>
                    <td className="px-2 py-2 text-slate-700">{trackName(t.trackId)}</td>
                    <td className="px-2 py-2 text-right font-semibold tabular-nums">{t.counted}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{t.flagged}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{t.excluded}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>

      <Panel id="flagged-heading" title="Flagged votes" description="Accounts created after voting opened, and more than 5 votes from one address within 10 minutes.">
        {flagged.length === 0 ? (
          <p className="text-sm text-slate-500">No flagged votes.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {flagged.map((v) => (
              <li key={`${v.userId}-${v.trackId ?? ''}`} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">
                    @{v.username} <span className="font-normal text-slate-600">voted for {v.projectTitle}</span>
                  </p>
                  <p className="text-xs text-slate-500">
                    {dates.dateTime(v.at)} · account created {dates.dateTime(v.accountCreatedAt)} · {v.addressVotes} from its address
                  </p>
                  <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Flags">
                    {v.flags.map((f) => (
                      <li key={f} className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
                        <Flag className="size-3" aria-hidden="true" /> {FLAG_TEXT[f]}
                      </li>
                    ))}
                  </ul>
                </div>
                {v.excluded ? (
                  <span className="text-sm text-slate-600">Excluded: {v.exclusion?.reason}</span>
                ) : (
                  <Button variant="secondary" size="sm" onClick={() => setExcluding(v)}>
                    <Ban className="size-4" aria-hidden="true" /> Exclude<span className="sr-only"> the vote of @{v.username}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <ExcludeDialog vote={excluding} judging={judging} onClose={() => setExcluding(null)} />
    </div>
  );
}

function ExcludeDialog({ vote, judging, onClose }: { vote: JudgingVote | null; judging: JudgingConsole; onClose(): void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const exclude = judging.writes.excludeVotes;
  const confirm = async () => {
    if (!vote) return;
    if (!reason.trim()) return setError(M.reasonRequired);
    try {
      await exclude.mutateAsync({ voterIds: [vote.userId], reason: reason.trim() });
      notify.success(M.votesExcluded);
      setReason('');
      setError(null);
      onClose();
    } catch (e) {
      setError(messageOf(e, 'The vote could not be excluded'));
    }
  };
  return (
    <Dialog
      open={vote !== null}
      onClose={onClose}
      title="Exclude this vote?"
      description={vote ? `@${vote.username}’s vote for ${vote.projectTitle} will no longer count. The exclusion is recorded with your reason.` : undefined}
      size="sm"
      busy={exclude.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={exclude.isPending}>
            Cancel
          </Button>
          <Button variant="danger" loading={exclude.isPending} onClick={() => void confirm()}>
            Exclude vote
          </Button>
        </>
      }
    >
      <TextArea label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={error} counterMax={500} />
    </Dialog>
  );
}
