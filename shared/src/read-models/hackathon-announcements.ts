import type { Knex } from 'knex';
import type { Announcement } from '../api/hackathon-announcements';
import type { SponsorContent, AnnouncementContent } from '../events/hackathon-announcements';
import { SPONSOR_TIERS } from '../hackathons/options';

/**
 * The announcements and sponsors read models (projection-service/src/hackathon-announcements
 * writes them): `hackathon_announcements` and `hackathon_sponsors`.
 */
export const ANNOUNCEMENTS_TABLE = 'hackathon_announcements';
export const SPONSORS_TABLE = 'hackathon_sponsors';

interface AnnouncementRow {
  id: string;
  hackathon_id: string;
  type: AnnouncementContent['type'];
  title: string;
  content: string;
  results: AnnouncementContent['results'] | string;
  created_by: string;
  created_at: Date | string;
  updated_at: Date | string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** Team members' e-mail addresses are for the organisers only (`revealEmails`). */
function toAnnouncement(row: AnnouncementRow, revealEmails: boolean): Announcement {
  const results = typeof row.results === 'string' ? (JSON.parse(row.results) as AnnouncementContent['results']) : row.results;
  return {
    _id: row.id,
    id: row.id,
    hackathonId: row.hackathon_id,
    type: row.type,
    title: row.title,
    content: row.content,
    results: {
      winners: results.winners.map((w) => ({ ...w, teamMembers: w.teamMembers.map((m) => ({ ...m, email: revealEmails ? m.email : '' })) })),
      specialAwards: results.specialAwards,
    },
    createdBy: { _id: row.created_by, username: row.username ?? '', firstName: row.first_name ?? '', lastName: row.last_name ?? '' },
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const withAuthor = (knex: Knex) =>
  knex(`${ANNOUNCEMENTS_TABLE} as a`).leftJoin('users as u', 'u.id', 'a.created_by').select('a.*', 'u.username', 'u.first_name', 'u.last_name');

/** A hackathon's announcements, newest first. */
export async function listAnnouncements(knex: Knex, hackathonId: string, options: { revealEmails: boolean; limit?: number }): Promise<Announcement[]> {
  const q = withAuthor(knex)
    .where('a.hackathon_id', hackathonId)
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.position', order: 'desc' },
    ]);
  if (options.limit) q.limit(options.limit);
  return ((await q) as AnnouncementRow[]).map((r) => toAnnouncement(r, options.revealEmails));
}

export async function findAnnouncement(knex: Knex, hackathonId: string, announcementId: string, revealEmails: boolean): Promise<Announcement | null> {
  const row = (await withAuthor(knex).where({ 'a.hackathon_id': hackathonId, 'a.id': announcementId }).first()) as AnnouncementRow | undefined;
  return row ? toAnnouncement(row, revealEmails) : null;
}

interface SponsorRow {
  id: string;
  name: string;
  tier: SponsorContent['tier'];
  image: string;
}

const toSponsor = (row: SponsorRow) => ({ _id: row.id, name: row.name, tier: row.tier, image: row.image });

/** A hackathon's sponsors in tier order (platinum first), then in the order they were added. */
export async function listSponsors(knex: Knex, hackathonId: string) {
  const rows = (await knex(SPONSORS_TABLE)
    .where({ hackathon_id: hackathonId })
    .select('id', 'name', 'tier', 'image')
    .orderByRaw('array_position(?::text[], tier), position', [[...SPONSOR_TIERS]])) as SponsorRow[];
  return rows.map(toSponsor);
}

export async function findSponsor(knex: Knex, hackathonId: string, sponsorId: string) {
  const row = (await knex(SPONSORS_TABLE).where({ hackathon_id: hackathonId, id: sponsorId }).first('id', 'name', 'tier', 'image')) as SponsorRow | undefined;
  return row ? toSponsor(row) : null;
}
