import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Role } from '@circuit/shared/events/accounts';
import { forbidden, unauthorized } from '@circuit/shared/http/errors';
import { findUserRow, type UserRow } from '@circuit/shared/read-models/users';

export const ADMIN_CONSOLE_ROLES: readonly Role[] = ['moderator', 'admin'];
export const NO_ADMIN_ACCESS = 'You do not have access to the admin console';

/** The signed-in staff member, for the handlers after `requireRole` (res.locals.staff). */
export interface StaffLocals {
  staff: UserRow;
}

/**
 * Lets through only a signed-in user whose role (read from the `users` read model, never from the
 * client) is one of `roles`: 401 when signed out, 403 otherwise.
 */
export function requireRole(knex: Knex, roles: readonly Role[] = ADMIN_CONSOLE_ROLES): RequestHandler {
  return async (req, res, next) => {
    const userId = req.session?.userId;
    if (!userId) throw unauthorized('Authentication required');
    const row = await findUserRow(knex, userId);
    // A session whose user is no longer in the read model is as good as signed out.
    if (!row) throw unauthorized('Authentication required');
    if (!row.is_active || !(roles as readonly string[]).includes(row.role)) throw forbidden(NO_ADMIN_ACCESS);
    (res.locals as StaffLocals).staff = row;
    next();
  };
}
