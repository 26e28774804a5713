import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { HackathonEventSchemas } from '@circuit/shared/events/hackathons';
import { HackathonJudgingEventSchemas as J } from '@circuit/shared/events/hackathon-judging';
import { HackathonProjectEventSchemas as P } from '@circuit/shared/events/hackathon-projects';
import { HackathonScoringEventSchemas as S } from '@circuit/shared/events/hackathon-scoring';
import type { Projection } from '../runner/projection';
import { TableChanges } from '../runner/table-changes';
import { noScoringSetup, SCORING_TABLES, type ScoringProjectRow, type ScoringSetupRow, type StoredSubmission } from './scoring-rows';

/** The judging stream's events this read model keeps: what scores and votes are read and ranked with. */
const SETUP_TYPES = ['HackathonJudgingSetupSaved', 'HackathonProjectsAssigned', 'HackathonVotesExcluded', 'HackathonJudgeInvited', 'HackathonJudgeRemoved'] as const;
const PROJECT_TYPES = ['HackathonProjectSubmitted', 'HackathonProjectWithdrawn'] as const;
const SCORE_TYPES = ['HackathonScoreGiven', 'HackathonScoreChanged', 'HackathonJudgeNoteSaved'] as const;
const VOTE_TYPES = ['HackathonVoteCast', 'HackathonVoteChanged', 'HackathonVoteWithdrawn'] as const;

function evolveSetup(row: ScoringSetupRow, event: RecordedEvent): ScoringSetupRow {
  switch (event.type) {
    case 'HackathonJudgingSetupSaved': {
      const { setup, at } = J.HackathonJudgingSetupSaved.parse(event.data);
      // Voting opened at its opening time; enabled without one, at the first save that enabled it.
      const openedAt = setup.voting.enabled ? (setup.voting.opensAt ?? row.voting_opened_at ?? at) : row.voting_opened_at;
      return { ...row, submission_deadline: setup.submissionDeadline, criteria: setup.criteria, tracks: setup.tracks, voting: setup.voting, voting_opened_at: openedAt };
    }
    case 'HackathonProjectsAssigned':
      return { ...row, assignments: J.HackathonProjectsAssigned.parse(event.data).assignments };
    case 'HackathonVotesExcluded': {
      const { voterIds, reason, byUserId, at } = J.HackathonVotesExcluded.parse(event.data);
      return { ...row, excluded_voters: { ...row.excluded_voters, ...Object.fromEntries(voterIds.map((id) => [id, { reason, byUserId, at }])) } };
    }
    case 'HackathonJudgeRemoved': {
      const { judgeUserId, at } = J.HackathonJudgeRemoved.parse(event.data);
      return judgeUserId ? { ...row, removed_judges: { ...row.removed_judges, [judgeUserId]: at } } : row;
    }
    case 'HackathonJudgeInvited': {
      const removed = { ...row.removed_judges };
      delete removed[J.HackathonJudgeInvited.parse(event.data).judgeUserId];
      return { ...row, removed_judges: removed };
    }
    default:
      return row;
  }
}

function evolveProject(row: ScoringProjectRow, event: RecordedEvent): ScoringProjectRow {
  if (event.type === 'HackathonProjectWithdrawn') return { ...row, withdrawn: true };
  const d = P.HackathonProjectSubmitted.parse(event.data);
  const submission: StoredSubmission = { at: d.at, title: d.version.title, tagline: d.version.tagline, teamName: d.teamName, trackIds: d.version.trackIds };
  return { ...row, withdrawn: false, submissions: [...row.submissions, submission] };
}

/**
 * Rows that fold several events (the setup, a project's submissions): the batch's rows are read
 * once, folded in memory, and written back in one upsert per table.
 */
async function foldRows<Row extends { hackathon_id: string }>(
  trx: Knex.Transaction,
  table: string,
  keys: string[],
  events: { key: Record<string, string>; event: RecordedEvent }[],
  empty: (key: Record<string, string>) => Row,
  evolve: (row: Row, event: RecordedEvent) => Row,
): Promise<void> {
  if (events.length === 0) return;
  const keyOf = (key: Record<string, unknown>) => keys.map((k) => String(key[k])).join('\u0000');
  const hackathonIds = [...new Set(events.map((e) => e.key.hackathon_id!))];
  const existing = (await trx(table).whereIn('hackathon_id', hackathonIds)) as Row[];
  const rows = new Map(existing.map((row) => [keyOf(row), row]));
  const touched = new Set<string>();
  for (const { key, event } of events) {
    const k = keyOf(key);
    rows.set(k, evolve(rows.get(k) ?? empty(key), event));
    touched.add(k);
  }
  const written = [...touched].map((k) => rows.get(k)!);
  const changes = new TableChanges(table, keys);
  for (const row of written) {
    changes.insert(row);
    changes.patch(row, row);
  }
  await changes.flush(trx);
}

const jsonRow = <T>(row: T): T => JSON.parse(JSON.stringify(row)) as T;

/**
 * The scores and votes read model (docs/judging.md): each judge's current scores and notes, each
 * voter's current votes and every vote sent (for the burst flag), and of the judging and project
 * streams what ranking needs: criteria, tracks, voting window, assignment, exclusions, submitted
 * versions. The rankings themselves are computed when asked (shared/src/judging/ranking.ts), from these rows.
 */
export const scoringProjection: Projection = {
  name: 'hackathon-scoring',
  tables: [...SCORING_TABLES],
  eventTypes: [...SETUP_TYPES, ...PROJECT_TYPES, ...SCORE_TYPES, ...VOTE_TYPES, 'HackathonDeleted'],
  async applyBatch(trx, events) {
    const setups: { key: Record<string, string>; event: RecordedEvent }[] = [];
    const projects: { key: Record<string, string>; event: RecordedEvent }[] = [];
    const scores = new TableChanges('scoring_scores', ['hackathon_id', 'judge_user_id', 'project_id', 'criterion_id']);
    const notes = new TableChanges('scoring_notes', ['hackathon_id', 'judge_user_id', 'project_id']);
    const votes = new TableChanges('scoring_votes', ['hackathon_id', 'user_id', 'track_key']);
    const sends = new TableChanges('scoring_vote_sends', ['position']);
    const deleted: string[] = [];

    for (const event of events) {
      const type = event.type;
      if ((SETUP_TYPES as readonly string[]).includes(type)) setups.push({ key: { hackathon_id: (event.data as { hackathonId: string }).hackathonId }, event });
      else if ((PROJECT_TYPES as readonly string[]).includes(type)) {
        const { hackathonId, projectId } = P.HackathonProjectWithdrawn.pick({ hackathonId: true, projectId: true }).parse(event.data);
        projects.push({ key: { hackathon_id: hackathonId, project_id: projectId }, event });
      } else if (type === 'HackathonScoreGiven' || type === 'HackathonScoreChanged') {
        const d = S.HackathonScoreGiven.parse(event.data);
        const key = { hackathon_id: d.hackathonId, judge_user_id: d.judgeUserId, project_id: d.projectId, criterion_id: d.criterionId };
        scores.insert({ ...key, value: d.newValue, updated_at: d.at });
        scores.patch(key, { value: d.newValue, updated_at: d.at });
      } else if (type === 'HackathonJudgeNoteSaved') {
        const d = S.HackathonJudgeNoteSaved.parse(event.data);
        const key = { hackathon_id: d.hackathonId, judge_user_id: d.judgeUserId, project_id: d.projectId };
        notes.insert({ ...key, note: d.note, updated_at: d.at });
        notes.patch(key, { note: d.note, updated_at: d.at });
      } else if (type === 'HackathonVoteCast' || type === 'HackathonVoteChanged' || type === 'HackathonVoteWithdrawn') {
        const d = S.HackathonVoteCast.parse(event.data);
        const key = { hackathon_id: d.hackathonId, user_id: d.userId, track_key: d.trackId ?? '' };
        if (type === 'HackathonVoteWithdrawn') {
          votes.delete(key);
          continue;
        }
        const row = { project_id: d.projectId, client_address: d.clientAddress, at: d.at, account_created_at: d.accountCreatedAt };
        votes.insert({ ...key, ...row });
        votes.patch(key, row);
        sends.insert({ position: event.position.toString(), hackathon_id: d.hackathonId, client_address: d.clientAddress, at: d.at });
      } else if (type === 'HackathonDeleted') deleted.push(HackathonEventSchemas.HackathonDeleted.parse(event.data).hackathonId);
    }

    await foldRows<ScoringSetupRow>(trx, 'scoring_setups', ['hackathon_id'], setups, (key) => noScoringSetup(key.hackathon_id!), (row, event) => jsonRow(evolveSetup(row, event)));
    await foldRows<ScoringProjectRow>(trx, 'scoring_projects', ['hackathon_id', 'project_id'], projects, (key) => ({ hackathon_id: key.hackathon_id!, project_id: key.project_id!, submissions: [], withdrawn: false }), evolveProject);
    for (const changes of [scores, notes, votes, sends]) await changes.flush(trx);
    if (deleted.length > 0) for (const table of SCORING_TABLES) await trx(table).whereIn('hackathon_id', deleted).del();
  },
};
