import { Router } from 'express';
import type { Knex } from 'knex';
import { forbidden, notFound, unauthenticated } from '@circuit/shared/commands/domain-errors';
import { ok } from '@circuit/shared/http/envelope';
import { toCsv } from '@circuit/shared/csv/csv';
import { GalleryQuerySchema, type JudgingSetupAnswer, type MyProject, type ProjectGallery } from '@circuit/shared/api/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { projectsContext, type ProjectsContext } from './project-access';
import { cardsOf, iso, judgedProjects, peopleById, toDetail } from './project-views';
import { judgedSubmission, type ProjectRow } from './project-rows';
import { PROJECT_CSV_COLUMNS, projectCsvRows } from './projects-csv';

/**
 * GET /api/hackathons/{id}/judging, /projects, /projects.csv, /projects/{projectId} and /project
 * (docs/judging.md "API"). Who sees what is project-access.ts; the rows are projects-projection.ts's.
 */

const matches = (text: string, q: string) => text.toLowerCase().includes(q);

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
    assignment: { ...(setup?.assignment ?? { mode: 'all', judgesPerProject: 1, trackJudges: {} }), assignedAt: judging.assignedAt },
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

export function hackathonProjectQueryRoutes(knex: Knex, now: () => Date = () => new Date()): Router {
  const router = Router();

  router.get('/api/hackathons/:id/judging', async (req, res) => {
    const c = await projectsContext(knex, req);
    res.json(ok(await judgingAnswer(knex, c)));
  });

  router.get('/api/hackathons/:id/projects', async (req, res) => {
    const query = GalleryQuerySchema.parse(req.query);
    const c = await projectsContext(knex, req);
    const ids = c.visibleIds();
    let projects = c.scope === 'none' ? [] : await judgedProjects(knex, c.row.id, c.facts.deadline, ids);
    const q = query.q.toLowerCase();
    if (q) projects = projects.filter(({ submission: { version: v } }) => matches(v.title, q) || matches(v.tagline, q) || v.builtWith.some((t) => matches(t, q)));
    if (query.track) projects = projects.filter((p) => p.submission.version.trackIds.includes(query.track));
    const winnerIds = new Map((c.judging.winners ?? []).map((w) => [w.projectId, w.place]));
    if (query.winners === 'true') projects = projects.filter((p) => winnerIds.has(p.row.project_id));
    // Winners first by their best place, then the newest submission first.
    projects.sort((a, b) => (winnerIds.get(a.row.project_id) ?? Infinity) - (winnerIds.get(b.row.project_id) ?? Infinity) || Date.parse(b.submission.at) - Date.parse(a.submission.at));
    const answer: ProjectGallery = {
      hackathon: c.facts.summary,
      galleryOpen: c.galleryOpen,
      tracks: c.judging.setup?.tracks ?? [],
      projects: await cardsOf(knex, c.row.id, projects, (c.judging.winners ?? [])),
      total: projects.length,
      viewer: { scope: c.scope },
    };
    res.json(ok(answer));
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
    const projectId = String(req.params.projectId ?? '');
    const c = await projectsContext(knex, req);
    if (!c.sees(projectId)) throw notFound(M.projectNotFound);
    const [project] = await judgedProjects(knex, c.row.id, c.facts.deadline, [projectId]);
    if (!project) throw notFound(M.projectNotFound);
    const [card] = await cardsOf(knex, c.row.id, [project], (c.judging.winners ?? []));
    res.json(ok(toDetail(card!, c.facts.summary, project.submission)));
  });

  router.get('/api/hackathons/:id/project', async (req, res) => {
    const c = await projectsContext(knex, req);
    if (!c.viewer.userId) throw unauthenticated();
    res.json(ok(await myProject(knex, c, now())));
  });

  return router;
}
