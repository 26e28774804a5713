import type { Knex } from 'knex';
import { batchWhileInFlight } from '../process/batching';
import { facetOf, type ReadModelProgress } from '../projections/progress';
import { keptWhileUnchanged } from '../projections/kept-while-unchanged';
import type { COMMUNITY_EVENT_TYPES } from '../events/community';
import { toCommunityMessage, type CommunityMessageRow } from '../community/message-view';
import { communityAccessOf, type CommunityAccess } from '../community/standing';
import type {
  CommunityAdmin,
  CommunityMessage,
  CommunityParticipant,
  CommunityParticipants,
  CommunityUser,
  RemovedCommunityUser,
} from '../api/community';

/**
 * The community read model (projection-service/src/community writes `community_messages`,
 * `community_admins`, `community_removed`), read together with the hackathons (`hackathons`),
 * registrations (`hackathon_participants`) and users (`users`) read models. The command service
 * reads a user's standing here before it decides, the query routes answer from it, and the
 * realtime service checks it when a socket joins a room.
 */

type CommunityEventType = (typeof COMMUNITY_EVENT_TYPES)[number];

/** The community projection's facet holding who is an admin and who was removed (not the messages). */
export const COMMUNITY_MEMBERS_FACET = 'members';
/** The events that change it. */
export const COMMUNITY_MEMBERS_EVENT_TYPES = [
  'CommunityAdminAdded',
  'CommunityAdminRemoved',
  'CommunityUserRemoved',
  'CommunityUserReAdded',
] as const satisfies readonly CommunityEventType[];
/** The read models a standing is read from: listings, registrations, users, the community's members. */
const STANDING_FROM = ['hackathons', 'hackathon-registrations', 'users', facetOf('community', COMMUNITY_MEMBERS_FACET)] as const;
/** Standings one process remembers; it starts over when that many are kept. */
const STANDINGS_REMEMBERED = 100_000;

export type { CommunityAccess };

const HACKATHON_KEY = /^[A-Za-z0-9_-]{1,100}$/;

/** The user's standing in the community of the hackathon with this id (or username); undefined when there is no such hackathon. */
export async function findCommunityAccess(knex: Knex, idOrUsername: string, userId: string | null): Promise<CommunityAccess | undefined> {
  if (!HACKATHON_KEY.test(idOrUsername)) return undefined;
  const user = userId ?? '';
  type Row = StandingRow;
  const lookup = (where: (q: Knex.QueryBuilder) => void) =>
    knex('hackathons as h')
      .leftJoin('users as u', (on) => on.on('u.id', '=', knex.raw('?', [user])))
      .select(
        'h.id',
        'h.created_by',
        knex.raw('exists(select 1 from hackathon_participants p where p.hackathon_id = h.id and p.user_id = ?) as registered', [user]),
        knex.raw('exists(select 1 from community_removed r where r.hackathon_id = h.id and r.user_id = ?) as removed', [user]),
        knex.raw('exists(select 1 from community_admins a where a.hackathon_id = h.id and a.user_id = ?) as admin', [user]),
        'u.role',
        'u.username',
        'u.first_name',
        'u.last_name',
        'u.profile_picture',
      )
      .where(where)
      .first<Row | undefined>();
  // By id first (the primary key); a username only when no listing has that id.
  const row = (await lookup((q) => q.where('h.id', idOrUsername))) ?? (await lookup((q) => q.whereRaw('lower(h.username) = lower(?)', [idOrUsername])));
  return row ? toCommunityAccess(row, userId) : undefined;
}

/** The columns a standing is made of: the hackathon's, the user's facts in its community, the user's profile. */
type StandingRow = { id: string; created_by: string; registered: boolean; removed: boolean; admin: boolean; role: string | null } & Omit<UserColumns, 'id'>;

function toCommunityAccess(row: StandingRow, userId: string | null): CommunityAccess {
  return communityAccessOf({
    hackathonId: row.id,
    creatorId: row.created_by,
    userId,
    registered: Boolean(row.registered),
    removed: Boolean(row.removed),
    addedAdmin: Boolean(row.admin),
    staff: row.role === 'admin' || row.role === 'moderator',
    user: toCommunityUser({ ...row, id: userId ?? '' }, userId ?? ''),
  });
}

/**
 * The standings of several (hackathon, user) pairs. Each pair's hackathon and user are looked up by
 * key (offset 0 keeps the lateral lookups from being merged into joins): the planner takes a
 * recordset for a hundred rows, and would hash a scan of every hackathon and user for the few a
 * batch holds, in a plan kept for the connection's lifetime.
 */
const STANDINGS_SQL = `
select i.ord, h.id, h.created_by,
  exists(select 1 from hackathon_participants p where p.hackathon_id = h.id and p.user_id = i.u) as registered,
  exists(select 1 from community_removed r where r.hackathon_id = h.id and r.user_id = i.u) as removed,
  exists(select 1 from community_admins a where a.hackathon_id = h.id and a.user_id = i.u) as admin,
  u.role, u.username, u.first_name, u.last_name, u.profile_picture
from jsonb_to_recordset(?::jsonb) as i(ord int, h text, u text)
cross join lateral (select h.id, h.created_by from hackathons h where h.id = i.h offset 0) h
left join lateral (select u.role, u.username, u.first_name, u.last_name, u.profile_picture from users u where u.id = i.u offset 0) u on true`;

/**
 * Standings read together: what `findCommunityAccess` answers, for the signed-in users of
 * requests that arrive together, in one statement over a recordset instead of one each (a busy
 * room's 200 posts a second made the standing read half the statements of a post). A lone request
 * reads at once; while a read is on its way, the next requests gather for the one after it, so
 * every read starts after its request arrived (a removal applied before then is seen). A hackathon
 * named by its username, or not found by id, is looked up on its own as before.
 *
 * A standing is kept while the read models it is read from do not change (keptWhileUnchanged,
 * as the chat keeps a pair's facts): the community's messages are a facet of their own, so a busy
 * room does not move it, while a removal (its request waits for the read models) does before it
 * answers.
 */
export function communityStandingReader(
  knex: Knex,
  versions?: Pick<ReadModelProgress, 'localVersionOf'>,
): (idOrUsername: string, userId: string) => Promise<CommunityAccess | undefined> {
  const read = batchWhileInFlight(async (batch: { hackathonId: string; userId: string }[]) => {
    const statement = knex.raw<{ rows: (StandingRow & { ord: number })[] }>(STANDINGS_SQL, [JSON.stringify(batch.map((p, ord) => ({ ord, h: p.hackathonId, u: p.userId })))]);
    // Planned once per connection (planning took Postgres longer than running it, on every post).
    if (knex.client.config.client === 'pg') statement.options({ name: 'circuit_community_standings' });
    const rows = await statement;
    const byOrd = new Map(rows.rows.map((r) => [Number(r.ord), r]));
    // A miss is perhaps a username: the single lookup tries it, on its own (the next read does not wait for it).
    return batch.map((p, ord) => {
      const row = byOrd.get(ord);
      return row ? Promise.resolve(toCommunityAccess(row, p.userId)) : findCommunityAccess(knex, p.hackathonId, p.userId);
    });
  });
  // A batch answers each standing with a promise of its own (a username is looked up apart).
  const standing = keptWhileUnchanged((p: { hackathonId: string; userId: string }) => read(p).then((access) => access), {
    versions,
    from: STANDING_FROM,
    keyOf: (p) => `${p.hackathonId}|${p.userId}`,
    remembered: STANDINGS_REMEMBERED,
    keeps: (access) => access !== undefined,
  });
  return (idOrUsername, userId) => (HACKATHON_KEY.test(idOrUsername) ? standing({ hackathonId: idOrUsername, userId }) : Promise.resolve(undefined));
}


interface UserColumns {
  id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_picture: string | null;
}

export { toCommunityMessage, type CommunityMessageRow };

const unknownUser = (id: string): CommunityUser => ({ _id: id, firstName: 'Former', lastName: 'member', username: '', profilePicture: null });
export const toCommunityUser = (u: UserColumns | undefined, id: string): CommunityUser =>
  u && u.username !== null ? { _id: u.id, firstName: u.first_name ?? '', lastName: u.last_name ?? '', username: u.username, profilePicture: u.profile_picture } : unknownUser(id);

async function usersById(knex: Knex, ids: string[]): Promise<Map<string, UserColumns>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows: UserColumns[] = await knex('users').whereIn('id', unique).select('id', 'username', 'first_name', 'last_name', 'profile_picture');
  return new Map(rows.map((u) => [u.id, u]));
}

/** Messages in the API's shape, with their authors (and the replied messages' authors). */
export async function toCommunityMessages(knex: Knex, rows: CommunityMessageRow[]): Promise<CommunityMessage[]> {
  const users = await usersById(knex, rows.flatMap((r) => (r.reply_to ? [r.user_id, r.reply_to.userId] : [r.user_id])));
  return rows.map((r) => toCommunityMessage(r, (id) => toCommunityUser(users.get(id), id)));
}

export async function findCommunityMessageRow(knex: Knex, messageId: string): Promise<CommunityMessageRow | undefined> {
  return knex('community_messages').where({ id: messageId }).first<CommunityMessageRow | undefined>();
}

/** A live (not deleted) message in the API's shape. */
export async function findCommunityMessage(knex: Knex, messageId: string): Promise<CommunityMessage | undefined> {
  const row = await findCommunityMessageRow(knex, messageId);
  if (!row || row.deleted_at) return undefined;
  return (await toCommunityMessages(knex, [row]))[0];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Page `page` (1: the newest) of `limit` messages, oldest first within the page. */
export async function findCommunityPage(knex: Knex, hackathonId: string, query: { page: number; limit: number; search?: string }) {
  const base = () => {
    const q = knex('community_messages').where({ hackathon_id: hackathonId }).whereNull('deleted_at');
    if (query.search) {
      // The text, or the author's name or username, as readers of a chat look for either.
      const like = `%${escapeLike(query.search)}%`;
      q.andWhere((w) =>
        w
          .whereRaw('message ilike ?', [like])
          .orWhereIn('user_id', knex('users').select('id').whereRaw("(first_name || ' ' || last_name) ilike ? or username ilike ?", [like, like])),
      );
    }
    return q;
  };
  const [count] = await base().count<{ total: string | number }[]>('* as total');
  const total = Number(count?.total ?? 0);
  const rows: CommunityMessageRow[] = await base()
    .orderBy('position', 'desc')
    .offset((query.page - 1) * query.limit)
    .limit(query.limit);
  return {
    data: await toCommunityMessages(knex, rows.reverse()),
    pagination: { page: query.page, limit: query.limit, total, hasMore: query.page * query.limit < total },
  };
}

export async function findCommunityAdmins(knex: Knex, hackathonId: string, creatorId: string): Promise<CommunityAdmin[]> {
  const rows: { user_id: string }[] = await knex('community_admins').where({ hackathon_id: hackathonId }).orderBy([{ column: 'added_at' }, { column: 'user_id' }]);
  const ids = [creatorId, ...rows.map((r) => r.user_id).filter((id) => id !== creatorId)];
  const users = await usersById(knex, ids);
  return ids.map((id, i) => ({ user: toCommunityUser(users.get(id), id), role: i === 0 ? 'organiser' : 'admin' }));
}

/** The admin panel's data: active participants, admins, removed users (for moderators) and counts. */
export async function findCommunityParticipants(knex: Knex, access: Pick<CommunityAccess, 'hackathonId' | 'creatorId' | 'canModerate'>): Promise<CommunityParticipants> {
  const id = access.hackathonId;
  const admins = await findCommunityAdmins(knex, id, access.creatorId);
  const adminIds = new Set(admins.map((a) => a.user._id));
  const active: (UserColumns & { user_id: string; registered_at: Date | string })[] = await knex('hackathon_participants as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .where('p.hackathon_id', id)
    .whereNotExists((q) => q.from('community_removed as r').whereRaw('r.hackathon_id = p.hackathon_id and r.user_id = p.user_id'))
    .orderBy([{ column: 'u.first_name' }, { column: 'u.last_name' }, { column: 'p.user_id' }])
    .select('p.user_id', 'p.registered_at', 'u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.profile_picture');
  const removedRows: (UserColumns & { user_id: string; removed_at: Date | string; removed_by: string })[] = await knex('community_removed as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .where('r.hackathon_id', id)
    .orderBy([{ column: 'r.removed_at', order: 'desc' }, { column: 'r.user_id' }])
    .select('r.user_id', 'r.removed_at', 'r.removed_by', 'u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.profile_picture');
  const [messages] = await knex('community_messages').where({ hackathon_id: id }).whereNull('deleted_at').count<{ total: string | number }[]>('* as total');
  const participants: CommunityParticipant[] = active.map((r) => ({
    user: toCommunityUser(r, r.user_id),
    isAdmin: adminIds.has(r.user_id),
    registeredAt: new Date(r.registered_at).toISOString(),
  }));
  const removed: RemovedCommunityUser[] = removedRows.map((r) => ({ user: toCommunityUser(r, r.user_id), removedAt: new Date(r.removed_at).toISOString(), removedBy: r.removed_by }));
  return {
    participants,
    admins,
    removed: access.canModerate ? removed : [],
    stats: { participants: participants.length, admins: admins.length, removed: removed.length, messages: Number(messages?.total ?? 0) },
    canModerate: access.canModerate,
  };
}
