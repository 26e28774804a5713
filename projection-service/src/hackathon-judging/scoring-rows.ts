import type { JudgingCriterion, JudgingTrack, VotingSettings } from '@circuit/shared/events/hackathon-judging';

/** The rows of the scoring read model (scoring-migrations.ts), as the projection writes and the queries read them. */
export const SCORING_TABLES = ['scoring_setups', 'scoring_projects', 'scoring_scores', 'scoring_notes', 'scoring_votes', 'scoring_vote_sends'] as const;

export interface ScoringSetupRow {
  hackathon_id: string;
  /** '' until the organiser sets one: the hackathon's end date then. */
  submission_deadline: string;
  criteria: JudgingCriterion[];
  tracks: JudgingTrack[];
  voting: VotingSettings;
  voting_opened_at: string | Date | null;
  assignments: Record<string, string[]>;
  excluded_voters: Record<string, { reason: string; byUserId: string; at: string }>;
  /** Judges taken off the panel, with when: their scores count in no ranking from then on (invited again: counted again). */
  removed_judges: Record<string, string>;
}

export interface StoredSubmission {
  at: string;
  title: string;
  tagline: string;
  teamName: string | null;
  trackIds: string[];
}

export interface ScoringProjectRow {
  hackathon_id: string;
  project_id: string;
  submissions: StoredSubmission[];
  withdrawn: boolean;
}

/** A hackathon's setup before the organiser saves one: no criteria, no tracks, voting off, nothing assigned. */
export const noScoringSetup = (hackathonId: string): ScoringSetupRow => ({
  hackathon_id: hackathonId,
  submission_deadline: '',
  criteria: [],
  tracks: [],
  voting: { enabled: false, opensAt: null, closesAt: null, perTrack: false },
  voting_opened_at: null,
  assignments: {},
  excluded_voters: {},
  removed_judges: {},
});
