import { Router, type Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AssignedProject, JudgeAssignments, JudgingRankings, JudgingStandings } from '@circuit/shared/api/hackathon-judging';
import { forbidden, unauthenticated } from '@circuit/shared/commands/domain-errors';
import { ok } from '@circuit/shared/http/envelope';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { safeFileName } from '../events/event-query-routes';
import { visibleHackathon } from '../hackathons/visible-hackathon';
import { rankingsOf } from './rankings-answer';
import { scoredAtKey, scoresCsv } from './scores-csv';
import { deadlineOf, iso, judgedProjects, judgeScoreOf, rankingInputOf, scoresOf, setupOf, usernamesOf } from './scoring-queries';
import { standingsAt } from './standings-at';
import { votesAnswer, type VoteRow, type VoteSend } from './votes-answer';

export const ORGANISER_ONLY = 'Only the hackathon’s creator or an admin can see its judging';

export const StandingsQuerySchema = z.object({ at: z.iso.datetime({ offset: true, error: 'at must be an ISO 8601 instant, like 2026-11-25T10:00:00Z' }) });

/**
 * The judging reads (docs/judging.md "API"): a judge's own assignments, and for the hackathon's
 * creator and admins the three rankings side by side, the votes with their flags, the standings
 * replayed at a moment (from the event store) and the scores export. Rankings are computed when
 * asked from the current scores: 10,000 scores rank in milliseconds (npm run bench:judging).
 */
export function scoringQueryRoutes(knex: Knex, store: EventStore): Router {
  const router = Router();

  /** The hackathon, its scoring setup and its judged projects, for the organiser (403 for anyone else). */
  async function organisersView(req: Request) {
    const { row, summary } = await visibleHackathon(knex, req);
    if (!summary.canManage) throw forbidden(ORGANISER_ONLY);
    const setup = await setupOf(knex, row.id);
    const projects = await judgedProjects(knex, row.id, deadlineOf(setup, row));
    return { row, setup, projects };
  }

  router.get('/api/hackathons/:id/judge/assignments', async (req, res) => {
    const userId = req.session?.userId;
    if (!userId) throw unauthenticated();
    const { row, summary } = await visibleHackathon(knex, req);
    const setup = await setupOf(knex, row.id);
    // Only what the recorded assignment gives this judge: anyone else gets an empty list, which tells nothing.
    const assigned = setup.assignments[userId] ?? [];
    const projects = await judgedProjects(knex, row.id, deadlineOf(setup, row), assigned);
    const scores = await scoresOf(knex, row.id, userId);
    const notes = (await knex('scoring_notes').where({ hackathon_id: row.id, judge_user_id: userId }).select('project_id', 'note')) as { project_id: string; note: string }[];
    const noteOf = new Map(notes.map((n) => [n.project_id, n.note]));
    const criterionIds = setup.criteria.map((c) => c.id);
    const lines: AssignedProject[] = projects
      .map((p) => {
        const own = scores.filter((s) => s.project_id === p.projectId);
        const given = criterionIds.flatMap((criterionId) => own.filter((s) => s.criterion_id === criterionId).map((s) => ({ criterionId, value: s.value })));
        const last = own.map((s) => iso(s.updated_at)).sort().at(-1) ?? null;
        return { projectId: p.projectId, title: p.title, tagline: p.tagline, teamName: p.teamName, trackIds: p.trackIds, scores: given, note: noteOf.get(p.projectId) ?? '', scored: given.length, complete: criterionIds.length > 0 && given.length === criterionIds.length, lastScoredAt: last };
      })
      .sort((a, b) => a.title.localeCompare(b.title) || a.projectId.localeCompare(b.projectId));
    const answer: JudgeAssignments = {
      hackathon: { _id: summary._id, username: summary.username, title: summary.title },
      criteria: setup.criteria,
      tracks: setup.tracks.map((t) => ({ id: t.id, name: t.name })),
      projects: lines,
      progress: { projects: lines.length, complete: lines.filter((l) => l.complete).length, scores: lines.reduce((n, l) => n + l.scored, 0), of: lines.length * criterionIds.length },
    };
    res.json(ok(answer));
  });

  router.get('/api/hackathons/:id/judging/rankings', async (req, res) => {
    const { row, setup, projects } = await organisersView(req);
    const answer: JudgingRankings = rankingsOf(setup, projects, (await scoresOf(knex, row.id)).map(judgeScoreOf));
    res.json(ok(answer));
  });

  router.get('/api/hackathons/:id/judging/standings', async (req, res) => {
    const { at } = StandingsQuerySchema.parse(req.query);
    const { setup, projects } = await organisersView(req);
    const answer: JudgingStandings = await standingsAt(knex, store, setup, projects, new Date(at));
    res.json(ok(answer));
  });

  router.get('/api/hackathons/:id/judging/votes', async (req, res) => {
    const { row, setup, projects } = await organisersView(req);
    const votes = (await knex('scoring_votes').where({ hackathon_id: row.id })) as VoteRow[];
    const sends = (await knex('scoring_vote_sends').where({ hackathon_id: row.id }).select('client_address', 'at')) as VoteSend[];
    const usernames = await usernamesOf(knex, votes.map((v) => v.user_id));
    const answer = votesAnswer(votes, sends, {
      votingOpenedAt: setup.voting_opened_at === null ? null : iso(setup.voting_opened_at),
      excluded: setup.excluded_voters,
      usernames,
      titles: new Map(projects.map((p) => [p.projectId, p.title])),
    });
    res.json(ok(answer));
  });

  router.get('/api/hackathons/:id/scores.csv', async (req, res) => {
    const { row, setup, projects } = await organisersView(req);
    const rows = await scoresOf(knex, row.id);
    const input = rankingInputOf(setup, projects, rows.map(judgeScoreOf));
    const csv = scoresCsv(setup.criteria, input, {
      judges: await usernamesOf(knex, rows.map((r) => r.judge_user_id)),
      scoredAt: new Map(rows.map((r) => [scoredAtKey(r.judge_user_id, r.project_id, r.criterion_id), iso(r.updated_at)])),
    });
    res.set('Content-Disposition', `attachment; filename="${safeFileName(row.username)}_scores.csv"`);
    // A byte-order mark: spreadsheets then read the file as UTF-8.
    res.type('text/csv; charset=utf-8').send(`\uFEFF${csv}`);
  });
  return router;
}
