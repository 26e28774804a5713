import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ADMIN_COMMUNITY_MESSAGES, type AdminCommunity, type AdminCommunityDetail } from '@circuit/shared/api/admin-communities';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { findCommunityPage, findCommunityParticipants } from '@circuit/shared/read-models/community';
import { filterObject, likeEscape, oneOrMany, parseListQuery, sendList } from '../simple-rest';

interface CommunityRow {
  id: string;
  title: string;
  username: string;
  created_by: string;
  organiser_username: string | null;
  messages: string | number;
  admins: string | number;
  removed: string | number;
  participants: string | number;
}

const SORT_SQL = { title: 'lower(h.title)', messages: 'messages', createdAt: 'h.created_at' } as const;
type SortField = keyof typeof SORT_SQL;

const Filter = filterObject({ q: z.string().trim().max(200).optional(), id: oneOrMany(z.string()).optional() });

/** The `communities` resource: every hackathon's community, for moderators and admins (the guard). */
export function communitiesAdminRoutes(knex: Knex): Router {
  const router = Router();

  const base = () =>
    knex('hackathons as h')
      .leftJoin('users as u', 'u.id', 'h.created_by')
      .select(
        'h.id',
        'h.title',
        'h.username',
        'h.created_by',
        'u.username as organiser_username',
        knex.raw('(select count(*) from community_messages m where m.hackathon_id = h.id and m.deleted_at is null) as messages'),
        // The organiser is always the first admin, never a row.
        knex.raw('(select count(*) from community_admins a where a.hackathon_id = h.id and a.user_id <> h.created_by) + 1 as admins'),
        knex.raw('(select count(*) from community_removed r where r.hackathon_id = h.id) as removed'),
        knex.raw('(select count(*) from hackathon_participants p where p.hackathon_id = h.id) as participants'),
      );

  const toRecord = (r: CommunityRow): AdminCommunity => ({
    id: r.id,
    title: r.title,
    slug: r.username,
    organiserId: r.created_by,
    organiserUsername: r.organiser_username,
    messages: Number(r.messages),
    admins: Number(r.admins),
    removed: Number(r.removed),
    participants: Number(r.participants),
  });

  router.get('/communities', async (req, res) => {
    const { sort, range, filter } = parseListQuery(req, {
      resource: 'communities',
      sortable: Object.keys(SORT_SQL) as SortField[],
      defaultSort: { field: 'messages', order: 'desc' },
      filter: Filter,
    });
    const where = (q: Knex.QueryBuilder) => {
      if (filter.q) q.whereILike('h.title', `%${likeEscape(filter.q)}%`);
      if (filter.id) q.whereIn('h.id', filter.id);
      return q;
    };
    const [counted] = await where(knex('hackathons as h')).count<{ total: string | number }[]>({ total: '*' });
    const rows: CommunityRow[] = await where(base())
      .orderByRaw(`${SORT_SQL[sort.field]} ${sort.order}, h.id asc`)
      .offset(range.start)
      .limit(range.end - range.start + 1);
    sendList(res, 'communities', { start: range.start, rows: rows.map(toRecord), total: Number(counted?.total ?? 0) });
  });

  router.get('/communities/:id', async (req, res) => {
    const row: CommunityRow | undefined = await base().where('h.id', String(req.params.id)).first();
    if (!row) throw notFound('Hackathon not found');
    const access = { hackathonId: row.id, creatorId: row.created_by, registered: false, removed: false, addedAdmin: false, staff: true, member: true, canModerate: true };
    const detail: AdminCommunityDetail = {
      ...toRecord(row),
      recentMessages: (await findCommunityPage(knex, row.id, { page: 1, limit: ADMIN_COMMUNITY_MESSAGES })).data,
      members: await findCommunityParticipants(knex, access),
    };
    res.json(detail);
  });

  return router;
}
