import { Router } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { RoleSchema } from '@circuit/shared/events/accounts';
import { notFound } from '@circuit/shared/commands/domain-errors';
import { findUserRow, type UserRow } from '@circuit/shared/read-models/users';
import { booleanFilter, filterObject, likeEscape, oneOrMany, parseListQuery, sendList } from './simple-rest';

/** A user as the admin console's `users` resource shows it (e-mail included: staff only). */
export function toAdminUser(row: UserRow) {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    isEmailVerified: row.is_email_verified,
    isSuspended: !row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    lastLogin: row.last_login === null ? null : new Date(row.last_login).toISOString(),
  };
}
export type AdminUser = ReturnType<typeof toAdminUser>;

/** Sortable fields and the (constant, trusted) SQL each sorts by. */
const SORT_SQL = {
  id: 'id',
  username: 'username_lower',
  email: 'email_lower',
  firstName: 'lower(first_name)',
  lastName: 'lower(last_name)',
  role: 'role',
  isEmailVerified: 'is_email_verified',
  createdAt: 'created_at',
  lastLogin: 'last_login',
} as const;
type UserSortField = keyof typeof SORT_SQL;

const UserFilter = filterObject({
  /** Every word must appear (case-insensitively) in the username, e-mail, first or last name. */
  q: z.string().trim().max(200).optional(),
  role: oneOrMany(RoleSchema).optional(),
  isEmailVerified: booleanFilter.optional(),
  isSuspended: booleanFilter.optional(),
  /** getMany: `{ id: [..] }`. */
  id: oneOrMany(z.string()).optional(),
});
type UserFilter = z.infer<typeof UserFilter>;

function applyFilter(query: Knex.QueryBuilder, filter: UserFilter): void {
  for (const word of (filter.q ?? '').split(/\s+/).filter(Boolean)) {
    const pattern = `%${likeEscape(word)}%`;
    query.where((w) =>
      w
        .whereILike('username', pattern)
        .orWhereILike('email', pattern)
        .orWhereILike('first_name', pattern)
        .orWhereILike('last_name', pattern),
    );
  }
  if (filter.role) query.whereIn('role', filter.role);
  if (filter.isEmailVerified !== undefined) query.where('is_email_verified', filter.isEmailVerified);
  if (filter.isSuspended !== undefined) query.where('is_active', !filter.isSuspended);
  if (filter.id) query.whereIn('id', filter.id);
}

/** `users` in the ra-data-simple-rest dialect; mounted under /api/admin behind requireRole. */
export function usersAdminRoutes(knex: Knex): Router {
  const router = Router();

  router.get('/users', async (req, res) => {
    const { sort, range, filter } = parseListQuery(req, {
      resource: 'users',
      sortable: Object.keys(SORT_SQL) as UserSortField[],
      defaultSort: { field: 'createdAt', order: 'desc' },
      filter: UserFilter,
    });
    const base = knex<UserRow>('users').modify(applyFilter, filter);
    const [counted] = await base.clone().count<{ total: string | number }[]>({ total: '*' });
    const rows: UserRow[] = await base
      .clone()
      .select('*')
      .orderByRaw(`${SORT_SQL[sort.field]} ${sort.order} nulls last, id asc`)
      .offset(range.start)
      .limit(range.end - range.start + 1);
    sendList(res, 'users', { start: range.start, rows: rows.map(toAdminUser), total: Number(counted?.total ?? 0) });
  });

  router.get('/users/:id', async (req, res) => {
    const row = await findUserRow(knex, req.params.id);
    if (!row) throw notFound('User not found');
    res.json(toAdminUser(row));
  });

  return router;
}
