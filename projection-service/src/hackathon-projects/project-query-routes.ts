import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { forbidden, notFound, unauthenticated } from '@circuit/shared/commands/domain-errors';
import { ok, sendCached } from '@circuit/shared/http/envelope';
import { toCsv } from '@circuit/shared/csv/csv';
import { ChangesAt, type ReadCache } from '@circuit/shared/projections/read-cache';
import { GalleryQuerySchema, type JudgingSetupAnswer, type MyProject, type ViewerVote } from '@circuit/shared/api/hackathon-projects';
import { myReactionsOf, projectCommentsOf, viewerReactionsOf } from './project-reactions';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { projectsContext, type ProjectsContext } from './project-access';
import { galleryPage } from './gallery-page';
import { cardsOf, iso, judgedProjects, peopleById, toDetail } from './project-views';
import { judgedSubmission, type ProjectRow } from './project-rows';
import { PROJECT_CSV_COLUMNS, projectCsvRows } from './projects-csv';

/**
 * GET /api/hackathons/{id}/judging, /projects, /projects.csv, /projects/{projectId} and /project
 * (docs/judging.md "API"). Who sees what is project-access.ts; the rows are projects-projection.ts's.
 */

/**
 * What the gallery's answer for everyone is built from: the hackathon (public or not), the projects
 * and judging setup, the users (names on the cards, an organiser's suspension).
 */
const GALLERY_PROJECTIONS = ['hackathons', 'hackathon-projects', 'users'];

/** The viewer's current community votes in the hackathon (the scoring read model), for the project page's vote button. */
async function viewerVotesOf(knex: Knex, hackathonId: string, userId: string | null): Promise<ViewerVote[]> {
  if (!userId) return [];
  const rows = (await knex('scoring_votes').where({ hackathon_id: hackathonId, user_id: userId }).orderBy('track_key').select('track_key', 'project_id')) as { track_key: string; project_id: string }[];
  return rows.map((r) => ({ trackId: r.track_key || null, projectId: r.project_id }));
}

async function judgingAnswer(knex: Knex, c: ProjectsContext): Promise<JudgingSetupAnswer> {
  const { judging, judges, facts, isOrganiser } = c;
  const setup = judging.setup;
  const people = await peopleById(knex, judges.active);
  const judgeList: JudgingSetupAnswer['judges'] = [
    ...judges.active.map((id) => ({ id, status: 'active' as const, user: people.get(id) ?? null, email: null })),
    // Pending invitations name an address: only the organiser sees them.
    ...(isOrganiser ? judges.pending.map((email) => ({ id: email, status: 'pending' as const, user: null, email })) : []),
  ];
  const titles = new Map((await judgedProjects(knex, c.row.id, facts.deadline, (judging.winners ?? []).map((w) => w.projectId))).map((p) => [p.row.project_id, p.submission.version.title]));
  return {
    hackathon: facts.summary,
    submissionDeadline: facts.deadline ? iso(facts.deadline) : null,
    deadlineIsDefault: !setup?.submissionDeadline,
    tracks: setup?.tracks ?? [],
    criteria: setup?.criteria ?? [],
    galleryOpen: setup?.galleryOpen ?? false,
    voting: setup?.voting ?? { enabled: false, opensAt: null, closesAt: null, perTrack: false },
    assignment: {
      ...(setup?.assignment ?? { mode: 'all', judgesPerProject: 1, trackJudges: {} }),
      assignedAt: judging.assignedAt,
      projectsPerJudge: isOrganiser ? Object.fromEntries(Object.entries(judging.assignments ?? {}).map(([judgeId, projects]) => [judgeId, projects.length])) : {},
    },
    judges: judgeList,
    winners: (judging.winners ?? []).map((w) => ({ ...w, projectTitle: titles.get(w.projectId) ?? '' })),
    winnersPublishedAt: judging.winnersPublishedAt,
    viewer: { isOrganiser, isJudge: c.isJudge, canSubmit: Boolean(c.entrant?.mayEnter) },
  };
}

async function myProject(knex: Knex, c: ProjectsContext, now: Date): Promise<MyProject> {
  const { entrant, facts, judging } = c;
  const row = entrant ? ((await knex('hackathon_projects').where({ hackathon_id: c.row.id, project_id: entrant.entrantId }).first()) as ProjectRow | undefined) : undefined;
  const judged = row ? judgedSubmission(row, facts.deadline) : null;
  const people = await peopleById(knex, entrant?.memberIds ?? []);
  const deadlinePassed = Boolean(facts.deadline) && now.getTime() > Date.parse(facts.deadline);
  const status: MyProject['status'] = !row ? 'none' : row.withdrawn ? 'withdrawn' : row.submissions.length > 0 ? 'submitted' : 'draft';
  return {
    hackathon: facts.summary,
    projectId: entrant?.entrantId ?? null,
    entrant: entrant?.kind ?? null,
    teamName: entrant?.teamName ?? null,
    members: (entrant?.memberIds ?? []).flatMap((id) => people.get(id) ?? []),
    status,
    draft: row?.draft ?? null,
    draftSavedAt: row?.draft_saved_at ? iso(row.draft_saved_at) : null,
    submitted: judged?.version ?? null,
    submittedAt: judged ? iso(judged.at) : null,
    deadline: facts.deadline ? iso(facts.deadline) : null,
    deadlinePassed,
    canSubmit: Boolean(entrant?.mayEnter),
    canEdit: Boolean(entrant?.mayEnter) && !deadlinePassed && c.row.status === 'accepted',
    tracks: judging.setup?.tracks ?? [],
  };
}

export function hackathonProjectQueryRoutes(knex: Knex, cache: ReadCache, now: () => Date = () => new Date()): Router {
  const router = Router();

  /** The project of the path, judged now and visible to the viewer; 404 otherwise, so its existence is not told. */
  async function visibleProject(req: Request) {
    const projectId = String(req.params.projectId ?? '');
    const c = await projectsContext(knex, req);
    if (!c.sees(projectId)) throw notFound(M.projectNotFound);
    const [project] = await judgedProjects(knex, c.row.id, c.facts.deadline, [projectId]);
    if (!project) throw notFound(M.projectNotFound);
    return { c, projectId, project };
  }

  router.get('/api/hackathons/:id/judging', async (req, res) => {
    const c = await projectsContext(knex, req);
    res.json(ok(await judgingAnswer(knex, c)));
  });

  /**
   * The gallery open to everyone reads the same to every viewer: one cached answer per address, at the read models'
   * versions. It does not read the clock: kept until a read model moves (at most the cache's longest).
   */
  const galleryForEveryone = (req: Request) =>
    cache.json(`hackathon-gallery:${req.originalUrl}`, GALLERY_PROJECTIONS, async () => {
      const c = await projectsContext(knex, req);
      return new ChangesAt(ok(await galleryPage(knex, c, GalleryQuerySchema.parse(req.query))), Infinity);
    });

  // Not an async function: a signed-out visitor sees the gallery open to everyone or nothing, so a hit is answered
  // at once, with no lookup and no promise (the busiest read of a hackathon's judging). A signed-in viewer's scope
  // is found first (before the gallery opens it is their own).
  router.get('/api/hackathons/:id/projects', (req, res) => {
    if (!req.session?.userId) return sendCached(res, galleryForEveryone(req));
    return (async () => {
      const c = await projectsContext(knex, req);
      if (c.scope === 'everyone') return sendCached(res, galleryForEveryone(req));
      res.json(ok(await galleryPage(knex, c, GalleryQuerySchema.parse(req.query))));
    })();
  });

  // Before /projects/:projectId, which would take "projects.csv" for an id otherwise.
  router.get('/api/hackathons/:id/projects.csv', async (req, res) => {
    const c = await projectsContext(knex, req);
    if (!c.viewer.userId) throw unauthenticated();
    if (!c.isOrganiser) throw forbidden(M.notOrganiser);
    const projects = await judgedProjects(knex, c.row.id, c.facts.deadline);
    const people = await peopleById(knex, projects.flatMap((p) => p.submission.memberIds));
    const csv = toCsv(PROJECT_CSV_COLUMNS, projectCsvRows(projects, people, c.judging));
    res.set('Content-Disposition', `attachment; filename="${c.row.username.replace(/[^\w-]/g, '_')}_projects.csv"`);
    res.type('text/csv; charset=utf-8').send(`\uFEFF${csv}`);
  });

  router.get('/api/hackathons/:id/projects/:projectId', async (req, res) => {
    const { c, projectId, project } = await visibleProject(req);
    const [[card], viewerVotes, viewerReactions] = await Promise.all([
      cardsOf(knex, c.row.id, [project], c.judging.winners ?? []),
      viewerVotesOf(knex, c.row.id, c.viewer.userId),
      viewerReactionsOf(knex, c.row.id, projectId, c.viewer.userId),
    ]);
    res.json(ok(toDetail(card!, c.facts.summary, project.submission, { viewerVotes, viewerReactions })));
  });

  router.get('/api/hackathons/:id/projects/:projectId/comments', async (req, res) => {
    const { c, projectId } = await visibleProject(req);
    res.json(ok(await projectCommentsOf(knex, c.row.id, projectId)));
  });

  router.get('/api/hackathons/:id/my-reactions', async (req, res) => {
    const c = await projectsContext(knex, req);
    if (!c.viewer.userId) throw unauthenticated();
    res.json(ok(await myReactionsOf(knex, c.row.id, c.viewer.userId)));
  });

  router.get('/api/hackathons/:id/project', async (req, res) => {
    const c = await projectsContext(knex, req);
    if (!c.viewer.userId) throw unauthenticated();
    res.json(ok(await myProject(knex, c, now())));
  });

  return router;
}
