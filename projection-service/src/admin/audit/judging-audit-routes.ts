import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AuditJudging, AuditJudgingDetail, JudgingMoment, ScoreTimelineEntry } from '@circuit/shared/api/admin-judging';
import { notFound, refused } from '@circuit/shared/commands/domain-errors';
import { HackathonJudgingEventSchemas as J, hackathonJudgingStream } from '@circuit/shared/events/hackathon-judging';
import { HackathonScoringEventSchemas as S, hackathonScoresStream, SCORE_EVENT_TYPES } from '@circuit/shared/events/hackathon-scoring';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { contentOf } from '../../listings/listing-access';
import { deadlineOf, iso, judgedProjects, usernamesOf } from '../../hackathon-judging/scoring-queries';
import type { ScoringProjectRow, ScoringSetupRow } from '../../hackathon-judging/scoring-rows';
import { standingsAt } from '../../hackathon-judging/standings-at';
import { filterObject, oneOrMany, parseListQuery, sendList } from '../simple-rest';

interface HackathonRow {
  id: string;
  username: string;
  content: HackathonContent | string;
}

const JudgingFilter = filterObject({ q: z.string().trim().max(200).optional(), id: oneOrMany(z.string()).optional() });
const SORTABLE = ['title', 'lastScoredAt', 'scores', 'projects'] as const;
const AtQuery = z.object({ at: z.iso.datetime({ offset: true, error: 'at must be an ISO 8601 instant, like 2026-11-25T10:00:00Z' }).optional() });
const NO_JUDGING = 'No judging for this hackathon';
const SCORE_TYPES: ReadonlySet<string> = new Set(SCORE_EVENT_TYPES);

/**
 * The judging audit (docs/judging.md "Replay"), under /audit so the access table gives it to
 * auditors and admins: the hackathons with a judging setup, and for one of them every score event
 * read from the judges' streams in the event store, with the standings replayed at any moment
 * (standings-at.ts, the organiser's replay). Read-only.
 */
export function judgingAuditRoutes(knex: Knex, store: EventStore, now: () => Date = () => new Date()): Router {
  const router = Router();

  /** The hackathons with a setup, with what the read model counts of their judging. */
  async function judgings(ids?: readonly string[]) {
    const query = knex('scoring_setups as s').join('hackathons as h', 'h.id', 's.hackathon_id').select('s.*', 'h.id', 'h.username', 'h.content');
    if (ids) query.whereIn('s.hackathon_id', [...ids]);
    const rows = (await query) as (ScoringSetupRow & HackathonRow)[];
    if (rows.length === 0) return [];
    const counts = (await knex('scoring_scores')
      .whereIn('hackathon_id', rows.map((r) => r.hackathon_id))
      .groupBy('hackathon_id')
      .select('hackathon_id', knex.raw('count(*) as scores'), knex.raw('count(distinct judge_user_id) as judges'), knex.raw('max(updated_at) as last'))) as { hackathon_id: string; scores: string | number; judges: string | number; last: Date | string | null }[];
    const countOf = new Map(counts.map((c) => [c.hackathon_id, c]));
    return Promise.all(
      rows.map(async (row) => {
        const projects = await judgedProjects(knex, row.hackathon_id, deadlineOf(row, row));
        const c = countOf.get(row.hackathon_id);
        const record: AuditJudging = {
          id: row.hackathon_id,
          username: row.username,
          title: contentOf<HackathonContent>(row).title,
          criteria: row.criteria.length,
          projects: projects.length,
          judges: Number(c?.judges ?? 0),
          scores: Number(c?.scores ?? 0),
          lastScoredAt: c?.last ? iso(c.last) : null,
        };
        return { record, setup: row as ScoringSetupRow, hackathon: row as HackathonRow, projects };
      }),
    );
  }

  async function one(id: string) {
    const [found] = await judgings([id]);
    if (!found) throw notFound(NO_JUDGING);
    return found;
  }

  /** Every score event of every judge who scored, oldest first (by the time given, then the feed). */
  async function timelineOf(setup: ScoringSetupRow, titles: Map<string, string>, publishedAt: number) {
    const hackathonId = setup.hackathon_id;
    const judges = ((await knex('scoring_scores').where({ hackathon_id: hackathonId }).distinct('judge_user_id')) as { judge_user_id: string }[]).map((r) => r.judge_user_id);
    const names = await usernamesOf(knex, judges);
    const criteria = new Map(setup.criteria.map((c) => [c.id, c]));
    const entries: ScoreTimelineEntry[] = [];
    for (const judgeUserId of judges) {
      for (const event of await store.readStream(hackathonScoresStream(hackathonId, judgeUserId))) {
        if (!SCORE_TYPES.has(event.type)) continue;
        const d = S.HackathonScoreGiven.parse(event.data);
        const criterion = criteria.get(d.criterionId);
        entries.push({
          position: event.position.toString(),
          type: event.type as ScoreTimelineEntry['type'],
          at: iso(d.at),
          judgeUserId,
          judgeUsername: names.get(judgeUserId) ?? null,
          projectId: d.projectId,
          projectTitle: titles.get(d.projectId) ?? null,
          criterionId: d.criterionId,
          criterionName: criterion?.name ?? null,
          scale: criterion?.scale ?? null,
          oldValue: d.oldValue,
          newValue: d.newValue,
          afterPublication: Date.parse(d.at) > publishedAt,
        });
      }
    }
    return entries.sort((a, b) => a.at.localeCompare(b.at) || (BigInt(a.position) < BigInt(b.position) ? -1 : 1));
  }

  router.get('/audit/judging', async (req, res) => {
    const { sort, range, filter } = parseListQuery(req, { resource: 'audit/judging', sortable: SORTABLE, defaultSort: { field: 'lastScoredAt', order: 'desc' }, filter: JudgingFilter });
    let rows = (await judgings(filter.id)).map((j) => j.record);
    if (filter.q) {
      const q = filter.q.toLowerCase();
      rows = rows.filter((r) => r.title.toLowerCase().includes(q) || r.username.toLowerCase().includes(q));
    }
    const dir = sort.order === 'asc' ? 1 : -1;
    const key = (r: AuditJudging) => (sort.field === 'title' ? r.title.toLowerCase() : r[sort.field]);
    // Never-scored last, whichever the direction; then by title.
    rows.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return (x < y ? -dir : x > y ? dir : 0) || a.title.localeCompare(b.title);
    });
    sendList(res, 'audit/judging', { start: range.start, rows: rows.slice(range.start, range.end + 1), total: rows.length });
  });

  router.get('/audit/judging/:id', async (req, res) => {
    const { record, setup, hackathon, projects } = await one(req.params.id!);
    const published = (await store.readStream(hackathonJudgingStream(record.id)))
      .filter((e) => e.type === 'HackathonWinnersPublished')
      .map((e) => iso(J.HackathonWinnersPublished.parse(e.data).at));
    // A withdrawn project keeps the title it was last submitted with; the judged version's title otherwise.
    const all = (await knex('scoring_projects').where({ hackathon_id: record.id })) as ScoringProjectRow[];
    const titles = new Map(all.flatMap((p) => (p.submissions.length > 0 ? [[p.project_id, p.submissions.at(-1)!.title] as const] : [])));
    for (const p of projects) titles.set(p.projectId, p.title);
    const timeline = await timelineOf(setup, titles, published.length > 0 ? Date.parse(published[0]!) : Infinity);

    const moments: JudgingMoment[] = [];
    const deadline = deadlineOf(setup, hackathon);
    if (deadline && !Number.isNaN(Date.parse(deadline))) moments.push({ kind: 'deadline', at: iso(deadline), label: 'Submission deadline' });
    published.forEach((at, i) => moments.push({ kind: 'published', at, label: i === 0 ? 'Winners published' : `Winners published again (${i + 1})` }));
    const last = timeline.at(-1);
    if (last) moments.push({ kind: 'last-score', at: last.at, label: 'Last score' });
    // A moment still to come (a deadline ahead) replays as now: only those passed are offered.
    const until = now().toISOString();
    moments.sort((a, b) => a.at.localeCompare(b.at));

    const detail: AuditJudgingDetail = { ...record, timeline, moments: moments.filter((m) => m.at <= until), current: await standingsAt(knex, store, setup, projects, now()) };
    res.json(detail);
  });

  router.get('/audit/judging/:id/standings', async (req, res) => {
    const parsed = AtQuery.safeParse(req.query);
    if (!parsed.success) throw refused(parsed.error.issues[0]?.message ?? 'Invalid moment');
    const { setup, projects } = await one(req.params.id!);
    res.json(await standingsAt(knex, store, setup, projects, parsed.data.at ? new Date(parsed.data.at) : now()));
  });

  return router;
}
