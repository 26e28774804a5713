import { Heart } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import type { ViewerVote } from '@circuit/shared/api/hackathon-projects';
import type { JudgingTrack, VotingSettings } from '@circuit/shared/events/hackathon-judging';
import { ScoringMessages as SM } from '@circuit/shared/hackathons/scoring-messages';
import { messageOf } from '../../auth/apiClient';
import { useAuth } from '../../auth/AuthContext';
import { LoginLink } from '../../auth/LoginLinks';
import { Button } from '../../ui/Button';
import { notify } from '../../ui/toast';
import { useVote } from './projectsApi';
import { votedFor, voteSlots, votingOpen } from './voting';

const noSubscription = () => () => undefined;
/** The clock once the page is the browser's: the server's render (and hydration) shows no vote box, so nothing differs. */
const useNowAfterHydration = () => useSyncExternalStore(noSubscription, () => Math.floor(Date.now() / 60_000) * 60_000, () => null);

/**
 * The community vote, while voting is open: one vote per voter (per track when votes are per
 * track), changeable; sent again it is counted once. Signed-out visitors get a sign-in link.
 * `viewerVotes` are the project answer's (kept current by useVote), so "Your vote" holds after a reload.
 */
export function VoteCard({
  hackathon,
  projectId,
  voting,
  projectTrackIds,
  tracks,
  viewerVotes,
}: {
  hackathon: string;
  projectId: string;
  voting: VotingSettings;
  projectTrackIds: readonly string[];
  tracks: readonly JudgingTrack[];
  viewerVotes: readonly ViewerVote[];
}) {
  const now = useNowAfterHydration();
  const { user, state } = useAuth();
  const vote = useVote(hackathon);
  if (now === null || !votingOpen(voting, now)) return null;
  const slots = voteSlots(voting.perTrack, projectTrackIds);
  if (slots.length === 0) return null;

  async function send(trackId: string | null, withdraw: boolean) {
    try {
      await vote.mutateAsync({ projectId, trackId, withdraw });
      notify.success(withdraw ? SM.voteWithdrawn : SM.voted);
    } catch (error) {
      notify.error(messageOf(error, 'Failed to record the vote'));
    }
  }

  return (
    <section aria-labelledby="vote-title" className="rounded-2xl border border-rose-100 bg-rose-50/60 p-5">
      <h2 id="vote-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Heart className="size-5 text-rose-600" aria-hidden="true" /> Community vote
      </h2>
      <p className="mt-1 text-sm text-slate-600">{voting.perTrack ? 'One vote in each track; you can change it until voting closes.' : 'One vote per person; you can change it until voting closes.'}</p>
      <div className="mt-3 space-y-2">
        {state.status === 'unauthenticated' ? (
          <LoginLink className="font-semibold text-indigo-700 underline">Sign in to vote</LoginLink>
        ) : (
          slots.map((trackId) => {
            const current = votedFor(viewerVotes, trackId);
            const voted = current === projectId;
            const track = trackId ? tracks.find((t) => t.id === trackId)?.name : null;
            return (
              <div key={trackId ?? 'all'} className="flex flex-wrap items-center gap-2">
                <Button variant={voted ? 'secondary' : 'primary'} aria-pressed={voted} disabled={!user || vote.isPending} onClick={() => void send(trackId, false)} icon={<Heart className={voted ? 'size-4 fill-rose-600 text-rose-600' : 'size-4'} aria-hidden="true" />}>
                  {voted ? 'Your vote' : 'Vote for this project'}
                  {track ? ` in ${track}` : ''}
                </Button>
                {voted && (
                  <Button variant="ghost" size="sm" disabled={vote.isPending} onClick={() => void send(trackId, true)}>
                    Withdraw vote
                  </Button>
                )}
                {current && !voted && <p className="w-full text-xs text-slate-600">{track ? `Your vote in ${track} is for another project; voting here moves it.` : 'Your vote is for another project; voting here moves it.'}</p>}
              </div>
            );
          })
        )}
      </div>
    </section>
  );
}
