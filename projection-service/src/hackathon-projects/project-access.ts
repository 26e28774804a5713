import type { Request } from 'express';
import type { Knex } from 'knex';
import type { ProjectGallery } from '@circuit/shared/api/hackathon-projects';
import { visibleHackathon } from '../hackathons/visible-hackathon';
import { assignedProjectIds, hackathonFacts, judgesOf, judgingViewOf, viewerEntrant } from './project-views';

type Scope = ProjectGallery['viewer']['scope'];

/**
 * Who sees which projects of a hackathon (docs/judging.md): everyone once the organiser opens the
 * gallery (the hackathon being public); before that the organiser and admins everything, a judge
 * what is assigned to them, and a team its own project.
 */
export async function projectsContext(knex: Knex, req: Request) {
  const { row, viewer, isPublic } = await visibleHackathon(knex, req);
  const judging = await judgingViewOf(knex, row.id);
  const facts = hackathonFacts(row, judging);
  const isOrganiser = Boolean(viewer.userId) && (viewer.userId === row.created_by || viewer.role === 'admin' || viewer.coHost === 'manager');
  const judges = await judgesOf(knex, judging);
  const isJudge = Boolean(viewer.userId) && judges.active.includes(viewer.userId ?? '');
  const entrant = await viewerEntrant(knex, row.id, viewer.userId, facts.soloEntries);
  const galleryOpen = Boolean(judging.setup?.galleryOpen) && isPublic;

  const scope: Scope = isOrganiser ? 'staff' : galleryOpen ? 'everyone' : isJudge ? 'judge' : entrant ? 'team' : 'none';
  const ownIds = new Set(entrant ? [entrant.entrantId] : []);
  const assigned = viewer.userId ? assignedProjectIds(judging, viewer.userId) : new Set<string>();

  /** Whether the viewer may see this project; the team always sees its own. */
  const sees = (projectId: string): boolean => {
    if (scope === 'staff' || scope === 'everyone' || ownIds.has(projectId)) return true;
    return scope === 'judge' && assigned.has(projectId);
  };
  /** The ids the viewer may see, or undefined for all of them. */
  const visibleIds = (): string[] | undefined => (scope === 'staff' || scope === 'everyone' ? undefined : [...new Set([...ownIds, ...(scope === 'judge' ? assigned : [])])]);

  return { row, viewer, isPublic, judging, judges, facts, isOrganiser, isJudge, entrant, galleryOpen, scope, sees, visibleIds };
}

export type ProjectsContext = Awaited<ReturnType<typeof projectsContext>>;
