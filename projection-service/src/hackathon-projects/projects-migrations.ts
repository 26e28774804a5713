import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { createIndexes, createTable, flags, jsonb, optionalInstants, optionalText, primaryKey, text, textArrays, textKey } from '../table-columns';

/** The hackathon projects and judging setup read models (owned by projects-projection.ts), on their own bookkeeping table. */
const migrations: Migration[] = [
  {
    name: '001_hackathon_projects_and_judging',
    up: async (k) => {
      // state: the judging stream folded (setup, judges, assignment, winners), read whole by every query of the hackathon.
      await createTable(k, 'hackathon_judging', textKey('hackathon_id'), jsonb('state'));
      // submissions: every submission, oldest first; which one is shown depends on the deadline, which the organiser may move.
      // member_ids: everyone in any submission, for the profiles that show the project.
      await createTable(
        k,
        'hackathon_projects',
        text('hackathon_id', 'project_id', 'entrant'),
        optionalText('team_name'),
        (t) => void t.jsonb('draft'),
        optionalInstants('draft_saved_at', 'last_submitted_at'),
        jsonb('submissions'),
        textArrays('member_ids'),
        flags('withdrawn'),
        primaryKey('hackathon_id', 'project_id'),
      );
      await createIndexes(k, ['create index hackathon_projects_members_idx on hackathon_projects using gin (member_ids)']);
    },
  },
];

export async function migrateHackathonProjectsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathon_projects', migrations);
}
