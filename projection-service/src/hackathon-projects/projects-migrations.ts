import type { Knex } from 'knex';
import { migrate, type Migration } from '@circuit/shared/db/migrations';
import { trigramSchema } from '../search/search-migrations';
import { counters, createIndexes, createTable, flags, instants, integers, jsonb, optionalInstants, optionalText, primaryKey, text, textArrays, textKey } from '../table-columns';
import { versionRowsOf, type ProjectRow } from './project-rows';

/** The hackathon projects and judging setup read models (owned by projects-projection.ts), on their own bookkeeping table. */
const migrations = (trgm: string): Migration[] => [
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
  {
    name: '002_hackathon_project_versions',
    up: async (k) => {
      // One row per submission, the card's fields in columns: the gallery finds the version judged
      // (the last at or before the deadline, which may move) and searches, filters and pages it in SQL.
      // search: title, tagline and built-with tags, lowercased, split by U+001F so no match spans two of them.
      await createTable(
        k,
        'hackathon_project_versions',
        text('hackathon_id', 'project_id'),
        integers('seq'),
        instants('at'),
        text('title', 'tagline'),
        optionalText('image', 'team_name'),
        textArrays('track_ids', 'built_with', 'member_ids'),
        text('search'),
        primaryKey('hackathon_id', 'project_id', 'seq'),
      );
      await createIndexes(k, [
        // The gallery's order (newest first) and its pages.
        'create index hackathon_project_versions_order_idx on hackathon_project_versions (hackathon_id, at desc, project_id desc)',
        // "No later version at or before the deadline": the anti-join that keeps the version judged.
        'create index hackathon_project_versions_later_idx on hackathon_project_versions (hackathon_id, project_id, seq, at)',
        `create index hackathon_project_versions_search_idx on hackathon_project_versions using gin (search ${trgm}.gin_trgm_ops)`,
        'create index hackathon_project_versions_tracks_idx on hackathon_project_versions using gin (track_ids)',
      ]);
      // The projects there are already.
      const rows = (await k('hackathon_projects').whereNotNull('last_submitted_at').select('hackathon_id', 'project_id', 'submissions')) as Pick<ProjectRow, 'hackathon_id' | 'project_id' | 'submissions'>[];
      const versions = rows.flatMap((row) => versionRowsOf(row));
      for (let i = 0; i < versions.length; i += 500) await k('hackathon_project_versions').insert(versions.slice(i, i + 500));
    },
  },
  {
    name: '003_hackathon_project_reactions',
    up: async (k) => {
      // kind: 'like' or 'save'. A project is named by its hackathon and its entrant id together.
      await createTable(k, 'hackathon_project_reactions', text('hackathon_id', 'project_id', 'kind', 'user_id'), instants('created_at'), primaryKey('hackathon_id', 'project_id', 'kind', 'user_id'));
      await createTable(
        k,
        'hackathon_project_comments',
        textKey('id'),
        text('hackathon_id', 'project_id', 'user_id', 'text'),
        // null for a comment, the top-level comment's id for a reply.
        optionalText('parent_id'),
        instants('created_at'),
      );
      // The counts the gallery's page joins in its one query.
      await createTable(k, 'hackathon_project_counts', text('hackathon_id', 'project_id'), counters('likes', 'saves', 'comments'), primaryKey('hackathon_id', 'project_id'));
      await createIndexes(k, [
        'create index hackathon_project_reactions_user_idx on hackathon_project_reactions (hackathon_id, user_id)',
        'create index hackathon_project_comments_project_idx on hackathon_project_comments (hackathon_id, project_id, created_at)',
      ]);
    },
  },
];

export async function migrateHackathonProjectsReadModels(knex: Knex): Promise<void> {
  await migrate(knex, 'read_models_hackathon_projects', migrations(await trigramSchema(knex)));
}
