import type { Knex } from 'knex';
import { refused } from '@circuit/shared/commands/domain-errors';
import type { GalleryQuery, ProjectCard, ProjectGallery } from '@circuit/shared/api/hackathon-projects';
import type { Winner } from '@circuit/shared/events/hackathon-judging';
import type { ProjectsContext } from './project-access';
import type { VersionRow } from './project-rows';
import { awardsOf, countsOf, iso, peopleById, type CountColumns } from './project-views';

/**
 * One page of the gallery (GET /api/hackathons/{id}/projects), searched, filtered, ordered and
 * counted in SQL on hackathon_project_versions: per project the version judged (the last
 * submitted at or before the deadline, none when withdrawn), winners first by their best place,
 * then the newest submission first. The cursor is the last card's place in that order.
 */

/** The rank of a project that won nothing: after every place. */
const NO_PLACE = 2_147_483_647;

interface GalleryCursor {
  rank: number;
  at: string;
  id: string;
}

const encodeCursor = (c: GalleryCursor) => Buffer.from(JSON.stringify([c.rank, c.at, c.id])).toString('base64url');

function decodeCursor(raw: string): GalleryCursor | null {
  try {
    const [rank, at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (!Number.isInteger(rank) || typeof at !== 'string' || !Number.isFinite(Date.parse(at)) || typeof id !== 'string') return null;
    return { rank: rank as number, at, id };
  } catch {
    return null;
  }
}

/** LIKE's own characters taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Each winner's best place (a project may win more than one prize). */
function bestPlaces(winners: readonly Winner[]): Record<string, number> {
  const places: Record<string, number> = {};
  for (const w of winners) places[w.projectId] = Math.min(places[w.projectId] ?? NO_PLACE, w.place);
  return places;
}

type PageRow = VersionRow & CountColumns & { entrant: 'team' | 'solo'; place_rank: number; at: Date | string };

export async function galleryPage(knex: Knex, c: ProjectsContext, query: GalleryQuery): Promise<ProjectGallery> {
  const winners = c.judging.winners ?? [];
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw refused('The cursor is not one this server gave out');
  const answer = (projects: ProjectCard[], total: number, nextCursor: string | null): ProjectGallery => ({
    hackathon: c.facts.summary,
    galleryOpen: c.galleryOpen,
    tracks: c.judging.setup?.tracks ?? [],
    projects,
    nextCursor,
    total,
    viewer: { scope: c.scope },
  });
  const until = c.facts.deadline ? Date.parse(c.facts.deadline) : Infinity;
  // An unreadable deadline judges nothing, as judgedSubmission reads it.
  if (c.scope === 'none' || Number.isNaN(until)) return answer([], 0, null);
  const deadline = Number.isFinite(until) ? new Date(until).toISOString() : null;

  const places = bestPlaces(winners);
  const placesJson = JSON.stringify(places);
  const rankSql = `coalesce((?::jsonb ->> v.project_id)::int, ${NO_PLACE})`;
  const base = knex('hackathon_project_versions as v')
    .join('hackathon_projects as p', (j) => void j.on('p.hackathon_id', 'v.hackathon_id').andOn('p.project_id', 'v.project_id'))
    .where('v.hackathon_id', c.row.id)
    .where('p.withdrawn', false)
    .whereNotExists((later) => {
      later.select(knex.raw('1')).from('hackathon_project_versions as w').whereRaw('w.hackathon_id = v.hackathon_id and w.project_id = v.project_id and w.seq > v.seq');
      if (deadline) later.where('w.at', '<=', deadline);
    });
  if (deadline) base.where('v.at', '<=', deadline);
  const ids = c.visibleIds();
  if (ids) base.whereIn('v.project_id', ids);
  const q = query.q.toLowerCase();
  if (q) base.whereRaw(`v.search like ? escape '\\'`, [`%${escapeLike(q)}%`]);
  if (query.track) base.whereRaw('v.track_ids @> array[?]::text[]', [query.track]);
  if (query.winners === 'true') base.whereIn('v.project_id', Object.keys(places));

  const page = base
    .clone()
    // The counts are joined here, in the page's one query; the count of matches needs them not.
    .leftJoin('hackathon_project_counts as n', (j) => void j.on('n.hackathon_id', 'v.hackathon_id').andOn('n.project_id', 'v.project_id'))
    .select('v.*', 'p.entrant', 'n.likes', 'n.saves', 'n.comments', knex.raw(`${rankSql} as place_rank`, [placesJson]))
    .orderByRaw('place_rank asc, v.at desc, v.project_id desc')
    .limit(query.limit + 1);
  if (cursor) {
    page.whereRaw(`(${rankSql} > ? or (${rankSql} = ? and (v.at, v.project_id) < (?::timestamptz, ?)))`, [placesJson, cursor.rank, placesJson, cursor.rank, cursor.at, cursor.id]);
  }
  const [rows, counted] = await Promise.all([page as Promise<PageRow[]>, base.clone().count<{ count: string | number }[]>('* as count')]);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  const people = await peopleById(knex, shown.flatMap((r) => r.member_ids));
  const cards = shown.map(
    (r): ProjectCard => ({
      id: r.project_id,
      hackathonId: r.hackathon_id,
      entrant: r.entrant,
      teamName: r.team_name,
      title: r.title,
      tagline: r.tagline,
      image: r.image,
      builtWith: r.built_with,
      trackIds: r.track_ids,
      members: r.member_ids.flatMap((id) => people.get(id) ?? []),
      awards: awardsOf(winners, r.project_id),
      submittedAt: iso(r.at),
      counts: countsOf(r),
    }),
  );
  const nextCursor = rows.length > query.limit && last ? encodeCursor({ rank: Number(last.place_rank), at: iso(last.at), id: last.project_id }) : null;
  return answer(cards, Number(counted[0]?.count ?? 0), nextCursor);
}
