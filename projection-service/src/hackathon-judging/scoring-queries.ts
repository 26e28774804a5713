import type { Knex } from 'knex';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import type { JudgeScore, RankingInput } from '@circuit/shared/judging/ranking';
import { contentOf } from '../listings/listing-access';
import { noScoringSetup, type ScoringProjectRow, type ScoringSetupRow, type StoredSubmission } from './scoring-rows';

/** The reads of the scoring read model that the judging answers share. */

export async function setupOf(knex: Knex, hackathonId: string): Promise<ScoringSetupRow> {
  return ((await knex('scoring_setups').where({ hackathon_id: hackathonId }).first()) as ScoringSetupRow | undefined) ?? noScoringSetup(hackathonId);
}

/** The deadline that picks the judged version: the setup's, else the hackathon's end date. */
export const deadlineOf = (setup: ScoringSetupRow, hackathon: { content: HackathonContent | string }) => setup.submission_deadline || contentOf<HackathonContent>(hackathon).dates.endDate;

export interface JudgedProject extends StoredSubmission {
  projectId: string;
}

/** Each project's version judged: the last submitted at or before the deadline; withdrawn ones and those with none are left out. */
export async function judgedProjects(knex: Knex, hackathonId: string, deadline: string, projectIds?: readonly string[]): Promise<JudgedProject[]> {
  const query = knex('scoring_projects').where({ hackathon_id: hackathonId, withdrawn: false });
  if (projectIds) query.whereIn('project_id', [...projectIds]);
  const rows = (await query) as ScoringProjectRow[];
  const until = deadline ? Date.parse(deadline) : Infinity;
  return rows.flatMap((row) => {
    const judged = row.submissions.findLast((s) => Date.parse(s.at) <= until);
    return judged ? [{ projectId: row.project_id, ...judged }] : [];
  });
}

export interface ScoreRow {
  judge_user_id: string;
  project_id: string;
  criterion_id: string;
  value: number;
  updated_at: Date | string;
}

export async function scoresOf(knex: Knex, hackathonId: string, judgeUserId?: string): Promise<ScoreRow[]> {
  const query = knex('scoring_scores').where({ hackathon_id: hackathonId }).select('judge_user_id', 'project_id', 'criterion_id', 'value', 'updated_at');
  if (judgeUserId) query.andWhere({ judge_user_id: judgeUserId });
  return (await query) as ScoreRow[];
}

export const judgeScoreOf = (row: Pick<ScoreRow, 'judge_user_id' | 'project_id' | 'criterion_id' | 'value'>): JudgeScore => ({ judgeUserId: row.judge_user_id, projectId: row.project_id, criterionId: row.criterion_id, value: row.value });

/**
 * The ranking's input: the setup's criteria and tracks, the judged projects, and the given scores of the judges
 * on the panel (at `at` for a replay: a judge removed later still counted then).
 */
export function rankingInputOf(setup: ScoringSetupRow, projects: readonly JudgedProject[], scores: readonly JudgeScore[], at?: Date): RankingInput {
  const judged = new Set(projects.map((p) => p.projectId));
  const removed = (judgeUserId: string) => {
    const removedAt = setup.removed_judges[judgeUserId];
    return removedAt !== undefined && (at === undefined || Date.parse(removedAt) <= at.getTime());
  };
  return {
    criteria: setup.criteria,
    trackIds: setup.tracks.map((t) => t.id),
    projects: projects.map((p) => ({ projectId: p.projectId, title: p.title, trackIds: p.trackIds })),
    // Scores of a project no longer judged (withdrawn) rank nothing, and must not move its judges' spread either.
    scores: scores.filter((s) => judged.has(s.projectId) && !removed(s.judgeUserId)),
  };
}

/** Usernames of the given users (unknown ids are absent). */
export async function usernamesOf(knex: Knex, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = (await knex('users').whereIn('id', [...new Set(userIds)]).select('id', 'username')) as { id: string; username: string }[];
  return new Map(rows.map((r) => [r.id, r.username]));
}

export const iso = (value: Date | string) => new Date(value).toISOString();
