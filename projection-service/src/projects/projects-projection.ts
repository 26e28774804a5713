import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { ProjectEventSchemas } from '@circuit/shared/events/projects';
import type { Projection } from '../runner/projection';
import { Counters, sizedRows, TableChanges, toJson } from '../runner/table-changes';

type ReactionTable = 'project_likes' | 'project_saves';
const COUNTER: Record<ReactionTable, string> = { project_likes: 'likes_count', project_saves: 'saves_count' };
const pairKey = (projectId: string, userId: string) => `${projectId}\u0000${userId}`;

/** What a batch needs to know before folding: which projects exist, which reactions are there. */
interface Known {
  projects: Set<string>;
  reactions: Record<ReactionTable, Set<string>>;
}

async function load(trx: Knex.Transaction, events: RecordedEvent[]): Promise<Known> {
  const projectIds = new Set<string>();
  const pairs: Record<ReactionTable, { project_id: string; user_id: string }[]> = { project_likes: [], project_saves: [] };
  for (const event of events) {
    const data = event.data as { projectId?: unknown; userId?: unknown };
    if (typeof data?.projectId !== 'string') continue;
    projectIds.add(data.projectId);
    if (typeof data.userId !== 'string') continue;
    const table = reactionTable(event.type);
    if (table) pairs[table].push({ project_id: data.projectId, user_id: data.userId });
  }
  const known: Known = { projects: new Set(), reactions: { project_likes: new Set(), project_saves: new Set() } };
  if (projectIds.size === 0) return known;
  const found: { id: string }[] = await trx('projects').whereIn('id', [...projectIds]).select('id');
  for (const row of found) known.projects.add(row.id);
  for (const table of ['project_likes', 'project_saves'] as const) {
    if (pairs[table].length === 0) continue;
    const rows: { project_id: string; user_id: string }[] = (
      await trx.raw(
        `select t.project_id, t.user_id from ?? as t join ${sizedRows('jsonb_to_recordset(?::jsonb) as k(project_id text, user_id text)', 'k', pairs[table].length)}
           on t.project_id = k.project_id and t.user_id = k.user_id`,
        [table, toJson(pairs[table])],
      )
    ).rows;
    for (const row of rows) known.reactions[table].add(pairKey(row.project_id, row.user_id));
  }
  return known;
}

function reactionTable(type: string): ReactionTable | undefined {
  if (type === 'ProjectLiked' || type === 'ProjectUnliked') return 'project_likes';
  if (type === 'ProjectSaved' || type === 'ProjectUnsaved') return 'project_saves';
  return undefined;
}

/**
 * Projects, their likes, saves and comments. Likes and saves come from each user's own stream
 * (`project-like-<projectId>-<userId>`); the counts move by the rows a batch really adds or
 * removes (the batch first loads which of its pairs exist), so they always equal a count.
 */
export const projectsProjection: Projection = {
  name: 'projects',
  tables: ['project_comments', 'project_likes', 'project_saves', 'projects'],
  eventTypes: ['ProjectCreated', 'ProjectUpdated', 'ProjectDeleted', 'ProjectLiked', 'ProjectUnliked', 'ProjectSaved', 'ProjectUnsaved', 'ProjectCommented'],
  async applyBatch(trx: Knex.Transaction, all: RecordedEvent[]) {
    const events = all.filter((e) => e.streamId.startsWith('project-'));
    if (events.length === 0) return;
    const known = await load(trx, events);
    const projects = new TableChanges('projects', ['id']);
    const reactions: Record<ReactionTable, TableChanges> = {
      project_likes: new TableChanges('project_likes', ['project_id', 'user_id']),
      project_saves: new TableChanges('project_saves', ['project_id', 'user_id']),
    };
    const comments = new TableChanges('project_comments', ['id']);
    const counts = new Counters('projects', 'id');
    const deleted = new Set<string>();

    const react = (table: ReactionTable, projectId: string, userId: string, at: string, on: boolean) => {
      const key = pairKey(projectId, userId);
      const present = known.reactions[table];
      if (on) {
        // A like that arrives after its project was deleted leaves no orphan row.
        if (!known.projects.has(projectId) || present.has(key)) return;
        reactions[table].insert({ project_id: projectId, user_id: userId, created_at: at });
        present.add(key);
        counts.add(projectId, COUNTER[table], 1);
      } else {
        reactions[table].delete({ project_id: projectId, user_id: userId });
        if (present.delete(key)) counts.add(projectId, COUNTER[table], -1);
      }
    };

    for (const event of events) {
      switch (event.type) {
        case 'ProjectCreated': {
          const d = ProjectEventSchemas.ProjectCreated.parse(event.data);
          if (known.projects.has(d.projectId)) break;
          known.projects.add(d.projectId);
          projects.insert({
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
          });
          break;
        }
        case 'ProjectUpdated': {
          const d = ProjectEventSchemas.ProjectUpdated.parse(event.data);
          if (!known.projects.has(d.projectId)) break;
          projects.patch(
            { id: d.projectId },
            { title: d.title, description: d.description, technologies: d.technologies, github_url: d.githubUrl, live_url: d.liveUrl, image: d.image, updated_at: d.at },
          );
          break;
        }
        case 'ProjectDeleted': {
          const { projectId } = ProjectEventSchemas.ProjectDeleted.parse(event.data);
          known.projects.delete(projectId);
          projects.delete({ id: projectId });
          counts.forget(projectId);
          deleted.add(projectId);
          // Rows of this batch go here; rows written before it go with the set-based delete below.
          for (const table of ['project_likes', 'project_saves'] as const) {
            for (const row of reactions[table].pendingInserts()) if (row.project_id === projectId) reactions[table].delete(row);
            for (const key of [...known.reactions[table]]) if (key.startsWith(`${projectId}\u0000`)) known.reactions[table].delete(key);
          }
          for (const row of comments.pendingInserts()) if (row.project_id === projectId) comments.delete(row);
          break;
        }
        case 'ProjectLiked':
        case 'ProjectUnliked':
        case 'ProjectSaved':
        case 'ProjectUnsaved': {
          const d = ProjectEventSchemas[event.type].parse(event.data);
          react(reactionTable(event.type)!, d.projectId, d.userId, d.at, event.type === 'ProjectLiked' || event.type === 'ProjectSaved');
          break;
        }
        case 'ProjectCommented': {
          const d = ProjectEventSchemas.ProjectCommented.parse(event.data);
          if (!known.projects.has(d.projectId)) break;
          comments.insert({ id: d.commentId, project_id: d.projectId, parent_id: d.parentId, user_id: d.userId, text: d.text, created_at: d.at });
          break;
        }
        default:
          break;
      }
    }

    if (deleted.size > 0) {
      for (const table of ['project_comments', 'project_likes', 'project_saves']) await trx(table).whereIn('project_id', [...deleted]).del();
    }
    await projects.flush(trx);
    await reactions.project_likes.flush(trx);
    await reactions.project_saves.flush(trx);
    await comments.flush(trx);
    await counts.flush(trx);
  },
};
