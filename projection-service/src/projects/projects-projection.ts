import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { ProjectEventSchemas } from '@circuit/shared/events/projects';
import type { Projection } from '../runner/projection';

type Reaction = { table: 'project_likes' | 'project_saves'; counter: 'likes_count' | 'saves_count' };
const LIKES: Reaction = { table: 'project_likes', counter: 'likes_count' };
const SAVES: Reaction = { table: 'project_saves', counter: 'saves_count' };

/** The counter is recounted from the rows it counts, so it cannot drift from them. */
async function recount(trx: Knex.Transaction, reaction: Reaction, projectId: string): Promise<void> {
  await trx('projects')
    .where({ id: projectId })
    .update({ [reaction.counter]: trx(reaction.table).where({ project_id: projectId }).count('*') });
}

async function add(trx: Knex.Transaction, reaction: Reaction, projectId: string, userId: string, at: string): Promise<void> {
  // A like that arrives after its project was deleted leaves no orphan row.
  const project = await trx('projects').where({ id: projectId }).first('id');
  if (!project) return;
  await trx(reaction.table).insert({ project_id: projectId, user_id: userId, created_at: at }).onConflict(['project_id', 'user_id']).ignore();
  await recount(trx, reaction, projectId);
}

async function remove(trx: Knex.Transaction, reaction: Reaction, projectId: string, userId: string): Promise<void> {
  await trx(reaction.table).where({ project_id: projectId, user_id: userId }).del();
  await recount(trx, reaction, projectId);
}

/**
 * Projects, their likes, saves and comments. Likes and saves come from each user's own stream
 * (`project-like-<projectId>-<userId>`); the counts are recounted from the rows on every change.
 */
export const projectsProjection: Projection = {
  name: 'projects',
  tables: ['project_comments', 'project_likes', 'project_saves', 'projects'],
  async apply(trx: Knex.Transaction, event: RecordedEvent) {
    if (!event.streamId.startsWith('project-')) return;
    switch (event.type) {
      case 'ProjectCreated': {
        const d = ProjectEventSchemas.ProjectCreated.parse(event.data);
        await trx('projects')
          .insert({
            id: d.projectId,
            owner_id: d.ownerId,
            title: d.title,
            description: d.description,
            technologies: d.technologies,
            github_url: d.githubUrl,
            live_url: d.liveUrl,
            image: d.image,
            created_at: d.at,
            updated_at: d.at,
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'ProjectUpdated': {
        const d = ProjectEventSchemas.ProjectUpdated.parse(event.data);
        await trx('projects').where({ id: d.projectId }).update({
          title: d.title,
          description: d.description,
          technologies: d.technologies,
          github_url: d.githubUrl,
          live_url: d.liveUrl,
          image: d.image,
          updated_at: d.at,
        });
        return;
      }
      case 'ProjectDeleted': {
        const { projectId } = ProjectEventSchemas.ProjectDeleted.parse(event.data);
        for (const table of ['project_comments', 'project_likes', 'project_saves']) await trx(table).where({ project_id: projectId }).del();
        await trx('projects').where({ id: projectId }).del();
        return;
      }
      case 'ProjectLiked': {
        const d = ProjectEventSchemas.ProjectLiked.parse(event.data);
        await add(trx, LIKES, d.projectId, d.userId, d.at);
        return;
      }
      case 'ProjectUnliked': {
        const d = ProjectEventSchemas.ProjectUnliked.parse(event.data);
        await remove(trx, LIKES, d.projectId, d.userId);
        return;
      }
      case 'ProjectSaved': {
        const d = ProjectEventSchemas.ProjectSaved.parse(event.data);
        await add(trx, SAVES, d.projectId, d.userId, d.at);
        return;
      }
      case 'ProjectUnsaved': {
        const d = ProjectEventSchemas.ProjectUnsaved.parse(event.data);
        await remove(trx, SAVES, d.projectId, d.userId);
        return;
      }
      case 'ProjectCommented': {
        const d = ProjectEventSchemas.ProjectCommented.parse(event.data);
        const project = await trx('projects').where({ id: d.projectId }).first('id');
        if (!project) return;
        await trx('project_comments')
          .insert({ id: d.commentId, project_id: d.projectId, parent_id: d.parentId, user_id: d.userId, text: d.text, created_at: d.at })
          .onConflict('id')
          .ignore();
        return;
      }
      default:
        return;
    }
  },
};
