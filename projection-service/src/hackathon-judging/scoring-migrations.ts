import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { createIndexes, createTable, textKey, flags, instants, jsonb, jsonbObjects, optionalInstants, positions, primaryKey, text, integers } from '../table-columns';

/** The scoring read models (owned by scoring-projection.ts), on their own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_hackathon_scoring',
    up: async (k) => {
      // What the judging stream says that scores and votes are read with. voting_opened_at: when
      // voting opened (its opening time, or when it was enabled without one), for the new-account flag.
      // removed_judges: judge user id -> when they were taken off the panel (their scores stop counting then).
      await createTable(k, 'scoring_setups', textKey('hackathon_id'), text('submission_deadline'), jsonb('criteria', 'tracks', 'voting'), optionalInstants('voting_opened_at'), jsonbObjects('assignments', 'excluded_voters', 'removed_judges'));
      // Every submitted version (title, tagline, team, tracks, at): which one is judged depends on the deadline, which may move.
      await createTable(k, 'scoring_projects', text('hackathon_id', 'project_id'), jsonb('submissions'), flags('withdrawn'), primaryKey('hackathon_id', 'project_id'));
      await createTable(k, 'scoring_scores', text('hackathon_id', 'judge_user_id', 'project_id', 'criterion_id'), integers('value'), instants('updated_at'), primaryKey('hackathon_id', 'judge_user_id', 'project_id', 'criterion_id'));
      await createTable(k, 'scoring_notes', text('hackathon_id', 'judge_user_id', 'project_id', 'note'), instants('updated_at'), primaryKey('hackathon_id', 'judge_user_id', 'project_id'));
      // track_key: '' for a vote of the whole hackathon, else the track id.
      await createTable(k, 'scoring_votes', text('hackathon_id', 'user_id', 'track_key', 'project_id', 'client_address'), instants('at', 'account_created_at'), primaryKey('hackathon_id', 'user_id', 'track_key'));
      // Every vote sent (cast or changed), for the burst flag: votes from one address within 10 minutes.
      await createTable(k, 'scoring_vote_sends', positions('position'), text('hackathon_id', 'client_address'), instants('at'), primaryKey('position'));
      await createIndexes(k, ['create index scoring_vote_sends_address_idx on scoring_vote_sends (hackathon_id, client_address, at)']);
    },
  },
];

export async function migrateScoringReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathon_scoring', migrations);
}
