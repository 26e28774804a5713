import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Role } from '../events/accounts';
import { forbidden, unauthenticated } from '../commands/domain-errors';
import { findUserRow } from '../read-models/users';

/**
 * Who may use which `/api/admin/*` route (docs/decisions.md#d20-the-admin-api-speaks-ra-data-simple-rest-one-access-table), in one table that both services mount
 * in front of their admin routes. A route not named here is for moderators and admins: a route
 * added later is closed to everyone else until it is given a rule on purpose.
 */
export const STAFF: readonly Role[] = ['moderator', 'admin'];
export const AUDIT: readonly Role[] = ['auditor', 'admin'];
/** Every role that may open the console at all (each then sees only its resources). */
export const CONSOLE_ROLES: readonly Role[] = ['moderator', 'auditor', 'admin'];
export const NO_ADMIN_ACCESS = 'You do not have access to the admin console';

interface Rule {
  /** A path under /api/admin, matched as a prefix at a segment boundary. */
  prefix: string;
  methods?: readonly string[];
  roles: readonly Role[];
  /**
   * Also open to a signed-in user who created at least one listing (an organiser is not a role);
   * the route itself must then scope what it answers to that user's own listings.
   */
  organisers?: true;
}

const RULES: readonly Rule[] = [
  { prefix: '/audit', roles: AUDIT },
  { prefix: '/participants', methods: ['GET'], roles: STAFF, organisers: true },
  { prefix: '/participant-listings', methods: ['GET'], roles: STAFF, organisers: true },
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The roles allowed on `method path` (path relative to /api/admin). */
export function rolesFor(method: string, path: string): readonly Role[] {
  const rule = RULES.find((r) => under(path, r.prefix) && (!r.methods || r.methods.includes(method.toUpperCase())));
  return rule?.roles ?? STAFF;
}

/** Whether `method path` is also open to organisers of their own listings (see Rule.organisers). */
export function organisersMayUse(method: string, path: string): boolean {
  const rule = RULES.find((r) => under(path, r.prefix) && (!r.methods || r.methods.includes(method.toUpperCase())));
  return rule?.organisers === true;
}

/** Whether the user created any hackathon, event or quiz, or manages one as a co-host (what makes someone an organiser). */
export async function hasCreatedAListing(knex: Knex, userId: string): Promise<boolean> {
  for (const table of ['hackathons', 'events', 'quizzes']) {
    if (await knex(table).where({ created_by: userId }).first('id')) return true;
  }
  return Boolean(await knex('listing_co_hosts').where({ user_id: userId, role: 'manager' }).first('listing_id'));
}

/** A signed-in user as the guard sees them: who, with which role, and whether their account is active (not suspended). */
export interface StaffMember {
  id: string;
  role: string;
  isActive: boolean;
}

/**
 * Where the guard looks people up. The query side reads the read models (readModelStaff); the
 * command side folds the account's own streams, so a role just changed counts at once there.
 */
export interface StaffDirectory {
  /** undefined when there is no such user. */
  memberOf(userId: string): Promise<StaffMember | undefined>;
  /** Whether the user created any hackathon, event or quiz (what makes someone an organiser). */
  isOrganiser(userId: string): Promise<boolean>;
}

/** The directory of the `users` and listings read models. */
export const readModelStaff = (knex: Knex): StaffDirectory => ({
  async memberOf(userId) {
    const row = await findUserRow(knex, userId);
    return row && { id: row.id, role: row.role, isActive: row.is_active };
  },
  isOrganiser: (userId) => hasCreatedAListing(knex, userId),
});

/** The signed-in staff member, for the handlers after the guard (res.locals.staff). */
export interface StaffLocals {
  staff: StaffMember;
  /** True when let in only as an organiser: the route answers for the staff member's own listings. */
  ownListingsOnly?: boolean;
}

/**
 * Lets through only a signed-in, active user whose role (looked up in `staff`, never taken from
 * the client) is one of `roles`: 401 when signed out, 403 otherwise.
 */
export function requireRole(staff: StaffDirectory, roles: readonly Role[] | ((req: Parameters<RequestHandler>[0]) => readonly Role[])): RequestHandler {
  return async (req, res, next) => {
    const userId = req.session?.userId;
    if (!userId) throw unauthenticated('Authentication required');
    const member = await staff.memberOf(userId);
    // A session whose user is no longer known is as good as signed out.
    if (!member) throw unauthenticated('Authentication required');
    const allowed = typeof roles === 'function' ? roles(req) : roles;
    if (!member.isActive || !(allowed as readonly string[]).includes(member.role)) throw forbidden(NO_ADMIN_ACCESS);
    (res.locals as StaffLocals).staff = member;
    next();
  };
}

/** The guard of everything under /api/admin (mount it at '/api/admin', before the routes), looking people up in `staff`. */
export const adminGuardWith = (staff: StaffDirectory): RequestHandler => {
  const byRole = requireRole(staff, (req) => rolesFor(req.method, req.path));
  return async (req, res, next) => {
    const userId = req.session?.userId;
    if (userId && organisersMayUse(req.method, req.path)) {
      const member = await staff.memberOf(userId);
      const staffRole = !!member && (rolesFor(req.method, req.path) as readonly string[]).includes(member.role);
      if (member && member.isActive && !staffRole) {
        if (!(await staff.isOrganiser(userId))) throw forbidden(NO_ADMIN_ACCESS);
        Object.assign(res.locals as StaffLocals, { staff: member, ownListingsOnly: true });
        next();
        return;
      }
    }
    await byRole(req, res, next);
  };
};

/** The guard on the read models (the query side's). */
export const adminGuard = (knex: Knex): RequestHandler => adminGuardWith(readModelStaff(knex));
