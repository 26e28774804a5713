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
