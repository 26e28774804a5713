import type { ReadCache } from '@circuit/shared/projections/read-cache';
import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ok, sendCached } from '@circuit/shared/http/envelope';
import { refused } from '@circuit/shared/commands/domain-errors';
import { requireUserId } from '@circuit/shared/http/auth';
import { PRESET_SKILLS } from '@circuit/shared/profiles/skills';
import { toUserSummary, type UserRow } from '@circuit/shared/read-models/users';
import { BLOCKS_TABLE } from '../profiles/blocks';
import { SEARCH_NAME, trigramSchema } from './search-migrations';

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
/** word_similarity at or above this counts as a match ('Sharam' finds 'Sharma' at 0.57, 'Kabeer' 'Kabir' at 0.43). */
export const WORD_SIMILARITY_THRESHOLD = 0.4;
export const EMPTY_SEARCH = 'Enter a search term or pick at least one skill';

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);
const positiveInt = (fallback: number) => z.coerce.number().int().min(1).catch(fallback);
const PAGE = positiveInt(1);
const LIMIT = positiveInt(SEARCH_DEFAULT_LIMIT);

/** The query string, forgiving: blank parts dropped, numbers out of range replaced by the defaults or capped. */
function parseSearchQuery(query: Record<string, unknown>) {
  const q = asList(query.q).join(' ').trim().replace(/\s+/g, ' ').slice(0, 100);
  const skills = asList(query.skills)
    .flatMap((s) => s.split(','))
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0 && s.length <= 40);
  const page = PAGE.parse(query.page);
  const limit = Math.min(LIMIT.parse(query.limit), SEARCH_MAX_LIMIT);
  return { q, skills: [...new Set(skills)].slice(0, 30), page, limit };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SearchParams {
  viewerId: string;
  q: string;
  skills: string[];
  page: number;
  limit: number;
}

/**
 * Active, verified users other than the viewer and not blocked either way, whose name, username or
 * tagline resembles `q` (trigram word similarity, or a plain substring) and who list any of
 * `skills` (case-insensitive). Best matches first; `total` counts the same filter.
 */
export async function searchUsers(knex: Knex, params: SearchParams) {
  const trgm = await trigramSchema(knex);
  const { viewerId, q, skills, page, limit } = params;
  const like = `%${escapeLike(q)}%`;
  const fields = [SEARCH_NAME, 'u.username', 'u.tagline'];
  const skillList = skills.map(() => '?').join(', ');

  return knex.transaction(async (trx) => {
    // The `<%` operator (index-assisted) compares against this threshold; it lasts for this transaction only.
    await trx.raw(`select set_config('pg_trgm.word_similarity_threshold', ?, true)`, [String(WORD_SIMILARITY_THRESHOLD)]);

    const filtered = () => {
      const query = trx('users as u')
        .where('u.is_active', true)
        .where('u.is_email_verified', true)
        .whereNot('u.id', viewerId)
        .whereNotExists(
          trx(BLOCKS_TABLE)
            .select(trx.raw('1'))
            .where((b) =>
              b
                .where((w) => w.where('blocker_id', viewerId).whereRaw('blocked_id = u.id'))
                .orWhere((w) => w.whereRaw('blocker_id = u.id').where('blocked_id', viewerId)),
            ),
        );
      if (q) {
        query.where((w) => {
          for (const field of fields) {
            w.orWhereRaw(`? operator(${trgm}.<%) ${field}`, [q]).orWhereRaw(`${field} ilike ?`, [like]);
          }
        });
      }
      if (skills.length) {
        query.whereRaw(`exists (select 1 from unnest(u.skills) as s(skill) where lower(s.skill) in (${skillList}))`, skills);
      }
      return query;
    };

    const countRow = (await filtered().count<{ count: number | string }[]>('* as count'))[0];
    const total = Number(countRow?.count ?? 0);

    const rank = q
      ? trx.raw(
          `greatest(${fields.map((f, i) => `${trgm}.word_similarity(?, ${f})${i === 2 ? ' * 0.9' : ''}`).join(', ')})` +
            ` + case when lower(u.username) = lower(?) or lower(${SEARCH_NAME}) = lower(?) then 1 else 0 end`,
          [q, q, q, q, q],
        )
      : trx.raw('0');
    const matchedSkills = skills.length
      ? trx.raw(`(select count(*) from unnest(u.skills) as s(skill) where lower(s.skill) in (${skillList}))`, skills)
      : trx.raw('0');

    const rows = (await filtered()
      .select('u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.profile_picture', 'u.tagline', 'u.skills')
      .select({ rank, matched_skills: matchedSkills })
      .orderBy([
        { column: 'rank', order: 'desc' },
        { column: 'matched_skills', order: 'desc' },
        { column: 'u.username', order: 'asc' },
      ])
      .limit(limit)
      .offset((page - 1) * limit)) as Pick<UserRow, 'id' | 'username' | 'first_name' | 'last_name' | 'profile_picture' | 'tagline' | 'skills'>[];

    return { users: rows.map(toUserSummary), total, page, limit };
  });
}

/** GET /api/users/search/by?q&skills&page&limit and GET /api/users/skills/preset. */
export function searchRoutes(knex: Knex, cache: ReadCache): Router {
  const router = Router();

  router.get('/api/users/search/by', (req, res) => {
    const viewerId = requireUserId(req);
    // Results leave out the viewer and whoever blocks them either way: cached per viewer, by the URL as sent.
    const body = cache.json(`search:${viewerId}:${req.url}`, ['users', 'social'], async () => {
      const { q, skills, page, limit } = parseSearchQuery(req.query as Record<string, unknown>);
      if (!q && skills.length === 0) throw refused(EMPTY_SEARCH);
      const data = await searchUsers(knex, { viewerId, q, skills, page, limit });
      return ok(data, data.total === 1 ? '1 user found' : `${data.total} users found`);
    });
    return sendCached(res, body);
  });

  router.get('/api/users/skills/preset', (_req, res) => {
    res.json(ok(PRESET_SKILLS));
  });

  return router;
}
