import type { Knex } from 'knex';
import type { MyReactions, ProjectDetail } from '@circuit/shared/api/hackathon-projects';
import type { ProjectComment } from '@circuit/shared/api/projects';
import { commentThreads, type CommentRow } from '@circuit/shared/read-models/projects';

/** The reads of hackathon projects' likes, saves and comments (the rows are reactions-rows.ts's). */

/** The signed-in viewer's like and save of one project (both false signed out). */
export async function viewerReactionsOf(knex: Knex, hackathonId: string, projectId: string, userId: string | null): Promise<ProjectDetail['viewerReactions']> {
  if (!userId) return { liked: false, saved: false };
  const kinds = (await knex('hackathon_project_reactions').where({ hackathon_id: hackathonId, project_id: projectId, user_id: userId }).pluck('kind')) as string[];
  return { liked: kinds.includes('like'), saved: kinds.includes('save') };
}

/** The viewer's likes and saves in a hackathon: a small read beside the gallery's answer, which is the same for everyone. */
export async function myReactionsOf(knex: Knex, hackathonId: string, userId: string): Promise<MyReactions> {
  const rows = (await knex('hackathon_project_reactions').where({ hackathon_id: hackathonId, user_id: userId }).orderBy('project_id').select('project_id', 'kind')) as {
    project_id: string;
    kind: string;
  }[];
  return { liked: rows.filter((r) => r.kind === 'like').map((r) => r.project_id), saved: rows.filter((r) => r.kind === 'save').map((r) => r.project_id) };
}

/** A project's comments, oldest first, each with its replies, as a portfolio project's are shown. */
export async function projectCommentsOf(knex: Knex, hackathonId: string, projectId: string): Promise<ProjectComment[]> {
  const rows = (await knex('hackathon_project_comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .where({ 'c.hackathon_id': hackathonId, 'c.project_id': projectId })
    .orderBy([{ column: 'c.created_at' }, { column: 'c.id' }])
    .select('c.*', 'u.username', 'u.first_name', 'u.last_name', 'u.profile_picture')) as CommentRow[];
  return commentThreads(rows).get(projectId) ?? [];
}
