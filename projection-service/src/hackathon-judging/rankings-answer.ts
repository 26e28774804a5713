import type { TrackRanking } from '@circuit/shared/api/hackathon-judging';
import { compareRankings, NORMALISATIONS, type JudgeScore } from '@circuit/shared/judging/ranking';
import { rankingInputOf, type JudgedProject } from './scoring-queries';
import type { ScoringSetupRow } from './scoring-rows';

/** The three rankings side by side, per track, with the tracks' names: the rankings answer and the replay share it. */
export function rankingsOf(setup: ScoringSetupRow, projects: readonly JudgedProject[], scores: readonly JudgeScore[], at?: Date) {
  const input = rankingInputOf(setup, projects, scores, at);
  const names = new Map(setup.tracks.map((t) => [t.id, t.name]));
  const tracks: TrackRanking[] = compareRankings(input).map((ranking) => ({
    trackId: ranking.trackId,
    name: ranking.trackId === null ? 'All projects' : (names.get(ranking.trackId) ?? ranking.trackId),
    rows: ranking.rows,
  }));
  return { normalisations: [...NORMALISATIONS], judges: new Set(input.scores.map((s) => s.judgeUserId)).size, scores: input.scores.length, tracks };
}
