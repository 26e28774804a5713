import type { VotingSettings } from '@circuit/shared/events/hackathon-judging';

/** Whether the community vote takes votes at `now`: enabled, opened, not closed (an unset end stays open). */
export function votingOpen(voting: VotingSettings, now: number): boolean {
  if (!voting.enabled) return false;
  if (voting.opensAt && now < Date.parse(voting.opensAt)) return false;
  if (voting.closesAt && now >= Date.parse(voting.closesAt)) return false;
  return true;
}

/** The votes a project can get from one voter: one for the whole hackathon, or one in each track it enters. */
export function voteSlots(perTrack: boolean, projectTrackIds: readonly string[]): (string | null)[] {
  return perTrack ? [...projectTrackIds] : [null];
}

/** The project the viewer votes for in a slot (a track, or null for the whole hackathon), from their votes; null: none. */
export function votedFor(votes: readonly { trackId: string | null; projectId: string }[], trackId: string | null): string | null {
  return votes.find((v) => v.trackId === trackId)?.projectId ?? null;
}

/** The viewer's votes after a vote in a slot (for `projectId`) or its withdrawal (null). */
export function withVote<V extends { trackId: string | null; projectId: string }>(votes: readonly V[], trackId: string | null, projectId: string | null): { trackId: string | null; projectId: string }[] {
  const others = votes.filter((v) => v.trackId !== trackId);
  return projectId ? [...others, { trackId, projectId }] : others;
}
